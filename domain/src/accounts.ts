/**
 * Accounts (docs/product.md, "Accounts"): receivable invoices to clients and payable bills from suppliers, their payments,
 * statuses, the rules of the row menu and details modal, and the input schemas shared by the forms and
 * the server. The response shapes are in accounts-contract.ts.
 */
import { z } from 'zod'
import { blankIsNone, isCalendarDay, labelled } from './contract.ts'
import { formatCurrency, todayIn } from './format.ts'
import { type GstType, gstTypes, isGstRate, toPaise, toUnits } from './gst.ts'
// Who can open Accounts is declared with the organisation (users.ts), so the shell reads it without
// loading the accounts schemas.
import type { AccountsAccess } from './users.ts'

export const accountKinds = ['RECEIVABLE', 'PAYABLE'] as const
export type AccountKind = (typeof accountKinds)[number]

/** Stored statuses. OVERDUE is never stored: it is derived when read (docs/product.md, "Statuses and OVERDUE"). */
export const storedAccountStatuses = [
  'DRAFT',
  'SENT',
  'RECEIVED',
  'PARTIALLY_PAID',
  'PAID',
  'CANCELLED',
] as const
export type StoredAccountStatus = (typeof storedAccountStatuses)[number]
/** A kind's statuses as shown: its live status (SENT or RECEIVED) among the ones both share. */
const shownStatuses = <const Live extends string>(live: Live) =>
  ['DRAFT', live, 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'CANCELLED'] as const
export const receivableStatuses = shownStatuses('SENT')
export type ReceivableStatus = (typeof receivableStatuses)[number]
export const payableStatuses = shownStatuses('RECEIVED')
export type PayableStatus = (typeof payableStatuses)[number]
export type AccountStatus = ReceivableStatus | PayableStatus
/** The payables status filter lists these (docs/product.md, "Statuses and OVERDUE"); drafts are still accepted by the API. */
export const payableFilterStatuses = ['RECEIVED', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'CANCELLED'] as const

/** The status a live document returns to when it has no payments: SENT or RECEIVED. */
export const liveStatusOf = { RECEIVABLE: 'SENT', PAYABLE: 'RECEIVED' } as const

export const paymentModes = ['Bank Transfer', 'Cash', 'Cheque', 'UPI', 'Other'] as const
export type PaymentMode = (typeof paymentModes)[number]

/** A kind's sorts: by its own date (the default), due date or total. */
const sortsBy = <const DateKey extends string>(date: DateKey) =>
  [`${date}_desc`, 'due_date_asc', 'total_amount_desc', 'total_amount_asc'] as const
export const receivableSorts = sortsBy('invoice_date')
export type ReceivableSort = (typeof receivableSorts)[number]
export const payableSorts = sortsBy('bill_date')
export type PayableSort = (typeof payableSorts)[number]

/** The aging strip: not yet due, then days past the due date. */
export const { values: agingBuckets, labels: agingLabels } = labelled([
  ['current', 'Not yet due'],
  ['days_1_30', '1–30 days'],
  ['days_31_60', '31–60 days'],
  ['days_61_90', '61–90 days'],
  ['days_over_90', 'Over 90 days'],
])
export type AgingBucket = (typeof agingBuckets)[number]

/** Days after the due date on which a payment reminder goes (docs/decisions.md, "Payment reminders"). */
export const PAYMENT_REMINDER_DAYS = [3, 10, 30] as const

export const ACCOUNTS_PAGE_SIZE = 20
export const MAX_LINE_ITEMS = 200
/** numeric(14,2) holds less than 10^12 rupees. */
export const MAX_AMOUNT = 999_999_999_999.99

