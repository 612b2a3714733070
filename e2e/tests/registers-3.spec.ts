import { baseURL, signIn } from '../support/app.ts'
import { type Browser, expect, type Page, test } from '../support/test.ts'
import { PASSWORD } from '../support/users.ts'

test.use({ actionTimeout: 20_000 })

async function userPage(browser: Browser, identifier: string, width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } })
  const page = await context.newPage()
  await signIn(page, identifier)
  return page
}

async function token(page: Page, identifier: string): Promise<string> {
  const res = await page.request.post(`${baseURL()}/api/auth/login`, {
    data: { identifier, password: PASSWORD },
  })
  expect(res.ok()).toBe(true)
  return (await res.json()).accessToken
}

const unique = () => Date.now().toString(36).toUpperCase()

/** A day `days` from today: its ISO date and how the app shows it ('7 Dec 2026'). */
function dayAhead(days: number) {
  const d = new Date(Date.now() + days * 86_400_000)
  const shown = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return { iso: d.toISOString().slice(0, 10), shown: shown.format(d) }
}

test("assets due soon are reached from the sidebar and the Assets page, with their count, and a warranty's end shows", async ({
  browser,
}) => {
  const admin = await userPage(browser, 'admin@example.com')
  const tag = unique()
  const warrantyEnds = dayAhead(12)
  const res = await admin.request.post(`${baseURL()}/api/assets`, {
    headers: { authorization: `Bearer ${await token(admin, 'admin@example.com')}` },
    data: {
      asset_display_id: `DUE-${tag}`,
      name: `Dosing pump ${tag}`,
      status: 'In Use',
      warranty_details: { expires_on: warrantyEnds.iso },
      accessPermissions: [],
    },
  })
  expect(res.status(), await res.text()).toBe(201)

  const nav = admin.getByRole('navigation', { name: 'Main navigation' })
  const sidebarLink = nav.getByRole('link', { name: /Assets Due Soon/ })
  await sidebarLink.scrollIntoViewIfNeeded()
  // The badge carries the count of what the admin may see, at least the asset just added.
  await expect(sidebarLink).toContainText(/\d+/)
  const count = Number((await sidebarLink.textContent())?.match(/\d+/)?.[0])
  expect(count).toBeGreaterThan(0)

  // The Assets page leads there too, with the same count.
  await nav.getByRole('link', { name: 'Assets', exact: true }).click()
  await expect(admin.getByRole('heading', { name: 'Assets', exact: true })).toBeVisible()
  const pageLink = admin.getByRole('link', { name: `Due Soon: ${count} assets` })
  await expect(pageLink).toBeVisible()
  await pageLink.click()
  await expect(admin.getByRole('heading', { name: 'Assets Due Soon' })).toBeVisible()
  await expect(sidebarLink).toHaveAttribute('aria-current', 'page')

  await admin.getByRole('textbox', { name: 'Search' }).fill(tag)
  const row = admin.getByRole('row').filter({ hasText: `Dosing pump ${tag}` })
  await expect(row).toBeVisible()
  await expect(admin.getByRole('columnheader', { name: 'Warranty Ends' })).toBeVisible()
  await expect(row).toContainText(warrantyEnds.shown)

  // From the sidebar again, after leaving for another page.
  await nav.getByRole('link', { name: 'Clients' }).click()
  await expect(admin.getByRole('heading', { name: 'Clients' })).toBeVisible()
  await sidebarLink.click()
  await expect(admin.getByRole('heading', { name: 'Assets Due Soon' })).toBeVisible()
})
