import {
  type AccountKind,
  accountMessages,
  gstr1Messages,
  kindWords,
  liveStatusOf,
  type PayableInput,
  type ReceivableInput,
  type StoredAccountStatus,
  toPaise,
} from '@daftar/domain'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import { forbidden } from '../../platform/errors.ts'
import { accountsAccessOf } from '../organisations/service.ts'

/**
 * Opening Accounts (lists, details, creating and editing, marking sent or received, exports, PDFs):
 * everyone, or admins and accountants only, as the organisation's 'Who can open Accounts' says
 * (docs/decisions.md, "Accounts (receivables, payables, payments)").
 */
export async function requireAccounts(db: DbOrTx, ctx: RequestContext): Promise<void> {
  if (ctx.isAdmin || ctx.isAccountant) return
  if ((await accountsAccessOf(db, ctx.orgId)) !== 'EVERYONE') throw forbidden(accountMessages.accountsOnly)
}

/** Recording payments and mailing invoices: admins and accountants, whatever the setting. */
export function requireAccountant(ctx: RequestContext, message: string): void {
  if (!ctx.isAdmin && !ctx.isAccountant) throw forbidden(message)
}

/** Cancelling and deleting documents, editing and deleting payments: admins. */
export function requireAccountsAdmin(ctx: RequestContext, message: string): void {
  if (!ctx.isAdmin) throw forbidden(message)
}

/**
 * The role a route needs beyond opening Accounts, checked before its request is read: so a refused
 * caller is answered 403 whatever the body, and never learns the form from a 400.
 */
export function routeRule(method: string, url: string | undefined): ((ctx: RequestContext) => void) | null {
  if (!url) return null
  if (url === '/api/admin/payment-reminders') return (ctx) => requireAdmin(ctx)
  if (url.startsWith('/api/gst/')) return (ctx) => requireAccountant(ctx, gstr1Messages.adminsAndAccountants)
  if (url.startsWith('/api/payments/'))
    return (ctx) => requireAccountsAdmin(ctx, accountMessages.adminOnlyPayments)
  if (method === 'DELETE' || url.endsWith('/cancel'))
    return (ctx) => requireAccountsAdmin(ctx, accountMessages.adminOnlyDelete)
  if (method === 'POST' && url.endsWith('/payments'))
    return (ctx) => requireAccountant(ctx, accountMessages.paymentsOnly)
  if (method === 'POST' && url.endsWith('/email'))
    return (ctx) => requireAccountant(ctx, accountMessages.emailOnly)
  if ((method === 'POST' && url.endsWith('/remind')) || url.endsWith('/do-not-remind'))
    return (ctx) => requireAccountant(ctx, accountMessages.remindOnly)
  return null
}

export const words = (kind: AccountKind) => kindWords[kind]

/** The audit entry of a change to a document or its payments, written in the change's transaction. */
export function auditDocument(
  tx: Tx,
  ctx: RequestContext,
  kind: AccountKind,
  id: string,
  action: string,
  change: { before?: unknown; after?: unknown },
) {
  return audit(tx, ctx, { action, entityType: kind, entityId: id, ...change })
}

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

/** A receivable's or payable's input under the names both share (`client_id` or `supplier_id` …). */
export function documentInput(input: ReceivableInput | PayableInput): DocumentInput {
  const own =
    'client_id' in input
      ? { partyId: input.client_id, number: input.invoice_no, documentDate: input.invoice_date }
      : { partyId: input.supplier_id, number: input.vendor_invoice_no, documentDate: input.bill_date }
  return {
    ...own,
    projectId: input.project_id,
    dueDate: input.due_date,
    description: input.description,
    lines: input.line_items,
    gstType: input.gst_type,
    isRcm: input.is_rcm,
  }
}

/**
 * The status of a live document (or of a draft leaving DRAFT, as `status` SENT or RECEIVED) after its
 * total or its payments change: PAID when nothing is due, a total of ₹0 included, since it can take no
 * payment and would otherwise stay SENT with nothing owed (docs/decisions.md, "Accounts"); PARTIALLY_PAID
 * when something was paid, else back to SENT or RECEIVED. Drafts and cancelled ones keep theirs.
 */
export function statusAfterPayments(
  kind: AccountKind,
  status: StoredAccountStatus,
  paidPaise: number,
  totalPaise: number,
): StoredAccountStatus {
  if (status === 'DRAFT' || status === 'CANCELLED') return status
  if (totalPaise <= 0) return 'PAID'
  if (paidPaise <= 0) return liveStatusOf[kind]
  return paidPaise >= totalPaise ? 'PAID' : 'PARTIALLY_PAID'
}

/** numeric(14,2) as it comes from the driver (a string) to paise. */
export const paiseOf = (value: string | number) => toPaise(Number(value))
/** Paise to numeric(14,2) text for the driver. */
export const numericOf = (paise: number) => (paise / 100).toFixed(2)