export const accountMessages = {
  accountsOnly: 'Accounts are available to administrators and accountants only.',
  adminOnlyDelete: 'Only administrators can cancel or delete invoices and bills.',
  paymentsOnly: 'Only administrators and accountants can record payments.',
  emailOnly: 'Only administrators and accountants can email invoices.',
  remindOnly: 'Only administrators and accountants can send payment reminders.',
  remindNotDue:
    'Only a sent invoice with an amount due can be reminded (not a draft, cancelled or paid one).',
  adminOnlyPayments: 'Only administrators can edit or delete payments.',
  clientRequired: 'A client must be selected.',
  supplierRequired: 'A supplier must be selected.',
  invoiceNoRequired: 'Invoice number is required.',
  vendorInvoiceNoRequired: 'Vendor Invoice No. is required.',
  invoiceDateRequired: 'Invoice date is required.',
  billDateRequired: 'Bill date is required.',
  lineItemRequired: 'At least one valid line item is required.',
  gstRate: 'GST rate must be 0, 5, 12, 18 or 28 percent.',
  tooLarge: 'The amounts are too large.',
  dueBeforeDate: 'Due date cannot be before the invoice date.',
  datesOrder: '"To" date cannot be before "From" date.',
  positiveAmount: 'Payment amount must be a positive number.',
  exceedsDue: 'Payment cannot exceed the amount due.',
  paymentDateRequired: 'Payment date is required.',
  futurePayment: 'Payment date cannot be in the future.',
  exceedsBalance: (rupees: string) => `Payment cannot exceed the total available balance of ${rupees}.`,
  idempotencyReused: 'This Idempotency-Key was already used for a different payment.',
  paymentNotFound: 'Payment not found.',
  paymentRecorded: 'Payment recorded successfully.',
  paymentUpdated: 'Payment updated successfully.',
  paymentDeleted: 'Payment record deleted successfully.',
  projectOfOtherClient: 'The selected project belongs to another client.',
  projectNotFound: 'Project not found.',
  clientNotFound: 'Client not found.',
  supplierNotFound: 'Supplier not found.',
  noContactEmail: 'The client has no contact email address.',
  noPdf: 'This invoice has no PDF yet: mark it as sent first.',
  noEmailCancelled: 'A cancelled invoice is not emailed: the client would read it as owed.',
} as const

/** The words that differ between an invoice and a bill. */
export const kindWords = {
  RECEIVABLE: {
    noun: 'invoice',
    Noun: 'Invoice',
    notFound: 'Invoice not found.',
    created: 'Receivable invoice created successfully.',
    updated: 'Receivable invoice updated.',
    deleted: 'Invoice deleted successfully.',
    cancelled: 'Invoice cancelled successfully.',
    cancelOnlyLive: 'A draft invoice is deleted, not cancelled.',
    alreadyCancelled: 'This invoice is already cancelled.',
    deleteOnlyDraftOrCancelled: 'A live invoice cannot be deleted: cancel it first.',
    deleteWithPayments:
      'This invoice has payments recorded against it and cannot be deleted. Delete its payments first.',
    changedMeanwhile: 'This invoice has changed since you opened it. Reload and try again.',
    duplicate: 'An invoice with this number already exists.',
    markLive: 'Invoice marked as sent.',
    markLiveOnlyDraft: 'Only draft invoices can be marked as sent.',
    noPayment: 'Payments cannot be recorded on a draft or cancelled invoice.',
    noEditCancelled: 'A cancelled invoice cannot be edited.',
    belowPaid: (total: string, paid: string) =>
      `The invoice total (${total}) cannot be less than the ${paid} already received. Edit or delete payments first.`,
  },
  PAYABLE: {
    noun: 'bill',
    Noun: 'Bill',
    notFound: 'Bill not found.',
    created: 'Payable bill created successfully.',
    updated: 'Payable bill updated.',
    deleted: 'Bill deleted successfully.',
    cancelled: 'Bill cancelled successfully.',
    cancelOnlyLive: 'A draft bill is deleted, not cancelled.',
    alreadyCancelled: 'This bill is already cancelled.',
    deleteOnlyDraftOrCancelled: 'A live bill cannot be deleted: cancel it first.',
    deleteWithPayments:
      'This bill has payments recorded against it and cannot be deleted. Delete its payments first.',
    changedMeanwhile: 'This bill has changed since you opened it. Reload and try again.',
    duplicate: 'A bill with this vendor invoice number already exists for this supplier.',
    markLive: 'Bill marked as received.',
    markLiveOnlyDraft: 'Only draft bills can be marked as received.',
    noPayment: 'Payments cannot be recorded on a draft or cancelled bill.',
    noEditCancelled: 'A cancelled bill cannot be edited.',
    belowPaid: (total: string, paid: string) =>
      `The bill total (${total}) cannot be less than the ${paid} already paid. Edit or delete payments first.`,
  },
} as const

