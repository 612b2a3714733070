import { baseURL, chunkOf, goTo, hold, openTasks, signIn } from '../support/app.ts'
import { expect, type Locator, type Page, test } from '../support/test.ts'

// The Billing tab's loading, lists that agree with each other, task tables that line
// up, and fields that show their limit.

const PROJECT_DETAIL = /\/api\/projects\/[0-9a-f-]{36}$/
const PROJECT_INVOICES = /\/api\/billing\/project\/[0-9a-f-]{36}$/

/** Opens a project with no invoices and returns the address of its Billing tab. */
async function billingAddress(page: Page) {
  await signIn(page, 'admin@example.com')
  await page.goto(`${baseURL()}/projects`)
  await page.getByRole('link', { name: 'Sunrise ETP Upgrade' }).first().click()
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/)
  return `${page.url()}?tab=billing`
}

test('the Billing tab asks for its invoices while the project is still on its way', async ({ page }) => {
  const address = await billingAddress(page)
  const release = await hold(page, PROJECT_DETAIL)
  const invoices = page.waitForRequest(PROJECT_INVOICES)
  await page.goto(address)
  // The project's answer is held: the invoices are asked for all the same.
  await invoices
  release()
  await expect(page.getByRole('table', { name: 'Invoices' })).toContainText('No invoices yet.')
})

