import { describe, expect, it } from 'vitest'
import {
  defaultReminderBody,
  fillReminder,
  paymentReminderSettingsInput,
  type ReminderValues,
  reminderMessages,
} from './payment-reminders.ts'

const values: ReminderValues = {
  client: 'Sunrise Textiles',
  invoice_no: 'INV-7',
  amount_due: '₹12,50,000.50',
  due_date: '02 Dec 2026',
  days_overdue: '3',
  upi_link: 'upi://pay?pa=demo@okbank&am=1250000.50',
  organisation: 'Demo Industries',
}

const valid = {
  enabled: true,
  days: ['30', '3', '10'],
  sender_name: '  ',
  reply_to: '',
  subject: 'Invoice {invoice_no}',
  body: defaultReminderBody,
}

describe('payment reminder words', () => {
  it('fills every placeholder and leaves the UPI line out when there is no link', () => {
    const filled = fillReminder(defaultReminderBody, values)
    expect(filled).toContain('Dear Sunrise Textiles,')
    expect(filled).toContain('invoice INV-7 was due on 02 Dec 2026 and is 3 days overdue.')
    expect(filled).toContain('Amount due: ₹12,50,000.50.')
    expect(filled).toContain('Pay with any UPI app: upi://pay?pa=demo@okbank&am=1250000.50')
    expect(filled).not.toMatch(/\{[a-z_]+\}/)
    const noUpi = fillReminder(defaultReminderBody, { ...values, upi_link: '' })
    expect(noUpi).not.toContain('UPI')
    expect(noUpi).not.toMatch(/\n\n\n/)
  })

  it('takes days as typed, sorted, blanks as none; refuses unknown placeholders, repeats and too many days', () => {
    const parsed = paymentReminderSettingsInput.parse(valid)
    expect(parsed.days).toEqual([3, 10, 30])
    expect(parsed.sender_name).toBeNull()
    expect(parsed.reply_to).toBeNull()
    const issues = (over: object) =>
      paymentReminderSettingsInput.safeParse({ ...valid, ...over }).error?.issues.map((i) => i.message)
    expect(issues({ subject: 'Hi {name}' })).toEqual([reminderMessages.unknownPlaceholder('name')])
    expect(issues({ days: ['3', '3'] })).toEqual([reminderMessages.daysRepeat])
    expect(issues({ days: [] })).toEqual([reminderMessages.daysRequired])
    expect(issues({ days: ['1', '2', '3', '4', '5', '6'] })).toEqual([reminderMessages.tooManyDays])
    expect(issues({ days: ['2.5'] })).toEqual([reminderMessages.dayRange])
    expect(issues({ days: ['400'] })).toEqual([reminderMessages.dayRange])
    expect(issues({ reply_to: 'accounts at demo' })).toEqual([reminderMessages.replyTo])
  })
})
