/** What differs between the receivables and payables screens: words, paths and the spec's texts. */
import {
  type AccountKind,
  type AccountStatus,
  type PayableSort,
  payableFilterStatuses,
  payableInput,
  payableListQuery,
  type ReceivableSort,
  receivableInput,
  receivableListQuery,
  receivableStatuses,
} from '@daftar/domain/accounts'
import { recordHref } from '../../ui/register-kit/roots.ts'
import type { DocRow } from './api.ts'

export interface KindConfig {
  kind: AccountKind
  /** The list endpoint's query schema: the address keeps the filters under its names. */
  listQuery: typeof receivableListQuery | typeof payableListQuery
  /** The create and update body's schema: the form's only validation. */
  input: typeof receivableInput | typeof payableInput
  /** The kind's own names of the party, the number and the date, in the API and the form. */
  keys: {
    party: 'client_id' | 'supplier_id'
    number: 'invoice_no' | 'vendor_invoice_no'
    date: 'invoice_date' | 'bill_date'
  }
  route: '/accounts/receivables' | '/accounts/payables'
  title: string
  noun: 'invoice' | 'bill'
  Noun: 'Invoice' | 'Bill'
  cards: { unpaid: string; received: string; receivedFiltered: string }
  addButton: string
  numberLabel: string
  numberField: string
  dateField: string
  partyLabel: string
  partyLink: (id: string) => string
  empty: string
  loading: string
  filterStatuses: readonly AccountStatus[]
  sorts: readonly { value: ReceivableSort | PayableSort; label: string }[]
  markLive: string
  cancelAction: string
  detailsTitle: string
  partyHeading: string
  amountNow: string
  amountEdit: string
  formTitles: { add: string; edit: (no: string) => string }
  saveNew: string
  loadError: string
  notFound: string
  confirm: { deleteTitle: string; cancelTitle: string; editLiveTitle: string; editLive: string }
  toasts: {
    created: string
    createFailed: string
    updated: string
    updateFailed: string
    removed: string
    removeFailed: string
    marked: string
    markFailed: string
  }
}

const sortLabels = {
  due_date_asc: 'Due Date (Soonest)',
  total_amount_desc: 'Amount (High to Low)',
  total_amount_asc: 'Amount (Low to High)',
} as const

/** Both kinds sort the same ways; only the field of their newest first differs. */
const documentSorts = (dateField: 'invoice_date' | 'bill_date'): KindConfig['sorts'] => [
  { value: `${dateField}_desc` as const, label: 'Newest First' },
  { value: 'due_date_asc', label: sortLabels.due_date_asc },
  { value: 'total_amount_desc', label: sortLabels.total_amount_desc },
  { value: 'total_amount_asc', label: sortLabels.total_amount_asc },
]

export const receivablesConfig: KindConfig = {
  kind: 'RECEIVABLE',
  listQuery: receivableListQuery,
  input: receivableInput,
  keys: { party: 'client_id', number: 'invoice_no', date: 'invoice_date' },
  route: '/accounts/receivables',
  title: 'Accounts: Receivables',
  noun: 'invoice',
  Noun: 'Invoice',
  cards: {
    unpaid: 'Total Receivable (Unpaid)',
    received: 'Received (This Month)',
    receivedFiltered: 'Received (Filtered)',
  },
  addButton: 'Add Invoice',
  numberLabel: 'Invoice No',
  numberField: 'Invoice No',
  dateField: 'Invoice Date',
  partyLabel: 'Client',
  partyLink: (id) => recordHref('CLIENT', id),
  empty: 'No receivable invoices found for the selected criteria.',
  loading: 'Loading invoices...',
  filterStatuses: receivableStatuses,
  sorts: documentSorts('invoice_date'),
  markLive: 'Mark as Sent',
  cancelAction: 'Cancel Invoice',
  detailsTitle: 'Invoice Details',
  partyHeading: 'Bill To',
  amountNow: 'Amount Received Now',
  amountEdit: 'Amount Received',
  formTitles: { add: 'Add New Receivable Invoice', edit: (no) => `Edit Invoice: ${no}` },
  saveNew: 'Save as Draft',
  loadError: 'Error loading invoice data',
  notFound: 'Invoice not found.',
  confirm: {
    deleteTitle: 'Confirm Deletion',
    cancelTitle: 'Confirm Cancellation',
    editLiveTitle: 'Edit Live Invoice?',
    editLive:
      'This invoice may already have been sent to the client. Saving changes regenerates its PDF. Do you want to edit it?',
  },
  toasts: {
    created: 'Receivable invoice created successfully.',
    createFailed: 'Failed to create receivable invoice.',
    updated: 'Receivable invoice updated.',
    updateFailed: 'Failed to update receivable invoice.',
    removed: 'Invoice processed successfully.',
    removeFailed: 'Failed to process invoice.',
    marked: 'Invoice marked as sent.',
    markFailed: 'Failed to mark invoice as sent.',
  },
}

