/** Response shapes of /api/receivables, /api/payables and /api/payments. */
import { z } from 'zod'
import {
  payableInput,
  payableListQuery,
  payableStatuses,
  paymentInput,
  paymentModes,
  paymentUpdateInput,
  receivableInput,
  receivableListQuery,
  receivableStatuses,
} from './accounts.ts'
import {
  auditFields,
  blankIsNone,
  calendarDate,
  idParams,
  idTo,
  idToMessage,
  instant,
  pageOf,
} from './contract.ts'
import { exportEndpoint } from './export-query.ts'
import { gstTypes } from './gst.ts'
import { endpoint } from './http.ts'

const money = z.number()
const nullableText = z.string().nullable()

/** A stored line item with its computed amounts (rupees). */
export const lineItem = z.object({
  description: z.string(),
  sac_code: nullableText,
  qty: z.number(),
  unit: z.string(),
  rate: money,
  gst_rate: z.number(),
  basic_amount: money,
  gst_amount: money,
})
export type StoredLineItem = z.infer<typeof lineItem>

/** A payment, with who recorded and who last changed it. */
export const payment = z.object({
  payment_id: z.string(),
  amount: money,
  date: calendarDate,
  mode: z.enum(paymentModes),
  transaction_id: nullableText,
  notes: nullableText,
  recorded_by_username: nullableText,
  recorded_at: instant,
  updated_by_username: nullableText,
  updated_at: instant,
  version: z.number().int(),
})
export type Payment = z.infer<typeof payment>

const amounts = {
  subtotal: money,
  cgst_amount: money,
  sgst_amount: money,
  igst_amount: money,
  round_off: money,
  total_amount: money,
  amount_paid: money,
  amount_due: money,
}

const listCommon = {
  project_id: nullableText,
  project_name: nullableText,
  due_date: calendarDate.nullable(),
  total_amount: money,
  amount_paid: money,
  amount_due: money,
  version: z.number().int(),
}

export const receivableListItem = z.object({
  receivable_id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  invoice_no: z.string(),
  invoice_date: calendarDate,
  status: z.enum(receivableStatuses),
  ...listCommon,
})
export type ReceivableListItem = z.infer<typeof receivableListItem>

export const payableListItem = z.object({
  payable_id: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  vendor_invoice_no: z.string(),
  bill_date: calendarDate,
  status: z.enum(payableStatuses),
  ...listCommon,
})
export type PayableListItem = z.infer<typeof payableListItem>

export const receivableList = pageOf('receivables', receivableListItem)
export type ReceivableList = z.infer<typeof receivableList>
export const payableList = pageOf('payables', payableListItem)
export type PayableList = z.infer<typeof payableList>

const detailCommon = {
  project_id: nullableText,
  project_name: nullableText,
  due_date: calendarDate.nullable(),
  description: nullableText,
  line_items: z.array(lineItem),
  gst_type: z.enum(gstTypes),
  is_rcm: z.boolean(),
  ...amounts,
  payment_details: z.array(payment),
  ...auditFields,
  version: z.number().int(),
}

export const receivableDetail = z.object({
  receivable_id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  client_gstin: nullableText,
  invoice_no: z.string(),
  invoice_date: calendarDate,
  status: z.enum(receivableStatuses),
  invoice_pdf_s3_key: nullableText,
  /** 'Do not remind': no scheduled payment reminder goes (docs/decisions.md, "Payment reminders"). */
  do_not_remind: z.boolean(),
  /** The payment reminders sent, newest first: step is the days after the due date or 'manual'. */
  reminders: z.array(z.object({ step: z.string(), to: nullableText, sent_at: instant })),
  ...detailCommon,
})
export type ReceivableDetail = z.infer<typeof receivableDetail>

export const payableDetail = z.object({
  payable_id: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  supplier_gstin: nullableText,
  vendor_invoice_no: z.string(),
  bill_date: calendarDate,
  status: z.enum(payableStatuses),
  ...detailCommon,
})
export type PayableDetail = z.infer<typeof payableDetail>

/** Amount due of live documents by how late they are (the aging strip). */
export const aging = z.object({
  current: money,
  days_1_30: money,
  days_31_60: money,
  days_61_90: money,
  days_over_90: money,
})
export type Aging = z.infer<typeof aging>

/** The summary's cards that both kinds name alike. */
const overdueAndDrafts = {
  totalOverdue: money,
  draftCount: z.number().int(),
  draftTotalValue: money,
}

export const receivableSummary = z.object({
  totalReceivable: money,
  ...overdueAndDrafts,
  receivedThisMonth: money,
  aging,
})
export type ReceivableSummary = z.infer<typeof receivableSummary>

