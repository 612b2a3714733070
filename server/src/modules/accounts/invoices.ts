import {
  type AccountKind,
  accountMessages,
  computeGst,
  formatCurrency,
  liveStatusOf,
  MAX_AMOUNT,
  toPaise,
} from '@daftar/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import {
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
  preconditionFailed,
  unprocessable,
} from '../../platform/errors.ts'
import { changedBy } from '../../platform/versioned-edit.ts'
import { clients } from '../clients/schema.ts'
import { projects } from '../projects/schema.ts'
import { suppliers } from '../suppliers/schema.ts'
import { discardPdf, freshPdfKey } from './documents.ts'
import {
  auditDocument,
  type DocumentInput,
  numericOf,
  paiseOf,
  requireAccounts,
  requireAccountsAdmin,
  statusAfterPayments,
  words,
} from './kinds.ts'
import { accountInvoiceLines, accountInvoices, accountPayments } from './schema.ts'

const inv = accountInvoices

/** The party must be the organisation's; a project must be too, and on an invoice, the client's. */
async function checkReferences(tx: Tx, ctx: RequestContext, kind: AccountKind, input: DocumentInput) {
  if (kind === 'RECEIVABLE') {
    const [client] = await tx
      .select({ id: clients.clientId })
      .from(clients)
      .where(and(eq(clients.clientId, input.partyId), eq(clients.orgId, ctx.orgId)))
    if (!client) throw badRequest(accountMessages.clientNotFound)
  } else {
    const [supplier] = await tx
      .select({ id: suppliers.supplierId })
      .from(suppliers)
      .where(and(eq(suppliers.supplierId, input.partyId), eq(suppliers.orgId, ctx.orgId)))
    if (!supplier) throw badRequest(accountMessages.supplierNotFound)
  }
  if (!input.projectId) return
  const [project] = await tx
    .select({ clientId: projects.clientId })
    .from(projects)
    .where(and(eq(projects.projectId, input.projectId), eq(projects.orgId, ctx.orgId)))
  if (!project) throw badRequest(accountMessages.projectNotFound)
  if (kind === 'RECEIVABLE' && project.clientId !== input.partyId)
    throw badRequest(accountMessages.projectOfOtherClient)
}

/**
 * The stored amounts and lines of an input, computed by the domain's one GST function (the demo seed
 * stores its documents through it too).
 */
export function documentAmounts(input: Pick<DocumentInput, 'lines' | 'gstType' | 'isRcm'>) {
  const { lines, totals } = computeGst(input.lines, input.gstType, input.isRcm)
  if (totals.total > toPaise(MAX_AMOUNT)) throw badRequest(accountMessages.tooLarge)
  return {
    totals,
    columns: {
      subtotal: numericOf(totals.subtotal),
      cgstAmount: numericOf(totals.cgst),
      sgstAmount: numericOf(totals.sgst),
      igstAmount: numericOf(totals.igst),
      roundOff: numericOf(totals.roundOff),
      totalAmount: numericOf(totals.total),
    },
    lines: (invoiceId: string) =>
      input.lines.map((l, i) => ({
        invoiceId,
        position: i + 1,
        description: l.description,
        sacCode: l.sac_code,
        qty: String(l.qty),
        unit: l.unit,
        rate: l.rate.toFixed(2),
        gstRate: l.gst_rate,
        basicAmount: numericOf(lines[i]!.basic),
        gstAmount: numericOf(lines[i]!.tax),
      })),
  }
}

/** The columns a document's input fills, whatever its kind. */
export const documentColumns = (kind: AccountKind, input: DocumentInput) => ({
  clientId: kind === 'RECEIVABLE' ? input.partyId : null,
  supplierId: kind === 'PAYABLE' ? input.partyId : null,
  projectId: input.projectId,
  number: input.number,
  documentDate: input.documentDate,
  dueDate: input.dueDate,
  description: input.description,
  gstType: input.gstType,
  isRcm: input.isRcm,
})

/** What the audit log keeps of a document before a change. */
/**
 * A document as its audit events keep it, the same shape before and after a change, so its History
 * reads an edit field by field (docs/decisions.md, "History and activity").
 */
