import { baseURL, userPage } from '../support/app.ts'
import { expect, type Page, test } from '../support/test.ts'
import { PASSWORD } from '../support/users.ts'

test.use({ actionTimeout: 20_000 })

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

test("a staff member's archive request leaves the project showing 'Archive requested', not a second Archive", async ({
  browser,
}) => {
  const admin = await userPage(browser, 'admin@example.com')
  const headers = { authorization: `Bearer ${await token(admin, 'admin@example.com')}` }
  const name = `Archive journey ${unique()}`
  const clients = await admin.request.get(`${baseURL()}/api/clients/dropdown-list`, { headers })
  const clientId = (await clients.json())[0].client_id as string
  const created = await admin.request.post(`${baseURL()}/api/projects`, {
    headers,
    data: { name, client_id: clientId, accessPermissions: [] },
  })
  expect(created.status(), await created.text()).toBe(201)
  const users = await admin.request.get(`${baseURL()}/api/users`, { headers })
  const asha = (await users.json()).find((u: { username: string }) => u.username === 'asha')
  const granted = await admin.request.post(`${baseURL()}/api/access`, {
    headers,
    data: {
      userId: asha.user_id,
      entityType: 'PROJECT',
      entityId: (await created.json()).entityId,
      level: 'WRITE',
    },
  })
  expect(granted.ok(), await granted.text()).toBe(true)

  const page = await userPage(browser, 'asha@example.com')
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Projects', exact: true })
    .click()
  await page.getByRole('textbox', { name: 'Search' }).fill(name)
  await page.getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await page.getByRole('button', { name: 'Archive', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Request' }).click()
  await expect(
    page.getByText('Project status change request submitted for admin approval.').first(),
  ).toBeVisible()
  const requested = page.getByRole('button', { name: 'Archive requested' })
  await expect(requested).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0)
  // Still so after a reload.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Archive requested' })).toBeDisabled()
})