for (const width of [1280, 375]) {
  test(`the Billing tab keeps its height while its invoices load: nothing shifts (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const address = await billingAddress(page)
    const release = await hold(page, PROJECT_INVOICES)
    await page.goto(address)
    // A table on a wide screen; on a phone the list of cards, whose box says the same.
    const region = page.getByRole('region', {
      name: width > 768 ? 'Invoices (scrolls sideways)' : 'Invoices',
      exact: true,
    })
    const list = width > 768 ? page.getByRole('table', { name: 'Invoices' }) : region
    await expect(list).toHaveAttribute('aria-busy', 'true')
    const loading = (await region.boundingBox())!
    await page.evaluate(() => {
      const w = window as unknown as { shifted: number }
      w.shifted = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifted += (entry as unknown as { value: number }).value
      }).observe({ type: 'layout-shift' })
    })
    release()
    await expect(list).toContainText('No invoices yet.')
    await expect(page.getByTestId('metric-Total Billed Amount')).toBeVisible()
    const loaded = (await region.boundingBox())!
    expect(loaded.height).toBe(loading.height)
    expect(loaded.y).toBe(loading.y)
    const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted)
    expect(shifted).toBeLessThan(0.001)
  })
}

/** 'Page n of N' as the pager reads it (the page number is the box's value). */
function pageInfo(pager: Locator) {
  return pager.evaluate((nav) =>
    Array.from(nav.querySelectorAll('p, input'))
      .map((n) => (n instanceof HTMLInputElement ? n.value : n.textContent))
      .join(' '),
  )
}

/** Each list: its address, its add button (if any), and whether its pager shows with one page. */
const LISTS: { path: string; add?: string; pager: boolean }[] = [
  { path: '/finished-tasks', pager: true },
  { path: '/deleted-tasks', pager: true },
  { path: '/clients', add: 'Add Client', pager: true },
  { path: '/projects', add: 'Add Project', pager: true },
  { path: '/projects/archived', pager: true },
  { path: '/suppliers', add: 'Add Supplier', pager: true },
  { path: '/technical-info', add: 'Add Entry', pager: true },
  { path: '/organization/assets', add: 'Add Asset', pager: true },
  { path: '/organization/internal-docs', add: 'Add Collection', pager: true },
  // Employees and announcements page only past one page (docs/product.md, "What every register shares").
  { path: '/employees', add: 'Add Employee', pager: false },
  { path: '/organization/announcements', add: 'New Announcement', pager: false },
  { path: '/admin/approvals', pager: true },
  // Accounts and reports scroll on without pages (docs/product.md, "Lists, summary and export").
  { path: '/accounts/receivables', add: 'Add Invoice', pager: false },
  { path: '/accounts/payables', add: 'Add New Bill', pager: false },
  { path: '/reports/list/all', add: 'Send Report', pager: false },
]

// In two halves, each a journey with its own time (a page load per list).
const HALVES = [LISTS.slice(0, 8), LISTS.slice(8)]

for (const lists of HALVES)
  test(`every list reads “Page 1 of N” in one place and has its add button in the header’s slot: ${lists[0]!.path} … ${lists.at(-1)!.path}`, async ({
    page,
  }) => {
    await signIn(page, 'admin@example.com')
    for (const list of lists) {
      await page.goto(`${baseURL()}${list.path}`)
      const heading = page.getByRole('heading', { level: 2 }).first()
      await expect(heading).toBeVisible()
      const header = (await heading.locator('xpath=../..').boundingBox())!
      if (list.add) {
        const slot = page.locator('[data-page-actions]')
        const add = slot
          .getByRole('link', { name: list.add })
          .or(slot.getByRole('button', { name: list.add }))
        await expect(add, `${list.path}: add button in the header`).toBeVisible()
        const box = (await add.boundingBox())!
        // At the header's right end, level with the heading.
        expect(Math.abs(box.x + box.width - (header.x + header.width)), list.path).toBeLessThan(2)
        expect(box.y, list.path).toBeLessThan(header.y + header.height)
      }
      const pager = page.getByRole('navigation', { name: 'Pagination' })
      const empty = page.locator('[data-list-state="empty"]')
      if (list.pager) await expect(pager.or(empty), `${list.path}: loaded`).toBeVisible()
      if (list.pager && (await empty.isVisible())) {
        // An empty list has no page to go to: its empty text stands alone.
        await expect(pager, `${list.path}: no pager on an empty list`).toHaveCount(0)
      } else if (list.pager) {
        await expect(pager, `${list.path}: page info`).toBeVisible()
        await expect.poll(() => pageInfo(pager), { message: list.path }).toMatch(/^Page 1 of \d+$/)
        const box = (await pager.boundingBox())!
        expect(Math.abs(box.x + box.width - (header.x + header.width)), list.path).toBeLessThan(2)
      } else await expect(pager, `${list.path}: no pager on one page`).toHaveCount(0)
    }
  })

/** The left edge and width of each column header of a table. */
function columns(table: Locator) {
  return table.getByRole('columnheader').evaluateAll((cells) =>
    cells.map((c) => {
      const r = c.getBoundingClientRect()
      return [Math.round(r.x), Math.round(r.width)]
    }),
  )
}

test('My Tasks, My Approval and Others’ Approval line their columns up', async ({ page }) => {
  await signIn(page, 'admin@example.com')
  await openTasks(page)
  await expect(page.getByRole('table', { name: 'My Tasks' }).getByTestId('task-row').first()).toBeVisible()
  const mine = await columns(page.getByRole('table', { name: 'My Tasks' }))
  await page.getByRole('tab', { name: /Approval/ }).click()
  const myApproval = page.getByRole('table', { name: 'My Approval' })
  await expect(myApproval.getByTestId('task-row').first()).toBeVisible()
  const others = await columns(page.getByRole('table', { name: "Others' Approval" }))
  expect(mine).toHaveLength(7)
  expect(await columns(myApproval)).toEqual(mine)
  expect(others).toEqual(mine)
})

/** Fills a counted field to its limit, then types one more key: the field refuses it and says so. */
async function expectLimitShown(field: Locator, max: number) {
  const wrapper = field.locator('xpath=ancestor::div[contains(@class, "InputWrapper-root")][1]')
  await expect(wrapper.getByText(`0/${max}`, { exact: true })).toBeVisible()
  await field.fill('x'.repeat(max))
  await field.press('End')
  await field.pressSequentially('y')
  await expect(field).toHaveValue('x'.repeat(max))
  await expect(wrapper.getByText(`${max}/${max} · limit reached`)).toBeVisible()
}

test('length-limited fields show their limit and say when it is reached', async ({ page }) => {
  // Leaving a filled form asks first (beforeunload): the journey leaves.
  page.on('dialog', (dialog) => dialog.accept())
  await signIn(page, 'admin@example.com')
  await page.goto(`${baseURL()}/reports/operations-report/new`)
  await expectLimitShown(page.getByRole('textbox', { name: 'Client Name' }), 200)

  await page.goto(`${baseURL()}/accounts/receivables/add`)
  await expectLimitShown(page.getByRole('textbox', { name: 'Invoice No' }), 60)

  await page.goto(`${baseURL()}/organization/announcements`)
  await page.getByRole('button', { name: 'New Announcement' }).click()
  const announcement = page.getByRole('dialog', { name: /Announcement/ })
  await expectLimitShown(announcement.getByRole('textbox', { name: /^Title/ }), 200)
})

test('a row clicked just after typing a search opens, while its page is still loading', async ({ page }) => {
  await signIn(page, 'admin@example.com')
  await goTo(page, 'Clients')
  const rows = page.getByRole('table', { name: 'Clients' })
  await expect(rows.getByRole('link', { name: /Sunrise Textiles/ })).toBeVisible()
  // The detail's code arrives late, so the click's navigation waits for it; the search typed just
  // before must not be written into the address after the click and cancel it.
  const release = await hold(page, chunkOf('src/ui/register-kit/DetailPage.tsx'))
  await page.getByRole('textbox', { name: 'Search' }).fill('Sunrise')
  await rows.getByRole('link', { name: /Sunrise Textiles/ }).click()
  await page.waitForTimeout(800)
  release()
  await expect(page).toHaveURL(new RegExp(`${baseURL()}/clients/[0-9a-f-]{36}$`))
  await expect(page.getByRole('heading', { level: 2, name: 'Sunrise Textiles Pvt Ltd' })).toBeVisible()
  // Back returns to the list as it was searched.
  await page.goBack()
  await expect(page).toHaveURL(`${baseURL()}/clients?searchQuery=Sunrise`)
})
