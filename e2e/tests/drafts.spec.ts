import { baseURL, goTo, openTasks, openUserMenuItem, signIn } from '../support/app.ts'
import { expect, type Page, test } from '../support/test.ts'
import { e2eUsers } from '../support/users.ts'

/**
 * Ends the session as expiry would: the access token still names its user but is refused (its
 * signature no longer fits), and so is the refresh token.
 */
async function expireSession(page: Page) {
  await page.evaluate(() => {
    const token = localStorage.getItem('daftar.accessToken') ?? ''
    localStorage.setItem('daftar.accessToken', token.replace(/[^.]*$/, 'expired'))
    localStorage.setItem('daftar.refreshToken', 'expired')
  })
}

// A form with unsaved input asks before it is left.
test('Create Task with unsaved input asks before browser back, a link and a reload', async ({ page }) => {
  await signIn(page, e2eUsers.watcher.email)
  await page.goto(`${baseURL()}/finished-tasks`)
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Active Tasks' })
    .click()
  await expect(page).toHaveURL(`${baseURL()}/tasks`)
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill('Draft that must not vanish')

  await page.goBack()
  const leave = page.getByRole('dialog', { name: 'Leave this page?' })
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(`${baseURL()}/tasks`)
  await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('Draft that must not vanish')

  // A reload gets the browser's own prompt; dismissing it stays on the page with the input.
  const prompt = page.waitForEvent('dialog')
  void page.reload().catch(() => {})
  const dialog = await prompt
  expect(dialog.type()).toBe('beforeunload')
  await dialog.dismiss()
  await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('Draft that must not vanish')
})

// An expired session keeps the draft and comes back to it.
test('a session that expires while creating a task keeps the draft and returns to it', async ({ page }) => {
  await signIn(page, e2eUsers.watcher.email)
  await openTasks(page)
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill('Survives an expired session')
  await form.getByRole('textbox', { name: 'Details' }).fill('Written before the session ended.')
  await expireSession(page)
  await form.getByRole('button', { name: 'Create Task' }).click()

  await expect(page).toHaveURL(`${baseURL()}/login`)
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
  await page.getByLabel('Email or Mobile').fill(e2eUsers.watcher.email)
  await page.getByRole('textbox', { name: /^Password/ }).fill('Demo@1234')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${baseURL()}/tasks`)
  const again = page.getByRole('dialog', { name: 'Create Task' })
  await expect(again.getByRole('textbox', { name: /^Title/ })).toHaveValue('Survives an expired session')
  await expect(again.getByRole('textbox', { name: 'Details' })).toHaveValue(
    'Written before the session ended.',
  )
})

test('a register form keeps its draft across an expired session', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await page.goto(`${baseURL()}/suppliers/add`)
  await page
    .getByRole('textbox', { name: /Supplier name|Name/ })
    .first()
    .fill('Draft Supplier Works')
  await expireSession(page)
  await page.getByRole('button', { name: 'Submit for Approval' }).click()
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
  // Said once, in one wording: not again by the form or a toast.
  await expect(page.getByText(/session has expired/i)).toHaveCount(1)
  await page.getByLabel('Email or Mobile').fill('ravi@example.com')
  await page.getByRole('textbox', { name: /^Password/ }).fill('Demo@1234')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${baseURL()}/suppliers/add`)
  await expect(page.getByRole('textbox', { name: /Supplier name|Name/ }).first()).toHaveValue(
    'Draft Supplier Works',
  )
})

// A report and an announcement ask too, and leave when told.
test('a report form and the announcement form with unsaved input ask before a link is followed', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  const leave = page.getByRole('dialog', { name: 'Leave this page?' })

  await page.goto(`${baseURL()}/reports/operations-report/new`)
  const incidents = page.getByPlaceholder('Describe any incidents during the period')
  await incidents.fill('Pump tripped twice')
  await nav.getByRole('link', { name: 'Active Tasks' }).click()
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(`${baseURL()}/reports/operations-report/new`)
  await expect(incidents).toHaveValue('Pump tripped twice')
  await nav.getByRole('link', { name: 'Active Tasks' }).click()
  await leave.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(`${baseURL()}/tasks`)

  // Reached inside the app, so that going back is the app's own navigation (a guarded one). Clicked
  // at once: the report form just left must not hold the click while the task list renders.
  await nav.getByRole('link', { name: 'Announcements', exact: true }).click()
  await expect(page).toHaveURL(`${baseURL()}/organization/announcements`)
  await page.getByRole('button', { name: /New Announcement/ }).click()
  await page
    .getByRole('dialog', { name: 'New Announcement' })
    .getByLabel(/^Title/)
    .fill('Half written')
  await page.goBack()
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(`${baseURL()}/organization/announcements`)
})

/** Signs in again on the login page an expired session led to. */
async function signInAgain(page: Page, identifier: string) {
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
  await page.getByLabel('Email or Mobile').fill(identifier)
  await page.getByRole('textbox', { name: /^Password/ }).fill('Demo@1234')
  await page.getByRole('button', { name: 'Login' }).click()
}

test('a payment being recorded when the session expires opens again on its invoice, as it was typed', async ({
  page,
}) => {
  await signIn(page, 'accounts@example.com')
  await goTo(page, 'Receivables')
  await page.getByRole('button', { name: 'Actions for INV-2026-004' }).click()
  await page.getByRole('menuitem', { name: 'Record Payment' }).click()
  const payment = page.getByRole('dialog', { name: 'Record Payment for Invoice #INV-2026-004' })
  await payment.getByRole('textbox', { name: 'Amount Received Now' }).fill('1500')
  await payment.getByRole('textbox', { name: 'Transaction ID / Ref No.' }).fill('UTR-KEPT-1')
  await expireSession(page)
  await payment.getByRole('button', { name: 'Confirm Payment' }).click()

  await signInAgain(page, 'accounts@example.com')
  await expect(page).toHaveURL(`${baseURL()}/accounts/receivables`)
  const again = page.getByRole('dialog', { name: 'Record Payment for Invoice #INV-2026-004' })
  await expect(again.getByRole('textbox', { name: 'Amount Received Now' })).toHaveValue('₹1,500')
  await expect(again.getByRole('textbox', { name: 'Transaction ID / Ref No.' })).toHaveValue('UTR-KEPT-1')
  // Nothing was recorded by the refused request; leaving throws the kept input away after asking.
  await again.getByRole('button', { name: 'Cancel' }).click()
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click()
  const details = page.getByRole('dialog', { name: 'Invoice Details' })
  await expect(details).toBeVisible()
  await expect(details.getByText('UTR-KEPT-1')).toHaveCount(0)
})

test('a name being typed in Edit Profile when the session expires opens again after signing in', async ({
  page,
}) => {
  await signIn(page, e2eUsers.watcher.email)
  await openUserMenuItem(page, 'Edit Profile')
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
  await dialog.getByRole('textbox', { name: /^Full name/ }).fill('Watcher Kept Name')
  await expireSession(page)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Save changes to your profile?' })
    .getByRole('button', { name: 'Save' })
    .click()

  await signInAgain(page, e2eUsers.watcher.email)
  await expect(
    page.getByRole('dialog', { name: 'Edit Profile' }).getByRole('textbox', { name: /^Full name/ }),
  ).toHaveValue('Watcher Kept Name')
})
