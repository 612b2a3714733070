import { baseURL, signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, type Page, test } from '../support/test.ts'

// The journeys change the demo organisation's 'Who can open Accounts' and put it back: one at a time.
test.describe.configure({ mode: 'serial', timeout: 150_000 })

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())

/** A live invoice with a payment, made through the API as the signed-in admin (the journey's setup). */
async function liveInvoiceWithPayment(page: Page, number: string) {
  const token = await page.evaluate(() => localStorage.getItem('daftar.accessToken'))
  const headers = { authorization: `Bearer ${token}` }
  const clients = await (await page.request.get(`${baseURL()}/api/clients/dropdown-list`, { headers })).json()
  const created = await page.request.post(`${baseURL()}/api/receivables`, {
    headers,
    data: {
      client_id: clients[0].client_id,
      invoice_no: number,
      invoice_date: '2026-01-05',
      due_date: '2026-01-20',
      line_items: [{ description: 'Site survey', qty: 1, rate: 1000, gst_rate: 0 }],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const id = (await created.json()).receivable_id
  expect((await page.request.put(`${baseURL()}/api/receivables/${id}/send`, { headers })).status()).toBe(200)
  const paid = await page.request.post(`${baseURL()}/api/receivables/${id}/payments`, {
    headers,
    data: { amount_paid_now: 400, payment_date: today(), mode: 'Cash' },
  })
  expect(paid.status(), await paid.text()).toBe(201)
}

async function openSettings(page: Page) {
  await page.getByRole('link', { name: 'Organisation & Users' }).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
}

async function chooseAccountsAccess(page: Page, label: string) {
  const form = page.getByRole('form', { name: 'Who can open Accounts' })
  await form.getByRole('radio', { name: label }).check()
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved who can open Accounts.').last()).toBeVisible()
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled()
}

test('a double click on Cancel invoice cancels it once and keeps its payment; a cancelled invoice owes nothing', async ({
  page,
}) => {
  const number = `INV-CXL-${Date.now().toString(36).toUpperCase()}`
  await signIn(page, 'admin@example.com')
  await liveInvoiceWithPayment(page, number)
  await page.getByRole('link', { name: 'Receivables', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Accounts: Receivables' })).toBeVisible()
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByPlaceholder('Invoice No, Client, Project...').fill(number)
  await page.keyboard.press('Enter')
  // The searched list, not the one it replaces: a menu opened there would close (history.spec.ts).
  await expect(page.getByRole('row')).toHaveCount(2)
  const row = page.getByRole('row').filter({ hasText: number })
  await expect(row).toContainText('Overdue')
  await expect(row.locator('[data-past-due]')).toHaveCount(1)

  await page.getByRole('button', { name: `Actions for ${number}` }).click()
  await page.getByRole('menuitem', { name: 'Cancel Invoice' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Cancellation' })
  await expect(dialog.getByRole('button', { name: 'Keep invoice' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel invoice' }).dblclick()
  await expect(page.getByText('Invoice cancelled successfully.')).toBeVisible()
  await expect(row).toContainText('Cancelled')
  // Owes nothing and is not late.
  await expect(row.getByRole('cell').nth(6)).toHaveText('₹0')
  await expect(row.locator('[data-past-due]')).toHaveCount(0)

  // Still there with its payment: only a separate Delete Permanently could remove it, and it refuses.
  await row.getByText(number).click()
  const details = page.getByRole('dialog', { name: 'Invoice Details' })
  await expect(details.getByRole('table', { name: 'Payment history' })).toContainText('₹400')
  await details.getByRole('button', { name: 'Close', exact: true }).click()
  await page.getByRole('button', { name: `Actions for ${number}` }).click()
  await page.getByRole('menuitem', { name: 'Delete Permanently' }).click()
  await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click()
  await expect(
    page.getByText('This invoice has payments recorded against it and cannot be deleted.', { exact: false }),
  ).toBeVisible()
  await expect(row).toContainText('Cancelled')
})

test('an admin keeps Accounts to admins and accountants: staff lose it from the sidebar; Everyone gives it back', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@example.com')
  await openSettings(page)
  await chooseAccountsAccess(page, 'Admins and accountants only')

  const staff = await browser.newPage()
  try {
    await signIn(staff, 'ravi@example.com')
    await expect(staff.getByRole('link', { name: 'Active Tasks' })).toBeVisible()
    await expect(staff.getByRole('link', { name: 'Receivables', exact: true })).toHaveCount(0)

    await chooseAccountsAccess(page, 'Everyone')
    await staff.reload()
    await staff.getByRole('link', { name: 'Receivables', exact: true }).click()
    await expect(staff.getByRole('heading', { name: 'Accounts: Receivables' })).toBeVisible()
    await expect(staff.getByRole('row').nth(1)).toBeVisible()
    // Staff may view and edit, not record payments.
    await staff
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Actions for / })
      .click()
    await expect(staff.getByRole('menuitem', { name: 'View Info' })).toBeVisible()
    await expect(staff.getByRole('menuitem', { name: 'Record Payment' })).toHaveCount(0)
    await expectNoSideScroll(staff)
  } finally {
    await staff.close()
  }
})