// ---- derived status and who may do what (shared by the server and the web's menus) ----

/** OVERDUE: due date before today, amount due above 0, status SENT, RECEIVED or PARTIALLY_PAID. */
export function isOverdue(
  status: StoredAccountStatus,
  dueDate: string | null,
  amountDue: number,
  today: string,
): boolean {
  return (
    (status === 'SENT' || status === 'RECEIVED' || status === 'PARTIALLY_PAID') &&
    dueDate !== null &&
    dueDate < today &&
    amountDue > 0
  )
}

export function effectiveStatus(
  status: StoredAccountStatus,
  dueDate: string | null,
  amountDue: number,
  today: string,
): AccountStatus {
  return isOverdue(status, dueDate, amountDue, today) ? 'OVERDUE' : (status as AccountStatus)
}

/** Today's date for accounts: India Standard Time, whatever the server's clock zone. */
export function accountsToday(now: Date = new Date()): string {
  return todayIn('Asia/Kolkata', now)
}

export interface AccountsUser {
  isadmin: boolean
  is_accountant: boolean
}

/** May this user open Accounts (lists, details, creating, exports, PDFs) under the organisation's setting? */
export const canOpenAccounts = (u: AccountsUser | null | undefined, access: AccountsAccess) =>
  Boolean(u && (u.isadmin || u.is_accountant || access === 'EVERYONE'))

/** Recording payments (and the details modal's Edit, and mailing invoices): admins and accountants. */
export const canUseAccounts = (u: AccountsUser | null | undefined) => Boolean(u?.isadmin || u?.is_accountant)

/**
 * The row menu, for a status as displayed (docs/product.md, "Who may do what in accounts"). Record
 * Payment is offered to those who may record one: admins and accountants (`canPay`).
 */
export function rowMenu(kind: AccountKind, status: AccountStatus, isAdmin: boolean, canPay = true) {
  return {
    markLive: status === 'DRAFT',
    recordPayment: canPay && ['SENT', 'RECEIVED', 'PARTIALLY_PAID', 'OVERDUE'].includes(status),
    edit: status !== 'CANCELLED',
    viewInfo: true,
    cancel: isAdmin && status !== 'DRAFT' && status !== 'CANCELLED',
    deleteDraft: isAdmin && status === 'DRAFT',
    deletePermanently: isAdmin && status === 'CANCELLED',
    kind,
  }
}

/**
 * The details modal: payments need an amount due on a live document. Mailing an invoice is for those
 * the server lets mail it (admins and accountants), never for a cancelled one.
 */
export function detailActions(status: AccountStatus, amountDue: number, user: AccountsUser) {
  const allowed = canUseAccounts(user)
  return {
    recordPayment: allowed && amountDue > 0 && status !== 'CANCELLED' && status !== 'DRAFT',
    edit: allowed && status !== 'CANCELLED',
    email: allowed && status !== 'CANCELLED',
    managePayments: user.isadmin,
  }
}

/**
 * A past due date shows red unless the item is paid or cancelled: a cancelled invoice or bill owes
 * nothing and is not late (the spec names receivables; bills follow, docs/decisions.md, "Accounts
 * (receivables, payables, payments)").
 */
export function isDueDateRed(status: AccountStatus, dueDate: string | null, today: string) {
  return Boolean(dueDate && dueDate < today && status !== 'PAID' && status !== 'CANCELLED')
}