const auditedBefore = (row: typeof inv.$inferSelect) => ({
  number: row.number,
  document_date: row.documentDate,
  due_date: row.dueDate,
  description: row.description,
  gst_type: row.gstType,
  is_rcm: row.isRcm,
  status: row.status,
  total_amount: row.totalAmount,
})

async function duplicateAware<T>(kind: AccountKind, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(words(kind).duplicate)
    throw error
  }
}

/** New invoices and bills are drafts (docs/product.md, "Statuses and OVERDUE"). */
export async function createDocument(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  input: DocumentInput,
) {
  await requireAccounts(deps.db, ctx)
  const amounts = documentAmounts(input)
  const id = await duplicateAware(kind, () =>
    deps.db.transaction(async (tx) => {
      await checkReferences(tx, ctx, kind, input)
      const [row] = await tx
        .insert(inv)
        .values({
          orgId: ctx.orgId,
          kind,
          ...documentColumns(kind, input),
          ...amounts.columns,
          status: 'DRAFT',
          createdBy: ctx.userId,
          updatedBy: ctx.userId,
        })
        .returning()
      await tx.insert(accountInvoiceLines).values(amounts.lines(row!.invoiceId))
      await auditDocument(tx, ctx, kind, row!.invoiceId, 'CREATE', { after: auditedBefore(row!) })
      return row!.invoiceId
    }),
  )
  return { message: words(kind).created, id }
}

/** Locks the document's row for the rest of the transaction; 404 when it is not the caller's. */
export async function lockDocument(tx: Tx, ctx: RequestContext, kind: AccountKind, id: string) {
  const [row] = await tx
    .select()
    .from(inv)
    .where(and(eq(inv.invoiceId, id), eq(inv.orgId, ctx.orgId), eq(inv.kind, kind)))
    .for('update')
  if (!row) throw notFound(words(kind).notFound)
  return row
}

/**
 * An edit recomputes every amount. It may not bring the total below what has been paid; a live
 * document's status follows its new total (PAID ↔ PARTIALLY_PAID). A live invoice's PDF gets a new key (its new version).
 */
export async function updateDocument(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  id: string,
  input: DocumentInput,
  version?: number,
) {
  await requireAccounts(deps.db, ctx)
  const amounts = documentAmounts(input)
  const stalePdf = await duplicateAware(kind, () =>
    deps.db.transaction(async (tx) => {
      const before = await lockDocument(tx, ctx, kind, id)
      if (version !== undefined && version !== before.version) throw preconditionFailed()
      if (before.status === 'CANCELLED') throw conflict(words(kind).noEditCancelled)
      await checkReferences(tx, ctx, kind, input)
      const paidPaise = paiseOf(before.amountPaid)
      if (amounts.totals.total < paidPaise)
        throw unprocessable(
          words(kind).belowPaid(formatCurrency(amounts.totals.total / 100), formatCurrency(paidPaise / 100)),
        )
      const updated = await tx
        .update(inv)
        .set({
          ...documentColumns(kind, input),
          ...amounts.columns,
          status: statusAfterPayments(kind, before.status, paidPaise, amounts.totals.total),
          ...freshPdfKey(ctx.orgId, kind, before.status),
          ...changedBy(inv, ctx.userId),
        })
        .where(and(eq(inv.invoiceId, id), eq(inv.version, before.version)))
        .returning()
      if (!updated[0]) throw preconditionFailed()
      await tx.delete(accountInvoiceLines).where(eq(accountInvoiceLines.invoiceId, id))
      await tx.insert(accountInvoiceLines).values(amounts.lines(id))
      await auditDocument(tx, ctx, kind, id, 'UPDATE', {
        before: auditedBefore(before),
        after: auditedBefore(updated[0]),
      })
      return before.pdfKey
    }),
  )
  await discardPdf(deps, stalePdf)
  return { message: words(kind).updated, id }
}

/**
 * Mark as Sent (receivables) or Mark as Received (payables): only a draft, on its locked row and guarded
 * in SQL. It becomes SENT or RECEIVED, or PAID at once when its total is ₹0 (`statusAfterPayments`).
 */
