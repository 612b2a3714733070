import {
  type AccountKind,
  accountMessages,
  accountsToday,
  formatCurrency,
  type PaymentInput,
  type PaymentResult,
  type PaymentUpdateInput,
  toPaise,
} from '@daftar/domain'
import { and, eq, sql } from 'drizzle-orm'
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
import { users } from '../users/schema.ts'
import { discardPdf, freshPdfKey } from './documents.ts'
import { lockDocument } from './invoices.ts'
import {
  auditDocument,
  paiseOf,
  requireAccountant,
  requireAccountsAdmin,
  statusAfterPayments,
  words,
} from './kinds.ts'
import { presentPayment } from './queries.ts'
import { accountInvoices, accountPayments } from './schema.ts'

const inv = accountInvoices
const pay = accountPayments

function checkDate(date: string) {
  if (date > accountsToday()) throw badRequest(accountMessages.futurePayment)
}

/**
 * Sets amount_paid to the sum of the document's payments and its status to follow, in the payment's
 * own transaction (the document's row is locked by the caller). When the amount paid changes, so does
 * what the invoice's PDF prints: it gets a new key, and the old one (`stalePdf`) is discarded after
 * the commit.
 */
async function settle(tx: Tx, kind: AccountKind, invoice: typeof inv.$inferSelect) {
  const [sum] = await tx
    .select({ paid: sql<string>`coalesce(sum(${pay.amount}), 0)` })
    .from(pay)
    .where(eq(pay.invoiceId, invoice.invoiceId))
  const paidPaise = paiseOf(sum?.paid ?? '0')
  const status = statusAfterPayments(kind, invoice.status, paidPaise, paiseOf(invoice.totalAmount))
  const reprinted = paidPaise !== paiseOf(invoice.amountPaid)
  await tx
    .update(inv)
    .set({
      amountPaid: (paidPaise / 100).toFixed(2),
      status,
      ...(reprinted ? freshPdfKey(invoice.orgId, kind, status) : {}),
    })
    .where(eq(inv.invoiceId, invoice.invoiceId))
  return { status, paid: paidPaise / 100, stalePdf: reprinted ? invoice.pdfKey : null }
}

/** What the audit log keeps of a payment before it is changed or deleted. */
/** A payment as its audit events keep it, the same shape before and after an edit (its History diffs them). */
const auditedPayment = (payment: typeof pay.$inferSelect) => ({
  payment_id: payment.paymentId,
  amount: payment.amount,
  payment_date: payment.paymentDate,
  mode: payment.mode,
  transaction_id: payment.transactionId,
  notes: payment.notes,
})

async function presentWithNames(tx: Tx, row: typeof pay.$inferSelect) {
  const names = await tx
    .select({ userId: users.userId, username: users.username })
    .from(users)
    .where(sql`${users.userId} in (${row.recordedBy}, ${row.updatedBy})`)
  const nameOf = (id: string | null) => names.find((n) => n.userId === id)?.username ?? null
  return presentPayment(row, nameOf(row.recordedBy), nameOf(row.updatedBy))
}

async function byKey(tx: Tx, orgId: string, key: string) {
  const [row] = await tx
    .select()
    .from(pay)
    .where(and(eq(pay.orgId, orgId), eq(pay.idempotencyKey, key)))
  return row
}

/** The first answer to a request with this Idempotency-Key, or a refusal when the key named another. */
async function replay(
  tx: Tx,
  row: typeof pay.$inferSelect,
  invoiceId: string,
  input: PaymentInput,
): Promise<PaymentResult> {
  if (row.invoiceId !== invoiceId || paiseOf(row.amount) !== toPaise(input.amount_paid_now))
    throw unprocessable(accountMessages.idempotencyReused)
  return { message: accountMessages.paymentRecorded, payment: await presentWithNames(tx, row) }
}

/**
 * Record Payment. The document's row is locked (`SELECT … FOR UPDATE`) while the amount due is
 * checked and the payment written, so concurrent payments can never exceed it; a retried request with
 * the same Idempotency-Key returns the first result and writes nothing.
 */