export const payablesConfig: KindConfig = {
  kind: 'PAYABLE',
  listQuery: payableListQuery,
  input: payableInput,
  keys: { party: 'supplier_id', number: 'vendor_invoice_no', date: 'bill_date' },
  route: '/accounts/payables',
  title: 'Accounts: Payables',
  noun: 'bill',
  Noun: 'Bill',
  cards: {
    unpaid: 'Total Payable (Unpaid)',
    received: 'Paid (This Month)',
    receivedFiltered: 'Paid (Filtered)',
  },
  addButton: 'Add New Bill',
  numberLabel: 'Vendor Bill No',
  numberField: 'Vendor Invoice No',
  dateField: 'Bill Date',
  partyLabel: 'Supplier',
  partyLink: (id) => recordHref('SUPPLIER', id),
  empty: 'No payable bills found for the selected criteria.',
  loading: 'Loading bills...',
  filterStatuses: payableFilterStatuses,
  sorts: documentSorts('bill_date'),
  markLive: 'Mark as Received',
  cancelAction: 'Cancel Bill',
  detailsTitle: 'Bill Details',
  partyHeading: 'From',
  amountNow: 'Amount Paid Now',
  amountEdit: 'Amount Paid',
  formTitles: { add: 'Add New Payable Bill', edit: (no) => `Edit Bill: ${no}` },
  saveNew: 'Save Bill',
  loadError: 'Error loading bill data',
  notFound: 'Bill not found.',
  confirm: {
    deleteTitle: 'Confirm Delete Bill',
    cancelTitle: 'Confirm Delete Bill',
    editLiveTitle: 'Edit Live Bill?',
    editLive: 'This bill has already been received. Do you want to edit it?',
  },
  toasts: {
    created: 'Payable bill created successfully.',
    createFailed: 'Failed to create payable bill.',
    updated: 'Payable bill updated.',
    updateFailed: 'Failed to update payable bill.',
    removed: 'Bill deleted successfully.',
    removeFailed: 'Failed to delete bill.',
    marked: 'Bill marked as received.',
    markFailed: 'Failed to mark bill as received.',
  },
}

export const statusLabels: Record<AccountStatus, string> = {
  DRAFT: 'Draft',
  SENT: 'Sent',
  RECEIVED: 'Received',
  PARTIALLY_PAID: 'Partially Paid',
  PAID: 'Paid',
  OVERDUE: 'Overdue',
  CANCELLED: 'Cancelled',
}

export const statusColors: Record<AccountStatus, string> = {
  DRAFT: 'gray',
  SENT: 'blue',
  RECEIVED: 'blue',
  PARTIALLY_PAID: 'yellow',
  PAID: 'teal',
  OVERDUE: 'red',
  CANCELLED: 'dark',
}

// ---- the kind's own fields of a document, read from the API's answer as it is ----

export const idOf = (d: DocRow) => ('receivable_id' in d ? d.receivable_id : d.payable_id)
export const numberOf = (d: DocRow) => ('receivable_id' in d ? d.invoice_no : d.vendor_invoice_no)
export const dateOf = (d: DocRow) => ('receivable_id' in d ? d.invoice_date : d.bill_date)
export const partyOf = (d: DocRow) =>
  'receivable_id' in d
    ? { id: d.client_id, name: d.client_name }
    : { id: d.supplier_id, name: d.supplier_name }
