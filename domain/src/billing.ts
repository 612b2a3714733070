import { z } from 'zod'
import {
  calendarDate,
  calendarDay,
  idParams,
  idTo,
  idToMessage,
  instant,
  isCalendarDay,
  passwordConfirmation,
  recordAccess,
} from './contract.ts'
import { endpoint } from './http.ts'
import { decimalOrNull } from './projects.ts'

export const INVOICE_PDF_MAX_BYTES = 25 * 1024 * 1024
export const invoiceStatuses = ['PENDING', 'CLEARED'] as const
export type InvoiceStatus = (typeof invoiceStatuses)[number]

export const billingMessages = {
  addRequired: 'Invoice No, Title, Amount, Date, and PDF are required fields.',
  editRequired: 'Invoice No, Title, Amount, and Date are required fields.',
  clearanceRequiredOnCreate: 'Date of Clearance is required when status is Cleared.',
  clearanceRequired: 'Date of Clearance is required.',
  clearanceBeforeInvoice: 'Date of Clearance cannot be before the Invoice Date.',
  pdfTooLarge: 'File size exceeds 25MB.',
  pdfOnly: 'The invoice must be a PDF file.',
  added: 'Invoice added successfully!',
  updated: 'Invoice updated successfully!',
  statusUpdated: 'Invoice status updated successfully!',
  deleted: 'Invoice deleted successfully.',
  notFound: 'Invoice not found.',
  alreadyCleared: 'This invoice is already cleared.',
  alreadyPending: 'This invoice is already pending.',
  passwordRequired: 'Password is required to confirm deletion.',
  wrongPassword: 'Incorrect password.',
} as const

const dateOnly = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, message)
const required = (message: string) => z.string({ error: message }).trim().min(1, message)
const amount = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(String(v).trim())
    if ((typeof v === 'string' && !v.trim()) || !Number.isFinite(n) || n < 0 || n >= 1e12) {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    return Math.round(n * 100) / 100
  })

const nullableText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))

const invoiceFields = (message: string) => ({
  invoice_no: required(message).pipe(z.string().max(60)),
  title: required(message).pipe(z.string().max(200)),
  description: nullableText(2000),
  amount: amount(message),
  cost_incurred: decimalOrNull,
  invoice_date: dateOnly(message),
})

/** Multipart fields of POST /billing/project/{id}; the PDF travels beside them. */
export const createInvoiceInput = z
  .object({
    ...invoiceFields(billingMessages.addRequired),
    status: z.enum(invoiceStatuses).default('PENDING'),
    transaction_id: nullableText(120),
    clearance_date: calendarDay,
  })
  .superRefine((v, ctx) => {
    if (v.status === 'CLEARED' && !v.clearance_date) {
      ctx.addIssue({
        code: 'custom',
        message: billingMessages.clearanceRequiredOnCreate,
        path: ['clearance_date'],
      })
    }
    // Days as YYYY-MM-DD compare as text (a clearance before the invoice is refused).
    if (v.status === 'CLEARED' && v.clearance_date && v.clearance_date < v.invoice_date) {
      ctx.addIssue({
        code: 'custom',
        message: billingMessages.clearanceBeforeInvoice,
        path: ['clearance_date'],
      })
    }
  })
  // For PENDING the transaction and clearance fields are not kept.
  .transform((v) => (v.status === 'PENDING' ? { ...v, transaction_id: null, clearance_date: null } : v))

export const updateInvoiceInput = z.object(invoiceFields(billingMessages.editRequired))

export const invoiceStatusInput = z
  .object({
    status: z.enum(invoiceStatuses),
    transaction_id: nullableText(120),
    clearance_date: calendarDay,
  })
  .superRefine((v, ctx) => {
    if (v.status === 'CLEARED' && !v.clearance_date) {
      ctx.addIssue({ code: 'custom', message: billingMessages.clearanceRequired, path: ['clearance_date'] })
    }
  })

export const deleteWithPasswordInput = passwordConfirmation(billingMessages.passwordRequired)

/** A project billing invoice (docs/product.md, "Projects and billing"). */
export const projectInvoice = z.object({
  invoice_id: z.string(),
  project_id: z.string(),
  invoice_no: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  amount: z.number(),
  cost_incurred: z.number().nullable(),
  invoice_date: calendarDate,
  status: z.enum(invoiceStatuses),
  invoice_pdf_s3_key: z.string(),
  transaction_id: z.string().nullable(),
  clearance_date: calendarDate.nullable(),
  cleared_by_full_name: z.string().nullable(),
  created_by_full_name: z.string().nullable(),
  updated_by_full_name: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
  version: z.number().int(),
})
export type ProjectInvoice = z.infer<typeof projectInvoice>

/** GET /billing/project/{id}: the invoices and the three metric cards. */
export const projectBilling = z.object({
  invoices: z.array(projectInvoice),
  summary: z.object({
    total_order_value: z.number(),
    total_billed_amount: z.number(),
    total_cost_incurred: z.number(),
  }),
  access_level: recordAccess,
})
export type ProjectBilling = z.infer<typeof projectBilling>

export const invoiceAdded = z.object({ message: z.string(), invoice_id: z.string() })

/**
 * DELETE /billing/invoice/{id}: the password in the body, as the spec sends it (a password is never
 * taken from the address). Checked by deleteWithPasswordInput in the handler, for its message.
 */
export const deleteInvoiceBody = z.object({ password: z.string().max(128).optional() })

/** A project's invoices (docs/product.md, "Projects and billing"). */
export const billingEndpoints = {
  list: endpoint('GET', '/billing/project/:id', idTo(projectBilling)),
  /** Multipart: the fields below and the PDF as `invoice_pdf`. */
  add: endpoint(
    'POST',
    '/billing/project/:id',
    { params: idParams, response: { 201: invoiceAdded } },
    { multipart: createInvoiceInput, files: ['invoice_pdf'] },
  ),
  /** If-Match: the invoice's version. */
  edit: endpoint('PUT', '/billing/invoice/:id', { ...idToMessage, body: updateInvoiceInput }),
  setStatus: endpoint('PUT', '/billing/invoice/:id/status', { ...idToMessage, body: invoiceStatusInput }),
  remove: endpoint('DELETE', '/billing/invoice/:id', { ...idToMessage, body: deleteInvoiceBody }),
}
