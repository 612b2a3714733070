import { apiAs, baseURL, openTasks, signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { type Browser, expect, type Page, test } from '../support/test.ts'

type Section = { count: number; items: { id: string; title: string; url: string }[] }
type Home = Record<string, Section>

/** The cards of the home page by the section of the answer they show. */
const cards: Record<string, string> = {
  tasks_overdue: 'Overdue tasks',
  tasks_due_today: 'Due today',
  my_approvals: 'Waiting for my approval',
  pending_requests: 'Approval queue',
  my_requests: 'My requests',
  open_reports: 'Open reports for me',
  receivables_overdue: 'Overdue receivables',
  payables_due_soon: 'Bills due this week',
  assets_due: 'Maintenance due',
  announcements: 'Announcements',
}

/** Signs in (the app opens on the home page) and returns the home answer the page itself received. */
async function openHome(page: Page, identifier: string): Promise<Home> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/home' && r.ok())
  await signIn(page, identifier)
  await expect(page).toHaveURL(`${baseURL()}/`)
  await expect(page.getByRole('heading', { name: 'Home', level: 2 })).toBeVisible()
  return (await answer).json()
}

/** The organisation's day (India), `offset` days on, as YYYY-MM-DD. */
const orgDay = (offset = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(Date.now() + offset * 86_400_000),
  )

/** A task the admin gives `assignTo`, through the API; its title. */
async function taskFromAdmin(browser: Browser, fields: Record<string, string>) {
  const admin = await apiAs(browser, 'admin@example.com')
  const created = await admin.context.request.post(`${baseURL()}/api/tasks`, {
    headers: admin.headers,
    multipart: fields,
  })
  expect(created.status(), await created.text()).toBe(201)
  await admin.context.close()
  return fields.title!
}

/**
 * 'View all' of the Overdue card opens the task list on My Tasks filtered to the card's tasks: as
 * many rows as the card counts, `overdue` among them, none of `others` (docs/decisions.md, "The
 * home page").
 */
async function viewAllOverdue(page: Page, home: Home, overdue: string, others: string[]) {
  const count = home.tasks_overdue!.count
  await page.getByRole('link', { name: 'View all: Overdue tasks' }).click()
  await expect(page).toHaveURL(/\/tasks\?tab=my&due=overdue$/)
  await expect(page.getByRole('combobox', { name: 'Due' })).toHaveValue('My overdue tasks')
  const myTasks = page.getByRole('tab', { name: /^My Tasks/ })
  await expect(myTasks).toHaveAttribute('aria-selected', 'true')
  await expect(myTasks).toHaveText(new RegExp(`^My Tasks\\s*${count}$`))
  const rows = page.getByRole('tabpanel', { name: /^My Tasks/ }).getByTestId('task-row')
  await expect(rows).toHaveCount(count)
  await expect(rows.filter({ hasText: overdue })).toHaveCount(1)
  for (const title of others) await expect(rows.filter({ hasText: title }), title).toHaveCount(0)
  await expect(page.getByRole('tab', { name: /^Delegated/ })).toHaveText(/^Delegated\s*0$/)
  await expectNoSideScroll(page)
  // Cleared by the person (the chosen option again, as the keyboard does it): every task is back.
  await page.getByRole('combobox', { name: 'Due' }).click()
  await page.getByRole('option', { name: 'My overdue tasks' }).click()
  await expect(page).toHaveURL(/\/tasks\?tab=my$/)
  await expect(page.getByRole('combobox', { name: 'Due' })).toHaveValue('')
  await expect(rows.filter({ hasText: others[0]! })).toHaveCount(1)
}

/** A card for each section of the answer, with its count, and none for a section it left out. */
async function expectCards(page: Page, home: Home) {
  for (const [key, name] of Object.entries(cards)) {
    const card = page.getByRole('region', { name, exact: true })
    if (!home[key]) {
      await expect(card, name).toHaveCount(0)
      continue
    }
    await expect(card.getByTestId('section-count')).toHaveText(String(home[key].count))
    if (home[key].count === 0) await expect(card.getByTestId('good-news')).toBeVisible()
    else await expect(card.getByRole('listitem').first()).toBeVisible()
  }
}

