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

export function receivableItem(row: DocumentRow, today: string): ReceivableListItem {
  return {
    receivable_id: row.invoiceId,
    client_id: row.partyId,
    client_name: row.partyName,
    invoice_no: row.number,
    invoice_date: row.documentDate,
    status: shownStatus(row, today) as ReceivableStatus,
    ...common(row),
  }
}

export function payableItem(row: DocumentRow, today: string): PayableListItem {
  return {
    payable_id: row.invoiceId,
    supplier_id: row.partyId,
    supplier_name: row.partyName,
    vendor_invoice_no: row.number,
    bill_date: row.documentDate,
    status: shownStatus(row, today) as PayableStatus,
    ...common(row),
  }
}

function detailCommon(row: DocumentDetailRow, lines: StoredLineItem[], payments: Payment[]) {
  return {
    ...common(row),
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

export function receivableDetail(
  row: DocumentDetailRow,
  lines: StoredLineItem[],
  payments: Payment[],
  today: string,
): ReceivableDetail {
  return {
    receivable_id: row.invoiceId,
    client_id: row.partyId,
    client_name: row.partyName,
    client_gstin: row.partyGstin,
    invoice_no: row.number,
    invoice_date: row.documentDate,
    status: shownStatus(row, today) as ReceivableStatus,
    invoice_pdf_s3_key: row.pdfKey,
    ...detailCommon(row, lines, payments),
  }
}

export function payableDetail(
  row: DocumentDetailRow,
  lines: StoredLineItem[],
  payments: Payment[],
  today: string,
): PayableDetail {
  return {
    payable_id: row.invoiceId,
    supplier_id: row.partyId,
    supplier_name: row.partyName,
    supplier_gstin: row.partyGstin,
    vendor_invoice_no: row.number,
    bill_date: row.documentDate,
    status: shownStatus(row, today) as PayableStatus,
    ...detailCommon(row, lines, payments),
  }
}