export async function markLive(deps: Deps, ctx: RequestContext, kind: AccountKind, id: string) {
  await requireAccounts(deps.db, ctx)
  await deps.db.transaction(async (tx) => {
    const before = await lockDocument(tx, ctx, kind, id) // 404 when it is not the caller's
    const status = statusAfterPayments(
      kind,
      liveStatusOf[kind],
      paiseOf(before.amountPaid),
      paiseOf(before.totalAmount),
    )
    const [moved] = await tx
      .update(inv)
      .set({ status, ...freshPdfKey(ctx.orgId, kind, status), ...changedBy(inv, ctx.userId) })
      .where(and(eq(inv.invoiceId, id), eq(inv.status, 'DRAFT')))
      .returning({ id: inv.invoiceId })
    if (!moved) throw conflict(words(kind).markLiveOnlyDraft)
    await auditDocument(tx, ctx, kind, id, kind === 'RECEIVABLE' ? 'SEND' : 'RECEIVE', {
      before: { status: 'DRAFT' },
      after: { status },
    })
  })
  return { message: words(kind).markLive }
}

/** The statuses a live document may have: the ones a cancel applies to. */
const LIVE_STATUSES = ['SENT', 'RECEIVED', 'PARTIALLY_PAID', 'PAID'] as const

/**
 * Cancel Invoice / Cancel Bill (admins): only a live document, guarded in the UPDATE's WHERE, so a
 * second cancel waiting on the first finds it cancelled and changes nothing. Its payments stay.
 */
export async function cancelDocument(deps: Deps, ctx: RequestContext, kind: AccountKind, id: string) {
  requireAccountsAdmin(ctx, accountMessages.adminOnlyDelete)
  const stalePdf = await deps.db.transaction(async (tx) => {
    const before = await lockDocument(tx, ctx, kind, id)
    if (before.status === 'CANCELLED') throw conflict(words(kind).alreadyCancelled)
    if (before.status === 'DRAFT') throw conflict(words(kind).cancelOnlyLive)
    const [moved] = await tx
      .update(inv)
      .set({
        status: 'CANCELLED',
        // A cancelled invoice owes nothing: its PDF no longer shows a balance due or a QR.
        ...freshPdfKey(ctx.orgId, kind, 'CANCELLED'),
        ...changedBy(inv, ctx.userId),
      })
      .where(and(eq(inv.invoiceId, id), inArray(inv.status, LIVE_STATUSES)))
      .returning({ id: inv.invoiceId })
    if (!moved) throw conflict(words(kind).alreadyCancelled)
    await auditDocument(tx, ctx, kind, id, 'CANCEL', {
      before: auditedBefore(before),
      after: { status: 'CANCELLED' },
    })
    return before.pdfKey
  })
  await discardPdf(deps, stalePdf)
  return { message: words(kind).cancelled }
}

/**
 * Delete Draft / Delete Permanently (admins): only a draft or a cancelled document without payments,
 * and, when the caller says which status it saw, only in that status — all in the DELETE's WHERE. A
 * live document is never deleted by this request: cancelling is its own (`cancelDocument`).
 */
export async function removeDocument(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  id: string,
  seen?: 'DRAFT' | 'CANCELLED',
) {
  requireAccountsAdmin(ctx, accountMessages.adminOnlyDelete)
  const pdfKey = await deps.db.transaction(async (tx) => {
    const before = await lockDocument(tx, ctx, kind, id)
    if (seen && before.status !== seen) throw conflict(words(kind).changedMeanwhile)
    if (before.status !== 'DRAFT' && before.status !== 'CANCELLED')
      throw conflict(words(kind).deleteOnlyDraftOrCancelled)
    const [deleted] = await tx
      .delete(inv)
      .where(
        and(
          eq(inv.invoiceId, id),
          inArray(inv.status, seen ? [seen] : ['DRAFT', 'CANCELLED']),
          sql`not exists (select 1 from ${accountPayments} where ${accountPayments.invoiceId} = ${id})`,
        ),
      )
      .returning({ id: inv.invoiceId })
    if (!deleted) throw conflict(words(kind).deleteWithPayments)
    await auditDocument(tx, ctx, kind, id, 'DELETE', { before: auditedBefore(before) })
    return before.pdfKey
  })
  await discardPdf(deps, pdfKey)
  return { message: words(kind).deleted }
}
