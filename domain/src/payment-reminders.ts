/**
 * Payment reminders to clients (docs/decisions.md, "Payment reminders"): the organisation's settings —
 * on or off, the days after the due date, the sender's name and reply-to, the mail's words with
 * placeholders — and the one function that fills the placeholders, used by the server's mail and by the
 * settings form's preview.
 */
import { z } from 'zod'
import { PAYMENT_REMINDER_DAYS } from './accounts.ts'
import { messageResponse } from './contract.ts'
import { endpoint } from './http.ts'

/** What a reminder's subject and text may name, each written {like_this}. */
export const reminderPlaceholders = [
  'client',
  'invoice_no',
  'amount_due',
  'due_date',
  'days_overdue',
  'upi_link',
  'organisation',
] as const
export type ReminderPlaceholder = (typeof reminderPlaceholders)[number]

export const MAX_REMINDER_STEPS = 5
export const MAX_REMINDER_DAY = 365

export const defaultReminderSubject = 'Payment reminder: invoice {invoice_no} from {organisation}'
export const defaultReminderBody = [
  'Dear {client},',
  '',
  'This is a reminder that invoice {invoice_no} was due on {due_date} and is {days_overdue} days overdue.',
  'Amount due: {amount_due}. The invoice is attached.',
  '',
  'Pay with any UPI app: {upi_link}',
  '',
  'If you have already paid, please ignore this mail.',
  '',
  'Regards,',
  '{organisation}',
].join('\n')

export const reminderMessages = {
  daysRequired: 'Add at least one day.',
  tooManyDays: `At most ${MAX_REMINDER_STEPS} reminders.`,
  dayRange: `Each day must be a whole number from 1 to ${MAX_REMINDER_DAY}.`,
  daysRepeat: 'Each day may be given once.',
  replyTo: 'Enter a valid e-mail address.',
  subjectRequired: 'Subject is required.',
  bodyRequired: 'Mail text is required.',
  unknownPlaceholder: (name: string) =>
    `Unknown placeholder {${name}}. Use ${reminderPlaceholders.map((p) => `{${p}}`).join(', ')}.`,
  saved: 'Payment reminder settings saved.',
} as const

const placeholderPattern = /\{([^{}\s]*)\}/g

/** The first {name} that is not a placeholder, if any. */
export function unknownPlaceholder(text: string): string | undefined {
  for (const [, name] of text.matchAll(placeholderPattern))
    if (!(reminderPlaceholders as readonly string[]).includes(name!)) return name
  return undefined
}

const templateText = (max: number, required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max)
    .superRefine((text, ctx) => {
      const unknown = unknownPlaceholder(text)
      if (unknown !== undefined)
        ctx.addIssue({ code: 'custom', message: reminderMessages.unknownPlaceholder(unknown) })
    })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null)

/** PUT /admin/payment-reminders: the whole of the settings. Days are sorted on the way in. */
export const paymentReminderSettingsInput = z.object({
  enabled: z.boolean(),
  days: z
    .array(
      z.coerce
        .number({ error: reminderMessages.dayRange })
        .int(reminderMessages.dayRange)
        .min(1, reminderMessages.dayRange)
        .max(MAX_REMINDER_DAY, reminderMessages.dayRange),
    )
    .min(1, reminderMessages.daysRequired)
    .max(MAX_REMINDER_STEPS, reminderMessages.tooManyDays)
    .refine((days) => new Set(days).size === days.length, reminderMessages.daysRepeat)
    .transform((days) => [...days].sort((a, b) => a - b)),
  sender_name: optionalText(120),
  reply_to: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((v) => v || null)
    .pipe(z.email(reminderMessages.replyTo).nullable()),
  subject: templateText(200, reminderMessages.subjectRequired),
  body: templateText(5000, reminderMessages.bodyRequired),
})
export type PaymentReminderSettingsInput = z.input<typeof paymentReminderSettingsInput>

/** The settings as the API answers them (the defaults where the organisation has set nothing). */
export const paymentReminderSettings = z.object({
  enabled: z.boolean(),
  days: z.array(z.number().int()),
  sender_name: z.string().nullable(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  /** The If-Match of the next save: 1 while the organisation has saved nothing. */
  version: z.number().int(),
})
export type PaymentReminderSettings = z.infer<typeof paymentReminderSettings>

/** An organisation that has never saved its settings: reminders on, 3, 10 and 30 days after due. */
export const defaultPaymentReminderSettings: PaymentReminderSettings = {
  enabled: true,
  days: [...PAYMENT_REMINDER_DAYS],
  sender_name: null,
  reply_to: null,
  subject: defaultReminderSubject,
  body: defaultReminderBody,
  version: 1,
}

export type ReminderValues = Record<ReminderPlaceholder, string>

/**
 * Fills a subject or text. A line that names {upi_link} is left out when there is no UPI link (the
 * organisation has no UPI id), so that the mail never says 'Pay with any UPI app: ' and nothing.
 */
export function fillReminder(template: string, values: ReminderValues): string {
  return template
    .split('\n')
    .filter((line) => values.upi_link || !line.includes('{upi_link}'))
    .map((line) =>
      line.replace(placeholderPattern, (whole, name: string) =>
        name in values ? values[name as ReminderPlaceholder] : whole,
      ),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
}

export const paymentReminderEndpoints = {
  settings: endpoint('GET', '/admin/payment-reminders', { response: { 200: paymentReminderSettings } }),
  /** If-Match: the settings' version (412 when they were saved meanwhile). */
  update: endpoint('PUT', '/admin/payment-reminders', {
    body: paymentReminderSettingsInput,
    response: { 200: messageResponse.extend({ settings: paymentReminderSettings }) },
  }),
}