// ---- input schemas ----

const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`)
/** Missing says `message`; given but not a day on the calendar ('2026-02-30') says so, as other dates do. */
const requiredDate = (message: string) =>
  z.string({ error: message }).trim().min(1, message).refine(isCalendarDay, 'Dates must be YYYY-MM-DD.')
const optionalDate = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || isCalendarDay(v), 'Dates must be YYYY-MM-DD.')
const optionalId = (message: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))
    .refine((v) => v === null || z.uuid().safeParse(v).success, message)
/** A number typed in a form (string) or sent as a number; blank or junk is NaN. */
const numeric = z.union([z.number(), z.string()]).transform((v) => {
  if (typeof v === 'number') return v
  return v.trim() ? Number(v.trim()) : Number.NaN
})

export const lineItemInput = z.object({
  description: z.string().max(1000).nullish(),
  sac_code: text(20),
  qty: numeric.default(1),
  unit: z.string().max(20).nullish(),
  rate: numeric.default(0),
  gst_rate: numeric.default(18).refine((v) => isGstRate(v), accountMessages.gstRate),
})
export type LineItemInput = z.input<typeof lineItemInput>

export interface LineItem {
  description: string
  sac_code: string | null
  qty: number
  unit: string
  rate: number
  gst_rate: number
}

/** A line counts when it has a description, qty above 0 and rate of 0 or more (docs/product.md, "Invoices and bills"). */
export function isValidLine(l: { description?: string | null; qty: number; rate: number }): boolean {
  return (
    Boolean(l.description?.trim()) &&
    Number.isFinite(l.qty) &&
    l.qty > 0 &&
    Number.isFinite(l.rate) &&
    l.rate >= 0
  )
}

/** Invalid lines are dropped; at least one must remain. Quantities keep 3 decimals, rates 2. */
export const lineItemsInput = z
  .array(lineItemInput)
  .max(MAX_LINE_ITEMS, `At most ${MAX_LINE_ITEMS} line items.`)
  .nullish()
  .transform((lines): LineItem[] =>
    (lines ?? []).filter(isValidLine).map((l) => ({
      description: l.description!.trim(),
      sac_code: l.sac_code,
      qty: toUnits(l.qty, 3) / 1000,
      unit: l.unit?.trim() || 'Nos',
      rate: toPaise(l.rate) / 100,
      gst_rate: l.gst_rate,
    })),
  )
  .refine((lines) => lines.length > 0, accountMessages.lineItemRequired)
  .refine(
    (lines) => lines.every((l) => l.qty <= 1_000_000 && l.rate <= 10_000_000_000),
    accountMessages.tooLarge,
  )

const common = {
  project_id: optionalId(accountMessages.projectNotFound),
  due_date: optionalDate,
  description: text(2000),
  line_items: lineItemsInput,
  gst_type: z.enum(gstTypes, { error: 'Invalid GST type.' }).default('INTRASTATE'),
  is_rcm: z.boolean().default(false),
}

const dueNotBefore = (date: string, due: string | null) => due === null || due >= date

/**
 * The due-date rule runs whenever both dates are real days, even while other fields are still wrong,
 * so the form says at once why a due date is refused (zod skips refinements after other issues).
 */
const bothDates =
  (dateKey: 'invoice_date' | 'bill_date') =>
  ({ value }: { value: unknown }) => {
    const v = value as Record<string, unknown> | null
    const due = typeof v?.due_date === 'string' ? v.due_date.trim() : ''
    return typeof v?.[dateKey] === 'string' && isCalendarDay(v[dateKey] as string) && isCalendarDay(due)
  }

export const receivableInput = z
  .object({
    client_id: z.string({ error: accountMessages.clientRequired }).uuid(accountMessages.clientRequired),
    invoice_no: required(accountMessages.invoiceNoRequired, 60),
    invoice_date: requiredDate(accountMessages.invoiceDateRequired),
    ...common,
  })
  .refine((v) => dueNotBefore(v.invoice_date.trim(), v.due_date?.trim() || null), {
    message: accountMessages.dueBeforeDate,
    path: ['due_date'],
    when: bothDates('invoice_date'),
  })
export type ReceivableInput = z.output<typeof receivableInput>

export const payableInput = z
  .object({
    supplier_id: z.string({ error: accountMessages.supplierRequired }).uuid(accountMessages.supplierRequired),
    vendor_invoice_no: required(accountMessages.vendorInvoiceNoRequired, 60),
    bill_date: requiredDate(accountMessages.billDateRequired),
    ...common,
  })
  .refine((v) => dueNotBefore(v.bill_date.trim(), v.due_date?.trim() || null), {
    message: 'Due date cannot be before the bill date.',
    path: ['due_date'],
    when: bothDates('bill_date'),
  })
export type PayableInput = z.output<typeof payableInput>

const positiveAmount = z
  .union([z.number(), z.string()], { error: accountMessages.positiveAmount })
  .transform((v) => (typeof v === 'number' ? v : v.trim() ? Number(v) : Number.NaN))
  .refine((v) => Number.isFinite(v) && toPaise(v) > 0, accountMessages.positiveAmount)
  .refine((v) => v <= MAX_AMOUNT, accountMessages.tooLarge)
  .transform((v) => toPaise(v) / 100)

const paymentFields = {
  payment_date: requiredDate(accountMessages.paymentDateRequired),
  mode: z.enum(paymentModes, { error: 'Choose a payment mode.' }).default('Bank Transfer'),
  transaction_id: text(120),
  notes: text(2000),
}

/** Record Payment (docs/product.md, "Payments"). */
export const paymentInput = z.object({ amount_paid_now: positiveAmount, ...paymentFields })
export type PaymentInput = z.output<typeof paymentInput>

/** Edit Payment. */
export const paymentUpdateInput = z.object({ amount: positiveAmount, ...paymentFields })
export type PaymentUpdateInput = z.output<typeof paymentUpdateInput>

/** Record Payment on a document: not above its amount due (paise), with the spec's words. */
export const paymentInputWithin = (duePaise: number) =>
  paymentInput.refine((v) => toPaise(v.amount_paid_now) <= duePaise, {
    message: accountMessages.exceedsDue,
    path: ['amount_paid_now'],
  })

/** Edit Payment: not above what is due plus the payment's own amount (paise). */
export const paymentUpdateWithin = (availablePaise: number) =>
  paymentUpdateInput.refine((v) => toPaise(v.amount) <= availablePaise, {
    message: accountMessages.exceedsBalance(formatCurrency(availablePaise / 100)),
    path: ['amount'],
  })

const listQueryFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  startDate: optionalDate,
  endDate: optionalDate,
  searchQuery: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  aging: blankIsNone(z.enum(agingBuckets)),
}
const datesInOrder = (v: { startDate: string | null; endDate: string | null }) =>
  !v.startDate || !v.endDate || v.startDate <= v.endDate
// On endDate: a list whose address holds the two the wrong way round drops only the To date.
const datesOrderIssue = { message: accountMessages.datesOrder, path: ['endDate'] }

/** A kind's list query: the shared filters, its own statuses and sorts. */
const listQueryOf = <
  const S extends readonly [string, ...string[]],
  const O extends readonly [string, ...string[]],
>(
  statuses: S,
  sorts: O,
) =>
  z
    .object({
      ...listQueryFields,
      status: blankIsNone(z.enum(statuses)),
      sortBy: z.enum(sorts).default(sorts[0]),
    })
    .refine(datesInOrder, datesOrderIssue)
export const receivableListQuery = listQueryOf(receivableStatuses, receivableSorts)
export const payableListQuery = listQueryOf(payableStatuses, payableSorts)
export type AccountListQuery = z.output<typeof receivableListQuery> | z.output<typeof payableListQuery>

export type { GstType }
