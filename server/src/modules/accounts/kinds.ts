import {
  type AccountKind,
  accountMessages,
  kindWords,
  liveStatusOf,
  type PayableInput,
  type ReceivableInput,
  type StoredAccountStatus,
  toPaise,
} from '@daftar/domain'
import type { RequestContext } from '../../platform/context.ts'
import { forbidden } from '../../platform/errors.ts'

/** Accounts are for admins and accountants only, on the server too (docs/product.md, "Who may use what"). */
export function requireAccounts(ctx: RequestContext): void {
  if (!ctx.isAdmin && !ctx.isAccountant) throw forbidden(accountMessages.accountsOnly)
}

/** Cancelling and deleting documents, editing and deleting payments. */
export function requireAccountsAdmin(ctx: RequestContext, message: string): void {
  requireAccounts(ctx)
  if (!ctx.isAdmin) throw forbidden(message)
}

export const words = (kind: AccountKind) => kindWords[kind]

/** A receivable or payable input in the shape both share. */
export interface DocumentInput {
  partyId: string
  projectId: string | null
  number: string
  documentDate: string
  dueDate: string | null
  description: string | null
  lines: ReceivableInput['line_items']
  gstType: ReceivableInput['gst_type']
  isRcm: boolean
}

export function fromReceivable(input: ReceivableInput): DocumentInput {
  return {
    partyId: input.client_id,
    projectId: input.project_id,
    number: input.invoice_no,
    documentDate: input.invoice_date,
    dueDate: input.due_date,
    description: input.description,
    lines: input.line_items,
    gstType: input.gst_type,
    isRcm: input.is_rcm,
  }
}

export function fromPayable(input: PayableInput): DocumentInput {
  return {
    partyId: input.supplier_id,
    projectId: input.project_id,
    number: input.vendor_invoice_no,
    documentDate: input.bill_date,
    dueDate: input.due_date,
    description: input.description,
    lines: input.line_items,
    gstType: input.gst_type,
    isRcm: input.is_rcm,
  }
}

/**
 * The status of a live document after its payments change: PAID when nothing is due, PARTIALLY_PAID
 * when something was paid, else back to SENT or RECEIVED. Drafts and cancelled ones keep theirs.
 */
export function statusAfterPayments(
  kind: AccountKind,
  status: StoredAccountStatus,
  paidPaise: number,
  totalPaise: number,
): StoredAccountStatus {
  if (status === 'DRAFT' || status === 'CANCELLED') return status
  if (paidPaise <= 0) return liveStatusOf[kind]
  return paidPaise >= totalPaise ? 'PAID' : 'PARTIALLY_PAID'
}

/** numeric(14,2) as it comes from the driver (a string) to paise. */
export const paiseOf = (value: string | number) => toPaise(Number(value))
/** Paise to numeric(14,2) text for the driver. */
export const numericOf = (paise: number) => (paise / 100).toFixed(2)
