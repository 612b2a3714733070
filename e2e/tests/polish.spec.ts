import { baseURL, chunkOf, goTo, hold, openTasks, signIn, userPage } from '../support/app.ts'
import { expect, type Locator, test } from '../support/test.ts'

// The polish items of the last browser walk.
test('toasts sit clear of the header and a follow-up replaces the one before', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await openTasks(page)
  for (const title of ['First toast task', 'Second toast task']) {
    await page.getByRole('button', { name: 'Create Task' }).click()
    const form = page.getByRole('dialog', { name: 'Create Task' })
    await form.getByRole('textbox', { name: /^Title/ }).fill(`${title} ${Date.now().toString(36)}`)
    await form.getByRole('button', { name: 'Create Task' }).click()
    await expect(form).toBeHidden()
  }
  const toasts = page.locator('.mantine-Notification-root')
  await expect(toasts).toHaveCount(1)
  const toast = (await toasts.boundingBox())!
  const bell = (await page.getByRole('button', { name: /Notifications/ }).boundingBox())!
  expect(toast.y).toBeGreaterThan(bell.y + bell.height)
})

test('a blank comment says why nothing happened; a new one reads “just now”', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await openTasks(page)
  const title = `Comment polish ${Date.now().toString(36)}`
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form).toBeHidden()
  await page.getByRole('button', { name: title, exact: true }).click()
  await page.getByRole('button', { name: 'Add Comment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Comment' })
  await dialog.getByRole('button', { name: 'Add Comment' }).click()
  await expect(dialog.getByText('Write a comment first.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Checked on site.')
  await expect(dialog.getByText('Write a comment first.')).toBeHidden()
  await dialog.getByRole('button', { name: 'Add Comment' }).click()
  await expect(page.getByText('just now')).toBeVisible()
})

test('the grant-access picker leaves out admins', async ({ page }) => {
  await signIn(page, 'asha@example.com')
  await goTo(page, 'Clients')
  await page.getByRole('link', { name: 'Add Client' }).click()
  await page.getByRole('combobox', { name: 'Add a user' }).click()
  await expect(page.getByRole('option', { name: /Ravi/ })).toBeVisible()
  await expect(page.getByRole('option', { name: /Aditya Mehta/ })).toHaveCount(0)
})

/** Lines a box of text takes, from its height and its line height. */
async function linesOf(locator: Locator) {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el)
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.55
    return Math.round(el.getBoundingClientRect().height / lineHeight)
  })
}

test('a 300-character title is clamped to two lines in the list, whole in the detail; inputs show their limit', async ({
  page,
  browser,
}) => {
  await signIn(page, 'ravi@example.com')
  await openTasks(page)
  const title = `Long title ${Date.now().toString(36)} `.padEnd(300, 'and more words ').slice(0, 300)
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await expect(form.getByText('0/300')).toBeVisible()
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await expect(form.getByText('300/300')).toBeVisible()
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form).toBeHidden()

  const inList = page.getByRole('button', { name: title.trim(), exact: true })
  await expect(inList).toHaveAttribute('title', title.trim())
  expect(await linesOf(inList)).toBeLessThanOrEqual(2)
  await inList.click()
  // The detail shows the whole title: only lists clamp.
  const heading = page.getByRole('heading', { level: 3, name: title.trim() })
  expect(await linesOf(heading)).toBeGreaterThan(2)
  await page.keyboard.press('Escape')

  // A register's name: the field counts, the list cell and the detail heading clamp.
  const admin = await userPage(browser, 'admin@example.com', 375)
  const name = `Long client ${Date.now().toString(36)} `
    .padEnd(200, 'Chemicals and Fertilisers ')
    .slice(0, 200)
    .trim()
  await goTo(admin, 'Clients')
  await admin.getByRole('link', { name: 'Add Client' }).click()
  await expect(admin.getByText('0/200')).toBeVisible()
  await admin.getByRole('textbox', { name: 'Client name' }).fill(name)
  await expect(admin.getByText(`${name.length}/200`)).toBeVisible()
  await admin.getByRole('button', { name: 'Add Client' }).click()
  await expect(admin).toHaveURL(`${baseURL()}/clients`)
  await admin.getByRole('textbox', { name: 'Search' }).fill(name.slice(0, 30))
  // At 375 px the list is a card per client: the card's title is the linked, clamped name.
  const cell = admin.locator(`li a [title^="${name} CL-"]`)
  await expect(cell).toBeVisible()
  expect(await linesOf(cell)).toBeLessThanOrEqual(2)
  await cell.click()
  const h2 = admin.getByRole('heading', { level: 2, name })
  await expect(h2).toHaveAttribute('title', name)
  expect(await linesOf(h2)).toBeLessThanOrEqual(2)
})

