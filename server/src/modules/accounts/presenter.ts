import {
  type AccountStatus,
  effectiveStatus,
  type PayableDetail,
  type PayableListItem,
  type PayableStatus,
  type Payment,
  type ReceivableDetail,
  type ReceivableListItem,
  type ReceivableStatus,
  type StoredAccountStatus,
  type StoredLineItem,
} from '@daftar/domain'

/** A document as the queries read it, whatever its kind. */
export interface DocumentRow {
  invoiceId: string
  partyId: string
  partyName: string
  projectId: string | null
  projectName: string | null
  number: string
  documentDate: string
  dueDate: string | null
  status: StoredAccountStatus
  totalAmount: string
  amountPaid: string
  amountDue: string
  version: number
}

export interface DocumentDetailRow extends DocumentRow {
  partyGstin: string | null
  doNotRemind: boolean
  description: string | null
  gstType: ReceivableDetail['gst_type']
  isRcm: boolean
  subtotal: string
  cgstAmount: string
  sgstAmount: string
  igstAmount: string
  roundOff: string
  pdfKey: string | null
  createdBy: string | null
  updatedBy: string | null
  createdAt: Date
  updatedAt: Date
}

const shownStatus = (row: DocumentRow, today: string): AccountStatus =>
  effectiveStatus(row.status, row.dueDate, Number(row.amountDue), today)

function common(row: DocumentRow) {
  return {
    project_id: row.projectId,
    project_name: row.projectName,
    due_date: row.dueDate,
    total_amount: Number(row.totalAmount),
    amount_paid: Number(row.amountPaid),
    amount_due: Number(row.amountDue),
    version: row.version,
  }
}

/** The fields a receivable names its own way. */
const receivableNames = (row: DocumentRow) => ({
  receivable_id: row.invoiceId,
  client_id: row.partyId,
  client_name: row.partyName,
  invoice_no: row.number,
  invoice_date: row.documentDate,
})

/** The fields a payable names its own way. */
const payableNames = (row: DocumentRow) => ({
  payable_id: row.invoiceId,
  supplier_id: row.partyId,
  supplier_name: row.partyName,
  vendor_invoice_no: row.number,
  bill_date: row.documentDate,
})

export const receivableItem = (row: DocumentRow, today: string): ReceivableListItem => ({
  ...receivableNames(row),
  status: shownStatus(row, today) as ReceivableStatus,
  ...common(row),
})

export const payableItem = (row: DocumentRow, today: string): PayableListItem => ({
  ...payableNames(row),
  status: shownStatus(row, today) as PayableStatus,
  ...common(row),
})

function detailCommon(row: DocumentDetailRow, lines: StoredLineItem[], payments: Payment[]) {
  return {
    description: row.description,
    line_items: lines,
    gst_type: row.gstType,
    is_rcm: row.isRcm,
    subtotal: Number(row.subtotal),
    cgst_amount: Number(row.cgstAmount),
    sgst_amount: Number(row.sgstAmount),
    igst_amount: Number(row.igstAmount),
    round_off: Number(row.roundOff),
    payment_details: payments,
    created_by_username: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_by_username: row.updatedBy,
    updated_at: row.updatedAt.toISOString(),
  }
}

/** A detail is its list item with the party's GSTIN, the lines, the amounts and the payments. */
export function receivableDetail(
  row: DocumentDetailRow,
  lines: StoredLineItem[],
  payments: Payment[],
  today: string,
  reminders: { step: string; to: string | null; sentAt: Date }[] = [],
): ReceivableDetail {
  return {
    ...receivableItem(row, today),
    client_gstin: row.partyGstin,
    invoice_pdf_s3_key: row.pdfKey,
    do_not_remind: row.doNotRemind,
    reminders: reminders.map((r) => ({ step: r.step, to: r.to, sent_at: r.sentAt.toISOString() })),
    ...detailCommon(row, lines, payments),
  }
}

export function payableDetail(
  row: DocumentDetailRow,
  lines: StoredLineItem[],
  payments: Payment[],
  today: string,
): PayableDetail {
  return { ...payableItem(row, today), supplier_gstin: row.partyGstin, ...detailCommon(row, lines, payments) }
}
