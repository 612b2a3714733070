import { baseURL, goTo, userPage } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, type Page, test } from '../support/test.ts'

// A record's History after an approval, an edit and a payment, then the organisation's Activity
// (docs/decisions.md, "History and activity"). Many steps on a loaded machine: more than a minute.
test.describe.configure({ timeout: 150_000 })

const entry = (page: Page, summary: string) => page.getByTestId('history-entry').filter({ hasText: summary })

test('a client’s History shows the approved request, then the admin’s edit field by field', async ({
  browser,
}) => {
  const name = `Kaveri Looms ${Date.now().toString(36)}`
  const renamed = `${name} Renamed`

  // Ravi asks for a new client; the admin approves it from the queue.
  const ravi = await userPage(browser, 'ravi@example.com')
  await goTo(ravi, 'Clients')
  await ravi.getByRole('link', { name: 'Add Client' }).click()
  await ravi.getByRole('textbox', { name: 'Client name' }).fill(name)
  await ravi.getByRole('button', { name: 'Submit for Approval' }).click()
  await expect(ravi.getByText('Client creation request submitted for admin approval.')).toBeVisible()

  const admin = await userPage(browser, 'admin@example.com')
  await goTo(admin, 'Admin Approvals')
  // Other journeys add requests to the same queue meanwhile: a row can move under the click, so the
  // review opened is checked to be this request's before it is approved.
  await expect(async () => {
    if (!admin.url().endsWith('/admin/approvals')) await goTo(admin, 'Admin Approvals')
    await admin.getByRole('row').filter({ hasText: name }).getByRole('link').click()
    await expect(admin.getByRole('region', { name: 'Request Details' })).toContainText(name, {
      timeout: 3000,
    })
  }).toPass({ timeout: 30_000 })
  await admin.getByRole('button', { name: 'Approve' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByText('Action approved successfully.')).toBeVisible()

  // The admin opens the client and renames it through the edit form.
  await goTo(admin, 'Clients')
  await admin.getByRole('textbox', { name: 'Search' }).fill(name)
  await admin.getByRole('link', { name: new RegExp(name) }).click()
  await expect(admin.getByRole('heading', { name })).toBeVisible()
  await admin.getByRole('link', { name: 'Edit Client' }).click()
  await admin.getByRole('textbox', { name: 'Client name' }).fill(renamed)
  await admin.getByRole('button', { name: 'Save Changes' }).click()
  await expect(admin.getByText(/Client updated successfully/)).toBeVisible()
  await expect(admin.getByRole('heading', { name: renamed })).toBeVisible()

  // Its History: the edit, newest first, with the field's label, from and to; then the approval with
  // the requester and the admin who decided.
  await admin.getByRole('tab', { name: 'History' }).click()
  const edit = entry(admin, 'Updated')
  await expect(edit).toContainText('Aditya Mehta')
  await expect(edit).toContainText('Client Name')
  await expect(edit).toContainText(name)
  await expect(edit).toContainText(renamed)
  const approval = entry(admin, 'Approved a request to create')
  await expect(approval).toContainText('Requested by Ravi Kumar')
  await expect(approval).toContainText(name)
  await expect(admin.getByTestId('history-entry').first()).toContainText('Updated')
  await expectNoSideScroll(admin)
  await admin.screenshot({ path: test.info().outputPath('client-history-1280.png'), fullPage: true })

  // The same History on a phone.
  const phone = await userPage(browser, 'admin@example.com', 375)
  await phone.goto(admin.url())
  await expect(entry(phone, 'Updated')).toContainText('Client Name')
  await expectNoSideScroll(phone)
  await phone.screenshot({ path: test.info().outputPath('client-history-375.png'), fullPage: true })
})

test('an invoice’s History shows the payment the admin records; the admin opens Activity from the menu', async ({
  browser,
}) => {
  const admin = await userPage(browser, 'admin@example.com')
  // Setup: a sent invoice of the demo's first client, made through the API.
  const number = `INV-H-${Date.now().toString(36).toUpperCase()}`
  const token = await admin.evaluate(() => localStorage.getItem('daftar.accessToken'))
  const headers = { authorization: `Bearer ${token}` }
  const clients = await (
    await admin.request.get(`${baseURL()}/api/clients/dropdown-list`, { headers })
  ).json()
  const made = await admin.request.post(`${baseURL()}/api/receivables`, {
    headers,
    data: {
      client_id: clients[0].client_id,
      invoice_no: number,
      invoice_date: new Date().toISOString().slice(0, 10),
      gst_type: 'INTRASTATE',
      line_items: [
        { description: 'Design', sac_code: '998391', qty: 1, unit: 'Nos', rate: 1000, gst_rate: 18 },
      ],
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const id = (await made.json()).receivable_id
  expect((await admin.request.put(`${baseURL()}/api/receivables/${id}/send`, { headers })).status()).toBe(200)

  // The admin records a payment from the list, then opens the invoice's History.
  await goTo(admin, 'Receivables')
  await admin.getByRole('button', { name: 'Search', exact: true }).click()
  await admin.getByPlaceholder('Invoice No, Client, Project...').fill(number)
  await admin.keyboard.press('Enter')
  // The searched list, not the newest-first one it replaces (where the new invoice is the first row
  // too): a menu opened in the old list closes when the new one renders.
  await expect(admin.getByRole('row')).toHaveCount(2)
  const row = admin.getByRole('row').filter({ hasText: number })
  await row.getByRole('button', { name: `Actions for ${number}` }).click()
  await admin.getByRole('menuitem', { name: 'Record Payment' }).click()
  const pay = admin.getByRole('dialog', { name: `Record Payment for Invoice #${number}` })
  await pay.getByRole('textbox', { name: 'Amount Received Now' }).fill('500')
  await pay.getByRole('button', { name: 'Confirm Payment' }).click()
  await expect(admin.getByText('Payment recorded successfully.')).toBeVisible()
  await row.getByText(number).click()
  const details = admin.getByRole('dialog', { name: 'Invoice Details' })
  await details.getByRole('tab', { name: 'History' }).click()
  const payment = details.getByTestId('history-entry').filter({ hasText: 'Payment recorded' })
  await expect(payment).toContainText('Aditya Mehta')
  await expect(payment).toContainText('Amount')
  await expect(payment).toContainText('₹500')
  await expect(payment).toContainText('Partially paid')
  await expect(details.getByTestId('history-entry').filter({ hasText: 'Marked as sent' })).toContainText(
    'Sent',
  )
  await admin.screenshot({ path: test.info().outputPath('invoice-history-1280.png') })
  await details.getByRole('button', { name: 'Close', exact: true }).click()

  // Activity, from the Settings menu: the payment is there, and the list narrows to invoices.
  await goTo(admin, 'Activity')
  await expect(admin).toHaveURL(`${baseURL()}/admin/activity`)
  await expect(admin.getByRole('heading', { name: 'Activity' })).toBeVisible()
  await admin.getByRole('combobox', { name: 'Type' }).click()
  await admin.getByRole('option', { name: 'Invoice', exact: true }).click()
  await expect(admin).toHaveURL(/entityType=RECEIVABLE/)
  const first = admin.getByRole('row').nth(1)
  await expect(first).toContainText('Payment recorded')
  await expect(first).toContainText('₹500')
  const download = admin.waitForEvent('download')
  await admin.getByRole('button', { name: 'Export' }).click()
  await admin.getByRole('menuitem', { name: 'CSV' }).click()
  expect((await download).suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/)
  await expectNoSideScroll(admin)
  await admin.screenshot({ path: test.info().outputPath('activity-1280.png') })

  const phone = await userPage(browser, 'admin@example.com', 375)
  await goTo(phone, 'Activity')
  await expect(phone.getByRole('heading', { name: 'Activity' })).toBeVisible()
  await expect(phone.getByText('Payment recorded').first()).toBeVisible()
  await expectNoSideScroll(phone)
  await phone.screenshot({ path: test.info().outputPath('activity-375.png'), fullPage: true })
})
