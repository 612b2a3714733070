import { baseURL, signIn } from '../support/app.ts'
import { checkPage, expectNoSideScroll } from '../support/checks.ts'
import { expect, type Page, type Request, test } from '../support/test.ts'

/** Every route the e2e journeys visit, as the admin sees it (the admin sees every page). */
const ROUTES = [
  '/',
  '/tasks',
  '/finished-tasks',
  '/deleted-tasks',
  '/projects',
  '/projects/archived',
  '/projects/add',
  '/clients',
  '/clients/add',
  '/suppliers',
  '/suppliers/add',
  '/technical-info',
  '/technical-info/add',
  '/organization/assets',
  '/organization/assets/add',
  '/organization/assets/due-soon',
  '/employees',
  '/employees/add',
  '/old-employees',
  '/organization/internal-docs',
  '/organization/internal-docs/add',
  '/organization/announcements',
  '/reports/send',
  '/reports/inventory-request/new',
  '/reports/operations-report/new',
  '/reports/expenses-income/new',
  '/reports/view',
  '/reports/list/all',
  '/accounts/receivables',
  '/accounts/receivables/add',
  '/accounts/payables',
  '/accounts/payables/add',
  '/admin/approvals',
  '/admin/settings',
  '/admin/activity',
]

async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.getByText(/^Loading/)).toHaveCount(0)
}

/**
 * Opens a route inside the running app, as its links do (the router follows the history), instead of
 * loading the whole app again for each page; then waits until its requests have answered.
 */
async function openInApp(page: Page, route: string) {
  // A set, not a count: a request that began before the route was opened may end while it loads.
  const inFlight = new Set<Request>()
  let lastChange = Date.now()
  const started = (request: Request) => {
    inFlight.add(request)
    lastChange = Date.now()
  }
  const ended = (request: Request) => {
    inFlight.delete(request)
    lastChange = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await page.evaluate((to) => {
      history.pushState(null, '', to)
      dispatchEvent(new PopStateEvent('popstate'))
    }, route)
    await expect(page).toHaveURL(`${baseURL()}${route}`)
    await expect
      .poll(() => inFlight.size === 0 && Date.now() - lastChange > 300, { intervals: [100] })
      .toBe(true)
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
  await expect(page.getByText(/^Loading/)).toHaveCount(0)
}

/**
 * The routes in parts of a few pages each, every part a test with its own time: one test for every
 * page took 3.6 minutes of its 4 on a slow 2-core machine and failed by the clock alone.
 */
const PART = 5
const parts = Array.from({ length: Math.ceil(ROUTES.length / PART) }, (_, i) =>
  ROUTES.slice(i * PART, (i + 1) * PART),
)

for (const width of [375, 1280]) {
  test(`the sign-in page fits ${width} px and passes axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 })
    await page.goto(`${baseURL()}/login`)
    await settle(page)
    await checkPage(page)
  })

  for (const routes of parts) {
    test(`${routes[0]} … ${routes.at(-1)} fit ${width} px and pass axe`, async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width, height: 812 })
      await signIn(page, 'admin@example.com')
      for (const route of routes) {
        await openInApp(page, route)
        await checkPage(page)
      }
    })
  }

  test(`a project's tabs fit ${width} px and pass axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 })
    await signIn(page, 'admin@example.com')
    await openInApp(page, '/projects')
    await page.getByRole('link', { name: 'Sunrise ETP Upgrade' }).first().click()
    await settle(page)
    for (const tab of ['Overview', 'Documents', 'Billing', 'Access', 'History']) {
      await page.getByRole('tab', { name: tab }).click()
      await settle(page)
      await checkPage(page)
    }
  })

  test(`a client and a report fit ${width} px and pass axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 })
    await signIn(page, 'admin@example.com')
    await openInApp(page, '/clients')
    await page.getByRole('link', { name: 'Sunrise Textiles Pvt Ltd' }).first().click()
    await settle(page)
    await checkPage(page)
    // A report's detail, opened from the list by keyboard.
    await openInApp(page, '/reports/list/all')
    // The first report's link (its Sent At), in the table or on its phone card.
    await page
      .getByRole('link', { name: /^\d{2} \w{3} \d{4}$/ })
      .first()
      .press('Enter')
    await expect(page).toHaveURL(/\/reports\/view\/[0-9a-f-]{36}$/)
    await settle(page)
    await checkPage(page)
  })
}

test('at 320 px the task list and the header stay inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 })
  await signIn(page, 'admin@example.com')
  await settle(page)
  await expectNoSideScroll(page)
  await expect(page.getByRole('button', { name: /Notifications/ })).toBeInViewport({ ratio: 1 })
  await expect(page.getByLabel('User menu')).toBeInViewport({ ratio: 1 })
  // The app's name gives way to the search: at 320 px only its mark shows, and nothing overlaps.
  const home = page.getByRole('link', { name: 'Daftar' })
  const search = page.getByRole('button', { name: 'Search everything' })
  const right = async () => {
    const box = (await home.boundingBox())!
    return box.x + box.width
  }
  expect(await right()).toBeLessThanOrEqual((await search.boundingBox())!.x)
  await page.setViewportSize({ width: 375, height: 700 })
  // At 375 px the name shows in full beside the mark.
  expect((await home.getByText('Daftar', { exact: true }).boundingBox())!.width).toBeGreaterThan(40)
  expect(await right()).toBeLessThanOrEqual((await search.boundingBox())!.x)
})
