import { mailsTo, signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, type Page, test } from '../support/test.ts'

// Payment reminders (docs/decisions.md, "Payment reminders"): the admin words them in Settings, sends
// one from an overdue invoice's details, and the mail is in the server's outbox (no SMTP in the journeys).
test.describe.configure({ mode: 'serial', timeout: 120_000 })

/** The demo's invoice 18 days overdue, to Metro Pharma, whose contact has an e-mail. */
const overdue = 'INV-2026-003'
const client = 'kiran.shah@metropharma.in'

async function openInvoice(page: Page, number: string) {
  await page.getByRole('link', { name: 'Receivables', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Accounts: Receivables' })).toBeVisible()
  // A row of the table, or a card on a phone: its number opens the details.
  await page.getByText(number, { exact: true }).first().click()
  const details = page.getByRole('dialog', { name: 'Invoice Details' })
  await expect(details.getByRole('region', { name: 'Payment reminders' })).toBeVisible()
  return details
}

test('the admin words the reminders, sends one from an overdue invoice, and it reaches the outbox', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com')
  await page.getByRole('link', { name: 'Organisation & Users' }).click()
  const section = page.getByRole('form', { name: 'Payment reminders' })
  await expect(section.getByRole('switch', { name: 'Send payment reminders' })).toBeChecked()
  const subject = section.getByRole('textbox', { name: 'Subject' })
  await subject.fill('Overdue: {invoice_no} ({days_overdue} days)')
  await expect(section.getByLabel('Preview')).toContainText('Overdue: INV-0042 (10 days)')
  // A placeholder that does not exist is refused in the form's words.
  await section.getByRole('textbox', { name: 'Mail text' }).fill('Dear {customer}')
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(section.getByText(/^Unknown placeholder \{customer\}\./)).toBeVisible()
  await section.getByRole('button', { name: 'Restore the default words' }).click()
  await subject.fill('Overdue: {invoice_no} ({days_overdue} days)')
  await section.getByRole('textbox', { name: 'Reply-to' }).fill('accounts@example.com')
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Payment reminder settings saved.')).toBeVisible()

  const details = await openInvoice(page, overdue)
  const reminders = details.getByRole('region', { name: 'Payment reminders' })
  await reminders.getByRole('button', { name: 'Send reminder' }).click()
  const ask = page.getByRole('dialog', { name: 'Send a payment reminder?' })
  await ask.getByRole('button', { name: 'Send reminder' }).dblclick()
  await expect(
    page.getByText(`A payment reminder for invoice ${overdue} will be emailed to ${client}.`),
  ).toBeVisible()
  await expect(ask).toBeHidden()
  const sent = reminders
    .getByRole('table', { name: 'Reminders sent' })
    .getByRole('row')
    .filter({ hasText: 'Sent by hand' })
  // A double click sends one reminder.
  await expect(sent).toHaveCount(1)
  await expect(sent).toContainText(client)

  await expect
    .poll(() => mailsTo(client).filter((m) => /Subject: Overdue: INV-2026-003 \(1\d days\)/.test(m)).length, {
      timeout: 30_000,
    })
    .toBe(1)
  const mail = mailsTo(client).find((m) => m.includes(`Subject: Overdue: ${overdue}`))!
  expect(mail).toContain('Reply-To: accounts@example.com')
  expect(mail).toMatch(/filename="?Invoice INV-2026-003\.pdf"?/)

  // 'Do not remind' leaves it out of the scheduled reminders, and stays so after a reload.
  await reminders.getByRole('switch', { name: 'Do not remind' }).click()
  await expect(page.getByText(`Invoice ${overdue} will not be reminded.`)).toBeVisible()
  await page.reload()
  const again = await openInvoice(page, overdue)
  const toggle = again
    .getByRole('region', { name: 'Payment reminders' })
    .getByRole('switch', { name: 'Do not remind' })
  await expect(toggle).toBeChecked()
  await toggle.click()
  await expect(page.getByText(`Invoice ${overdue} will be reminded when overdue.`)).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test("an invoice's reminders and the settings' section stay inside the screen", async ({ page }) => {
    await signIn(page, 'accounts@example.com')
    await page.getByRole('button', { name: 'Toggle navigation' }).click()
    const details = await openInvoice(page, overdue)
    const reminders = details.getByRole('region', { name: 'Payment reminders' })
    await reminders.scrollIntoViewIfNeeded()
    await expect(reminders.getByRole('button', { name: 'Send reminder' })).toBeInViewport()
    await expect(reminders).toContainText(/Sent by hand|No reminders sent yet/)
    await expectNoSideScroll(page)
  })
})