test('an admin’s home: the approval queue, assets, money and tasks; an item opens its record; Tasks from the sidebar', async ({
  page,
  browser,
}) => {
  // A request from staff, so that the queue has one whatever else has run.
  const asha = await apiAs(browser, 'asha@example.com')
  const name = `Home Request ${Date.now().toString(36)}`
  const asked = await asha.context.request.post(`${baseURL()}/api/clients`, {
    headers: asha.headers,
    data: { name },
  })
  expect(asked.status()).toBe(202)
  await asha.context.close()

  const home = await openHome(page, 'admin@example.com')
  for (const key of ['pending_requests', 'assets_due', 'receivables_overdue', 'payables_due_soon'])
    expect(home[key], key).toBeDefined()
  expect(home.my_requests).toBeUndefined()
  await expectCards(page, home)
  const receivables = page.getByRole('region', { name: 'Overdue receivables' })
  await expect(
    receivables.getByRole('list', { name: /amount due by age/ }).getByRole('listitem'),
  ).toHaveCount(5)
  await expect(receivables.getByText(/^₹[\d,]+(\.\d\d)?$/).first()).toBeVisible()

  // The newest request heads the queue: it opens for review.
  const queue = page.getByRole('region', { name: 'Approval queue' })
  await queue.getByRole('link', { name: new RegExp(name) }).click()
  await expect(page).toHaveURL(/\/admin\/approvals\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Review Pending Action' })).toBeVisible()

  await openTasks(page)
  await expect(page.getByRole('button', { name: 'Create Task' })).toBeVisible()
})

test('an accountant’s home: overdue receivables open in the list, with no admin sections', async ({
  page,
}) => {
  const home = await openHome(page, 'accounts@example.com')
  expect(home.receivables_overdue?.count).toBeGreaterThan(0)
  expect(home.pending_requests).toBeUndefined()
  expect(home.assets_due).toBeUndefined()
  await expectCards(page, home)

  const first = home.receivables_overdue!.items[0]!
  await page
    .getByRole('region', { name: 'Overdue receivables' })
    .getByRole('link', { name: new RegExp(first.title) })
    .click()
  await expect(page).toHaveURL(
    new RegExp(`/accounts/receivables\\?searchQuery=${encodeURIComponent(first.title)}$`),
  )
  await expect(page.getByText(first.title).first()).toBeVisible()

  await page.getByRole('link', { name: 'Home', exact: true }).first().click()
  await expect(page.getByRole('heading', { name: 'Home', level: 2 })).toBeVisible()
  await openTasks(page)
})

test('a staff member’s home: today’s task opens over the task list; no admin sections', async ({
  page,
  browser,
}) => {
  // A task due today and one overdue, given to Ravi by the admin, and one overdue of Asha's.
  const stamp = Date.now().toString(36)
  const title = await taskFromAdmin(browser, {
    title: `Home due today ${stamp}`,
    assignTo: 'ravi',
    deadline: orgDay(),
  })
  const overdue = await taskFromAdmin(browser, {
    title: `Home overdue ${stamp}`,
    assignTo: 'ravi',
    deadline: orgDay(-1),
  })
  const ashas = await taskFromAdmin(browser, {
    title: `Asha's overdue ${stamp}`,
    assignTo: 'asha',
    deadline: orgDay(-1),
  })

  const home = await openHome(page, 'ravi@example.com')
  expect(home.pending_requests).toBeUndefined()
  expect(home.assets_due).toBeUndefined()
  expect(home.my_requests).toBeDefined()
  await expectCards(page, home)

  const dueToday = page.getByRole('region', { name: 'Due today' })
  await dueToday.getByRole('link', { name: new RegExp(title) }).click()
  await expect(page).toHaveURL(/\/tasks\?task=[0-9a-f-]{36}$/)
  await expect(page.getByRole('dialog').filter({ hasText: title })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Create Task' })).toBeVisible()

  // 'View all' of the approvals card opens the task list on its Approval tab.
  await page.getByRole('link', { name: 'Home', exact: true }).click()
  await page.getByRole('link', { name: 'View all: Waiting for my approval' }).click()
  await expect(page).toHaveURL(/\/tasks\?tab=approval$/)
  await expect(page.getByRole('tab', { name: /^Approval/ })).toHaveAttribute('aria-selected', 'true')

  // 'View all' of the Overdue card: Ravi's overdue tasks only; not today's, not the demo's overdue
  // O&M report he is only CC'd on, nor Asha's.
  await page.getByRole('link', { name: 'Home', exact: true }).click()
  await viewAllOverdue(page, home, overdue, [title, 'Submit monthly O&M report for Ganga STP', ashas])
})

test('a phone (375 px): the cards stack, nothing scrolls sideways, the sidebar reaches Tasks', async ({
  page,
  browser,
}) => {
  const overdue = await taskFromAdmin(browser, {
    title: `Phone overdue ${Date.now().toString(36)}`,
    assignTo: 'asha',
    deadline: orgDay(-3),
  })
  await page.setViewportSize({ width: 375, height: 812 })
  const home = await openHome(page, 'asha@example.com')
  await expectCards(page, home)
  const boxes = await page
    .locator('section[data-section]')
    .evaluateAll((all) =>
      all.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, width: r.width, y: r.y })),
    )
  expect(boxes.length).toBeGreaterThan(3)
  // One column: every card starts at the same x, spans the content's width, one under another.
  for (const box of boxes) {
    expect(box.x).toBe(boxes[0]!.x)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
  }
  expect(boxes.map((b) => b.y)).toEqual([...boxes.map((b) => b.y)].sort((a, b) => a - b))
  await expectNoSideScroll(page)
  // Her own task without a deadline is on My Tasks, but not among the overdue.
  await viewAllOverdue(page, home, overdue, ['Update site photographs'])
  await openTasks(page)
})