export async function recordPayment(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  invoiceId: string,
  input: PaymentInput,
  key?: string,
): Promise<PaymentResult> {
  requireAccountant(ctx, accountMessages.paymentsOnly)
  checkDate(input.payment_date)
  const run = () =>
    deps.db.transaction(async (tx) => {
      const invoice = await lockDocument(tx, ctx, kind, invoiceId)
      const earlier = key ? await byKey(tx, ctx.orgId, key) : undefined
      if (earlier) return { result: await replay(tx, earlier, invoiceId, input), stalePdf: null }
      if (invoice.status === 'DRAFT' || invoice.status === 'CANCELLED') throw conflict(words(kind).noPayment)
      if (toPaise(input.amount_paid_now) > paiseOf(invoice.amountDue))
        throw unprocessable(accountMessages.exceedsDue)
      const [row] = await tx
        .insert(pay)
        .values({
          orgId: ctx.orgId,
          invoiceId,
          kind,
          amount: input.amount_paid_now.toFixed(2),
          paymentDate: input.payment_date,
          mode: input.mode,
          transactionId: input.transaction_id,
          notes: input.notes,
          idempotencyKey: key ?? null,
          recordedBy: ctx.userId,
          updatedBy: ctx.userId,
        })
        .returning()
      const after = await settle(tx, kind, invoice)
      await auditDocument(tx, ctx, kind, invoiceId, 'PAYMENT_CREATE', {
        after: { ...auditedPayment(row!), amount_paid: after.paid, status: after.status },
      })
      const payment = presentPayment(row!, ctx.username, ctx.username)
      return { result: { message: accountMessages.paymentRecorded, payment }, stalePdf: after.stalePdf }
    })
  let outcome: Awaited<ReturnType<typeof run>>
  try {
    outcome = await run()
  } catch (error) {
    // The same key raced in on another document's row: answer with what the first request did.
    if (!key || !isUniqueViolation(error)) throw error
    outcome = await deps.db.transaction(async (tx) => {
      const earlier = await byKey(tx, ctx.orgId, key)
      if (!earlier) throw error
      return { result: await replay(tx, earlier, invoiceId, input), stalePdf: null }
    })
  }
  await discardPdf(deps, outcome.stalePdf)
  return outcome.result
}

/** The payment of the caller's organisation, with its document locked; 404 otherwise. */
async function lockPayment(tx: Tx, ctx: RequestContext, paymentId: string) {
  const [found] = await tx
    .select({ p: pay, kind: inv.kind })
    .from(pay)
    .innerJoin(inv, eq(inv.invoiceId, pay.invoiceId))
    .where(and(eq(pay.paymentId, paymentId), eq(pay.orgId, ctx.orgId)))
  if (!found) throw notFound(accountMessages.paymentNotFound)
  const invoice = await lockDocument(tx, ctx, found.kind, found.p.invoiceId)
  const [payment] = await tx.select().from(pay).where(eq(pay.paymentId, paymentId))
  if (!payment) throw notFound(accountMessages.paymentNotFound)
  return { payment, invoice, kind: found.kind }
}

/** Edit Payment (admins): the new amount may use the amount due plus this payment's own amount. */
export async function updatePayment(
  deps: Deps,
  ctx: RequestContext,
  paymentId: string,
  input: PaymentUpdateInput,
  version?: number,
): Promise<PaymentResult> {
  requireAccountsAdmin(ctx, accountMessages.adminOnlyPayments)
  checkDate(input.payment_date)
  const outcome = await deps.db.transaction(async (tx) => {
    const { payment, invoice, kind } = await lockPayment(tx, ctx, paymentId)
    if (version !== undefined && version !== payment.version) throw preconditionFailed()
    // From the total, not amount_due: a cancelled document owes nothing, yet its payments may be corrected.
    const available = paiseOf(invoice.totalAmount) - paiseOf(invoice.amountPaid) + paiseOf(payment.amount)
    if (toPaise(input.amount) > available)
      throw unprocessable(accountMessages.exceedsBalance(formatCurrency(available / 100)))
    const [row] = await tx
      .update(pay)
      .set({
        amount: input.amount.toFixed(2),
        paymentDate: input.payment_date,
        mode: input.mode,
        transactionId: input.transaction_id,
        notes: input.notes,
        ...changedBy(pay, ctx.userId),
      })
      .where(and(eq(pay.paymentId, paymentId), eq(pay.version, payment.version)))
      .returning()
    if (!row) throw preconditionFailed()
    const after = await settle(tx, kind, invoice)
    await auditDocument(tx, ctx, kind, invoice.invoiceId, 'PAYMENT_UPDATE', {
      before: { ...auditedPayment(payment), amount_paid: invoice.amountPaid, status: invoice.status },
      after: { ...auditedPayment(row), amount_paid: after.paid, status: after.status },
    })
    return { stalePdf: after.stalePdf, payment: await presentWithNames(tx, row) }
  })
  await discardPdf(deps, outcome.stalePdf)
  return { message: accountMessages.paymentUpdated, payment: outcome.payment }
}

/** Delete Payment (admins): the amount goes back to the amount due, the status follows. */
export async function deletePayment(deps: Deps, ctx: RequestContext, paymentId: string) {
  requireAccountsAdmin(ctx, accountMessages.adminOnlyPayments)
  const stalePdf = await deps.db.transaction(async (tx) => {
    const { payment, invoice, kind } = await lockPayment(tx, ctx, paymentId)
    await tx.delete(pay).where(eq(pay.paymentId, paymentId))
    const after = await settle(tx, kind, invoice)
    await auditDocument(tx, ctx, kind, invoice.invoiceId, 'PAYMENT_DELETE', {
      before: { ...auditedPayment(payment), amount_paid: invoice.amountPaid, status: invoice.status },
      after: { amount_paid: after.paid, status: after.status },
    })
    return after.stalePdf
  })
  await discardPdf(deps, stalePdf)
  return { message: accountMessages.paymentDeleted }
}