export const payableSummary = z.object({
  totalPayable: money,
  ...overdueAndDrafts,
  paidThisMonth: money,
  aging,
})
export type PayableSummary = z.infer<typeof payableSummary>

export const receivableSaved = z.object({ message: z.string(), receivable_id: z.string() })
export const payableSaved = z.object({ message: z.string(), payable_id: z.string() })

export const paymentResult = z.object({ message: z.string(), payment })
export type PaymentResult = z.infer<typeof paymentResult>

/** The organisation as an invoice shows it (and the form's GST proposal needs). */
export const accountsOrganisation = z.object({
  name: z.string(),
  gstin: nullableText,
  address: nullableText,
  upi_id: nullableText,
})
export type AccountsOrganisation = z.infer<typeof accountsOrganisation>

/**
 * DELETE …/{id}: Delete Draft or Delete Permanently, never a cancel (that is PUT …/{id}/cancel).
 * `status` is the status the caller saw; the delete applies only while the document still has it.
 */
export const accountDeleteQuery = z.object({
  status: blankIsNone(z.enum(['DRAFT', 'CANCELLED'])),
})

// ---- the endpoints (docs/architecture.md, "One contract") ----

/** What a kind of document declares for itself: its path, its live action and its own shapes. */
interface DocumentSchemas<
  Q extends z.ZodType,
  I extends z.ZodType,
  L extends z.ZodType,
  S extends z.ZodType,
  D extends z.ZodType,
  V extends z.ZodType,
> {
  query: Q
  input: I
  list: L
  summary: S
  detail: D
  saved: V
}

/**
 * The endpoints of one kind of document (receivables or payables): the same routes under the kind's
 * path, with its own list, summary, detail and input shapes (docs/decisions.md, "Accounts (receivables,
 * payables, payments)": they mirror each other).
 */
function documentEndpoints<
  const B extends string,
  const A extends string,
  Q extends z.ZodType,
  I extends z.ZodType,
  L extends z.ZodType,
  S extends z.ZodType,
  D extends z.ZodType,
  V extends z.ZodType,
>(base: B, liveAction: A, s: DocumentSchemas<Q, I, L, S, D, V>) {
  return {
    list: endpoint('GET', base, { querystring: s.query, response: { 200: s.list } }),
    summary: endpoint('GET', `${base}/summary`, { querystring: s.query, response: { 200: s.summary } }),
    export: exportEndpoint(`${base}/export`, s.query),
    detail: endpoint('GET', `${base}/:id`, idTo(s.detail)),
    create: endpoint('POST', base, { body: s.input, response: { 201: s.saved } }, { idempotent: true }),
    update: endpoint('PUT', `${base}/:id`, { ...idTo(s.saved), body: s.input }),
    remove: endpoint('DELETE', `${base}/:id`, { ...idToMessage, querystring: accountDeleteQuery }),
    cancel: endpoint('PUT', `${base}/:id/cancel`, idToMessage),
    markLive: endpoint('PUT', `${base}/:id/${liveAction}`, idToMessage),
    recordPayment: endpoint('POST', `${base}/:id/payments`, {
      params: idParams,
      body: paymentInput,
      response: { 201: paymentResult },
    }),
  }
}

export const receivableEndpoints = {
  ...documentEndpoints('/receivables', 'send', {
    query: receivableListQuery,
    input: receivableInput,
    list: receivableList,
    summary: receivableSummary,
    detail: receivableDetail,
    saved: receivableSaved,
  }),
  email: endpoint('POST', '/receivables/:id/email', idToMessage),
  remind: endpoint('POST', '/receivables/:id/remind', idToMessage),
  doNotRemind: endpoint('PUT', '/receivables/:id/do-not-remind', {
    ...idToMessage,
    body: z.object({ do_not_remind: z.boolean() }),
  }),
}

export const payableEndpoints = documentEndpoints('/payables', 'receive', {
  query: payableListQuery,
  input: payableInput,
  list: payableList,
  summary: payableSummary,
  detail: payableDetail,
  saved: payableSaved,
})

/** Payments of either kind (admins), and what the invoice form needs of the organisation. */
export const accountsEndpoints = {
  updatePayment: endpoint('PUT', '/payments/:id', { ...idTo(paymentResult), body: paymentUpdateInput }),
  deletePayment: endpoint('DELETE', '/payments/:id', idToMessage),
  organisation: endpoint('GET', '/accounts/organisation', { response: { 200: accountsOrganisation } }),
}