test('money reads the same in a list and its detail: ₹12,50,000.50 both', async ({ browser }) => {
  const admin = await userPage(browser, 'admin@example.com')
  const name = `Paise project ${Date.now().toString(36)}`
  await goTo(admin, 'Projects')
  await admin.getByRole('link', { name: 'Add Project' }).click()
  await admin.getByRole('textbox', { name: 'Project name' }).fill(name)
  await admin.getByRole('textbox', { name: 'Client' }).fill('Ganga')
  await admin.getByRole('option', { name: /Ganga Water Works/ }).click()
  await admin.getByRole('textbox', { name: 'Total value' }).fill('1250000.50')
  await admin.getByRole('button', { name: 'Add Project' }).click()
  await expect(admin).toHaveURL(`${baseURL()}/projects`)
  await admin.getByRole('textbox', { name: 'Search' }).fill(name)
  const row = admin.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('₹12,50,000.50')
  await row.getByRole('link', { name }).click()
  await expect(admin.getByText('₹12,50,000.50')).toBeVisible()
})

test('dates read dd Mon yyyy, every date input is the Mantine picker with today marked', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await openTasks(page)
  const row = page.getByRole('row').filter({ hasText: 'Submit monthly O&M report for Ganga STP' })
  await expect(row).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}$/)
  await expect(row).not.toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)

  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await expect(form.locator('input[type="date"]')).toHaveCount(0)
  await form
    .getByRole('button', { name: 'Deadline' })
    .or(form.getByRole('textbox', { name: 'Deadline' }))
    .click()
  await expect(page.locator('[data-today][data-highlight-today]')).toBeVisible()
})

test('a clearance dated before its invoice is refused with a message', async ({ browser }) => {
  const admin = await userPage(browser, 'admin@example.com')
  await goTo(admin, 'Projects')
  await admin.getByRole('link', { name: 'Ganga STP Operations' }).click()
  await admin.getByRole('tab', { name: 'Billing' }).click()
  await admin.getByRole('button', { name: 'Add Invoice' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Add Invoice' })
  await expect(dialog.locator('input[type="date"]')).toHaveCount(0)
  const no = `INV-DATE-${Date.now().toString(36)}`
  await dialog.getByRole('textbox', { name: 'Invoice No' }).fill(no)
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Dated today')
  await dialog.getByRole('textbox', { name: 'Amount (₹)' }).fill('1000')
  const chooser = admin.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Invoice PDF' }).click()
  await (await chooser).setFiles({
    name: `${no}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  })
  await dialog.getByRole('button', { name: 'Add Invoice' }).click()
  await expect(admin.getByText('Invoice added successfully!')).toBeVisible()

  const invoice = admin.getByRole('row').filter({ hasText: no })
  await invoice.getByRole('button', { name: `Mark invoice ${no} as cleared` }).click()
  const clear = admin.getByRole('dialog', { name: 'Mark Invoice as Cleared' })
  await clear.getByRole('textbox', { name: /^Date of Clearance/ }).click()
  await admin.locator('[data-direction="previous"]').first().click()
  await admin.locator('button[data-highlight-today]:not([data-outside])').first().click()
  await clear.getByRole('button', { name: 'Mark as Cleared' }).click()
  await expect(clear.getByText('Date of Clearance cannot be before the Invoice Date.')).toBeVisible()
  await expect(invoice).toContainText('PENDING')
})

test('blocked notifications are said once, quietly, in the user menu — no red toast', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'default' })
    Notification.requestPermission = async () => 'denied'
  })
  const page = await context.newPage()
  await signIn(page, 'ravi@example.com')
  await page.getByLabel('User menu').click()
  await expect(page.getByTestId('push-note')).toHaveText('Notification permission was denied.')
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0)
  await context.close()
})

test('the first paint shows the app frame in skeleton, not a bare spinner', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  const release = await hold(page, chunkOf('src/app/shell/AppLayout.tsx'))
  await page.goto(`${baseURL()}/`)
  await expect(page.getByTestId('app-frame-skeleton')).toBeVisible()
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0)
  release()
  await expect(page.getByLabel('User menu')).toBeVisible()
  await expect(page.getByTestId('app-frame-skeleton')).toHaveCount(0)
})

test('a page whose code is still on its way keeps the page before, with a progress bar and no loader', async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  const release = await hold(page, chunkOf('src/features/announcements/AnnouncementsPage.tsx'))
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Announcements', exact: true })
    .click()
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible()
  // The home page stays, whole, until the next one can render: no loader in its place.
  await expect(page).toHaveURL(`${baseURL()}/`)
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0)
  release()
  await expect(page.getByRole('heading', { name: 'Announcements', level: 2 })).toBeVisible()
  await expect(page).toHaveURL(`${baseURL()}/organization/announcements`)
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0)
})
