import fs from 'node:fs'
import { baseURL, signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, type Page, test } from '../support/test.ts'

// One journey after another: the admin works on the accountant's invoice. Each journey takes many
// steps, so each gets more than the default minute on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 150_000 })

const invoiceNo = `INV-E2E-${Date.now().toString(36).toUpperCase()}`
const billNo = `AQ-${Date.now().toString(36).toUpperCase()}`

async function pick(page: Page, label: string, text: string) {
  await page.getByRole('textbox', { name: label }).fill(text)
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click()
}

async function rowAction(page: Page, number: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${number}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

const row = (page: Page, number: string) => page.getByRole('row').filter({ hasText: number })

async function search(page: Page, text: string) {
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByPlaceholder('Invoice No, Client, Project...').fill(text)
  await page.keyboard.press('Enter')
}

test('an accountant adds an INTRASTATE invoice with three lines, sends it, records a part payment and downloads the PDF', async ({
  page,
}) => {
  await signIn(page, 'accounts@example.com')
  await page.getByRole('link', { name: 'Receivables', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Accounts: Receivables' })).toBeVisible()
  await page.getByRole('link', { name: 'Add Invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Add New Receivable Invoice' })).toBeVisible()

  // The spec's messages before anything is filled in.
  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expect(page.getByText('A client must be selected.')).toBeVisible()
  await expect(page.getByText('Invoice number is required.')).toBeVisible()
  await expect(page.getByText('At least one valid line item is required.')).toBeVisible()

  // Sunrise Textiles is in Maharashtra like Demo Industries: INTRASTATE is proposed.
  await pick(page, 'Client', 'Sunrise Textiles')
  await expect(page.getByText('Proposed from the GSTINs: same state.')).toBeVisible()
  await page.getByRole('textbox', { name: 'Invoice No' }).fill(invoiceNo)
  await page.getByLabel('Description 1', { exact: true }).fill('Design services')
  await page.getByLabel('Qty 1', { exact: true }).fill('2')
  await page.getByLabel('Rate 1', { exact: true }).fill('1250')
  await expect(page.getByLabel('Amount 1', { exact: true })).toHaveValue('₹2,500')
  const totals = page.getByLabel('Totals')
  await expect(totals.locator('[data-total="Total"]')).toContainText('₹2,950')

  await page.getByRole('button', { name: '+ Add Item' }).click()
  await page.getByLabel('Description 2', { exact: true }).fill('Chemicals')
  await page.getByLabel('Rate 2', { exact: true }).fill('499.50')
  await page.getByRole('combobox', { name: 'GST rate 2' }).click()
  await page.getByRole('option', { name: '12%' }).click()
  await page.getByRole('button', { name: '+ Add Item' }).click()
  await page.getByLabel('Description 3', { exact: true }).fill('Site visit')
  await page.getByLabel('Qty 3', { exact: true }).fill('3')
  await page.getByLabel('Rate 3', { exact: true }).fill('100')
  await page.getByRole('combobox', { name: 'GST rate 3' }).click()
  await page.getByRole('option', { name: '5%' }).click()
  // 3,299.50 + 262.47 + 262.47 = 3,824.44, rounded to 3,824.
  await expect(totals.locator('[data-total="Subtotal"]')).toContainText('₹3,299.50')
  await expect(totals.locator('[data-total="CGST"]')).toContainText('₹262.47')
  await expect(totals.locator('[data-total="SGST"]')).toContainText('₹262.47')
  await expect(totals.locator('[data-total="Round Off"]')).toContainText('0.44')
  await expect(totals.locator('[data-total="IGST"]')).toHaveCount(0)
  await expect(totals.locator('[data-total="Total"]')).toContainText('₹3,824')
  // The last line item cannot be removed; others can.
  await page.getByRole('button', { name: '+ Add Item' }).click()
  await page.getByRole('button', { name: 'Remove line 4' }).click()
  await expect(page.getByLabel('Description 4', { exact: true })).toHaveCount(0)

  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expect(page.getByText('Receivable invoice created successfully.')).toBeVisible()
  await expect(page).toHaveURL(`${baseURL()}/accounts/receivables`)
  await expect(row(page, invoiceNo)).toContainText('Draft')
  await expect(row(page, invoiceNo)).toContainText('₹3,824')

  await rowAction(page, invoiceNo, 'Mark as Sent')
  await expect(page.getByText('Invoice marked as sent.')).toBeVisible()
  await expect(row(page, invoiceNo)).toContainText('Sent')

  await rowAction(page, invoiceNo, 'Record Payment')
  const modal = page.getByRole('dialog', { name: `Record Payment for Invoice #${invoiceNo}` })
  await expect(modal.getByLabel('Amount Due')).toHaveValue('₹3,824')
  await expect(modal.getByRole('textbox', { name: 'Amount Received Now' })).toHaveValue('₹3,824')
  await modal.getByRole('textbox', { name: 'Amount Received Now' }).fill('5000')
  await modal.getByRole('button', { name: 'Confirm Payment' }).click()
  await expect(modal.getByText('Payment cannot exceed the amount due.')).toBeVisible()
  await modal.getByRole('textbox', { name: 'Amount Received Now' }).fill('1000')
  await modal.getByRole('textbox', { name: 'Transaction ID / Ref No.' }).fill('UTR-E2E-1')
  await modal.getByRole('button', { name: 'Confirm Payment' }).click()
  await expect(page.getByText('Payment recorded successfully.')).toBeVisible()
  await expect(row(page, invoiceNo)).toContainText('Partially Paid')
  await expect(row(page, invoiceNo)).toContainText('₹2,824')

  await row(page, invoiceNo).getByText(invoiceNo).click()
  const details = page.getByRole('dialog', { name: 'Invoice Details' })
  await expect(details.getByText('UTR-E2E-1')).toBeVisible()
  // An accountant does not edit or delete payments.
  await expect(details.getByRole('button', { name: 'Edit payment' })).toHaveCount(0)
  const download = page.waitForEvent('download')
  await details.getByRole('button', { name: 'Download PDF' }).click()
  const pdf = await download
  expect(pdf.suggestedFilename()).toBe(`Invoice ${invoiceNo}.pdf`)
  const bytes = fs.readFileSync((await pdf.path())!)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
})

test('an admin edits and then deletes that payment', async ({ page }) => {
  await signIn(page, 'admin@example.com')
  await page.getByRole('link', { name: 'Receivables', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Accounts: Receivables' })).toBeVisible()
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await search(page, invoiceNo)
  await expect(page.getByRole('row')).toHaveCount(2)
  await row(page, invoiceNo).getByText(invoiceNo).click()
  const details = page.getByRole('dialog', { name: 'Invoice Details' })
  await details.getByRole('button', { name: 'Edit payment' }).click()
  const edit = page.getByRole('dialog', { name: `Edit Payment for Invoice #${invoiceNo}` })
  await edit.getByRole('textbox', { name: 'Amount Received' }).fill('4000')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit.getByText('Payment cannot exceed the total available balance of ₹3,824.')).toBeVisible()
  await edit.getByRole('textbox', { name: 'Amount Received' }).fill('1500')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Payment updated successfully.')).toBeVisible()
  await expect(details.getByLabel('Totals')).toContainText('₹2,324')

  await details.getByRole('button', { name: 'Delete payment' }).click()
  await page.getByRole('dialog', { name: 'Delete Payment' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Payment record deleted successfully.')).toBeVisible()
  await expect(details.getByText('No payments recorded yet.')).toBeVisible()
  await details.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(row(page, invoiceNo)).toContainText('Sent')
  await expect(row(page, invoiceNo)).toContainText('₹3,824')
})

test('a payable bill from a supplier goes DRAFT → RECEIVED → PAID', async ({ page }) => {
  await signIn(page, 'accounts@example.com')
  await page.getByRole('link', { name: 'Payables', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Accounts: Payables' })).toBeVisible()
  await page.getByRole('link', { name: 'Add New Bill' }).click()
  await expect(page.getByRole('heading', { name: 'Add New Payable Bill' })).toBeVisible()
  await page.getByRole('button', { name: 'Save Bill' }).click()
  await expect(page.getByText('A supplier must be selected.')).toBeVisible()
  await expect(page.getByText('Vendor Invoice No. is required.')).toBeVisible()
  await pick(page, 'Supplier', 'Bharat Chemicals')
  await page.getByRole('textbox', { name: 'Vendor Invoice No' }).fill(billNo)
  await page.getByLabel('Description 1', { exact: true }).fill('Polyelectrolyte')
  await page.getByLabel('Qty 1', { exact: true }).fill('10')
  await page.getByLabel('Rate 1', { exact: true }).fill('2150')
  await expect(page.getByLabel('Totals').locator('[data-total="Total"]')).toContainText('₹25,370')
  await page.getByRole('button', { name: 'Save Bill' }).click()
  await expect(page.getByText('Payable bill created successfully.')).toBeVisible()
  await expect(row(page, billNo)).toContainText('Draft')
  await expect(row(page, billNo).getByRole('link', { name: 'Bharat Chemicals' })).toHaveAttribute(
    'href',
    /\/suppliers\//,
  )

  await rowAction(page, billNo, 'Mark as Received')
  await expect(page.getByText('Bill marked as received.')).toBeVisible()
  await expect(row(page, billNo)).toContainText('Received')

  await rowAction(page, billNo, 'Record Payment')
  const modal = page.getByRole('dialog', { name: `Record Payment for Bill #${billNo}` })
  await expect(modal.getByRole('textbox', { name: 'Amount Paid Now' })).toHaveValue('₹25,370')
  await modal.getByRole('button', { name: 'Confirm Payment' }).click()
  await expect(page.getByText('Payment recorded successfully.')).toBeVisible()
  await expect(row(page, billNo)).toContainText('Paid')
  await expect(row(page, billNo)).toContainText('₹0')
})

test('exports the filtered list as CSV', async ({ page }) => {
  await signIn(page, 'accounts@example.com')
  await page.getByRole('link', { name: 'Receivables', exact: true }).click()
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: 'Paid', exact: true }).click()
  await expect(page).toHaveURL(/status=PAID/)
  await expect(page.getByRole('row').nth(1)).toContainText('Paid')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: 'CSV' }).click()
  await expect(page.getByText('Preparing your CSV export...')).toBeVisible()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^receivables-export-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .replace('\uFEFF', '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe(
    'Invoice No,Invoice Date,Due Date,Status,Client Name,Project Name,Subtotal,CGST,SGST,IGST,Round Off,Total Amount,Amount Paid,Amount Due',
  )
  expect(lines.length).toBeGreaterThan(1)
  for (const line of lines.slice(1)) expect(line.split(',')[3]).toBe('PAID')

  await search(page, 'nothing-matches-this')
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: 'CSV' }).click()
  const empty = page.getByText('No data to export for the current filters.')
  await expect(empty).toBeVisible()
  // Excel alike: no file of headers alone, the same words instead (once the first toast has gone).
  await expect(empty).toHaveCount(0, { timeout: 10_000 })
  let downloads = 0
  page.on('download', () => downloads++)
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click()
  await expect(empty).toBeVisible()
  expect(downloads).toBe(0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('the first invoice shows under the summary, filters fold away, and its details show Rate, Amount and Mode', async ({
    page,
  }) => {
    await signIn(page, 'accounts@example.com')
    await page.getByRole('button', { name: 'Toggle navigation' }).click()
    await page.getByRole('link', { name: 'Receivables', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Accounts: Receivables' })).toBeVisible()
    const cards = page.getByRole('list', { name: 'Accounts: Receivables' }).getByRole('listitem')
    await expect(cards.first()).toBeInViewport()
    await expect(page.getByRole('textbox', { name: 'From' })).toBeHidden()
    await page.getByRole('button', { name: 'Filters' }).click()
    await expect(page.getByRole('textbox', { name: 'From' })).toBeVisible()
    await page.getByRole('button', { name: 'Filters' }).click()

    // A partly paid invoice: its line items and its payment, stacked.
    await cards.filter({ hasText: 'INV-2026-002' }).getByText('INV-2026-002').click()
    const details = page.getByRole('dialog', { name: 'Invoice Details' })
    const line = details.getByRole('list', { name: 'Line items' }).getByRole('listitem').first()
    await expect(line.getByText('Rate')).toBeVisible()
    await expect(line.getByText('Amount')).toBeVisible()
    const payment = details.getByRole('list', { name: 'Payment history' }).getByRole('listitem').first()
    await expect(payment.getByText('Mode')).toBeVisible()
    await expectNoSideScroll(page)
  })
})
