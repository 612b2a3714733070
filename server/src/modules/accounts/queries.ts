import {
  ACCOUNTS_PAGE_SIZE,
  type AccountKind,
  type AccountListQuery,
  type Aging,
  accountsToday,
  type Payment,
  type StoredLineItem,
} from '@daftar/domain'
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { totalPages } from '../../platform/pagination.ts'
import { clients } from '../clients/schema.ts'
import { projects } from '../projects/schema.ts'
import { suppliers } from '../suppliers/schema.ts'
import { users } from '../users/schema.ts'
import { overdueDueDate, owedTotals } from './due-totals.ts'
import { agingSql, baseTables, type ListTables, listWhere, overdueSql, partyNameSql } from './filters.ts'
import { requireAccounts, words } from './kinds.ts'
import type { DocumentDetailRow, DocumentRow } from './presenter.ts'
import { remindersOf } from './reminders.ts'
import { accountInvoiceLines, accountInvoices, accountPayments } from './schema.ts'

const inv = accountInvoices

/** The columns every list, export and detail reads. */
function rowColumns(t: ListTables = baseTables) {
  return {
    invoiceId: t.inv.invoiceId,
    partyId: sql<string>`coalesce(${t.inv.clientId}, ${t.inv.supplierId})`,
    partyName: partyNameSql(t),
    projectId: t.inv.projectId,
    projectName: t.project.name,
    number: t.inv.number,
    documentDate: t.inv.documentDate,
    dueDate: t.inv.dueDate,
    status: t.inv.status,
    totalAmount: t.inv.totalAmount,
    amountPaid: t.inv.amountPaid,
    amountDue: t.inv.amountDue,
    version: t.inv.version,
  }
}

/** Each sort follows one index (account_invoices_date_idx, _due_idx, _total_idx). */
function orderOf(sortBy: string): SQL[] {
  if (sortBy === 'due_date_asc') return [asc(inv.dueDate), asc(inv.invoiceId)]
  if (sortBy === 'total_amount_desc') return [desc(inv.totalAmount), desc(inv.invoiceId)]
  if (sortBy === 'total_amount_asc') return [asc(inv.totalAmount), asc(inv.invoiceId)]
  return [sql`${inv.documentDate} desc nulls last`, asc(inv.invoiceId)]
}

export async function listDocuments(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  query: AccountListQuery,
): Promise<{ rows: DocumentRow[]; totalPages: number; currentPage: number; today: string }> {
  await requireAccounts(deps.db, ctx)
  const today = accountsToday()
  const where = listWhere(ctx.orgId, kind, query, today)
  // The page's ids first (an index-only walk even deep into the list), then those rows with their names.
  const pageIds = deps.db
    .select({ id: inv.invoiceId })
    .from(inv)
    .where(where)
    .orderBy(...orderOf(query.sortBy))
    .limit(ACCOUNTS_PAGE_SIZE)
    .offset((query.page - 1) * ACCOUNTS_PAGE_SIZE)
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(rowColumns())
      .from(inv)
      .leftJoin(clients, eq(clients.clientId, inv.clientId))
      .leftJoin(suppliers, eq(suppliers.supplierId, inv.supplierId))
      .leftJoin(projects, eq(projects.projectId, inv.projectId))
      .where(inArray(inv.invoiceId, pageIds))
      .orderBy(...orderOf(query.sortBy)),
    deps.db.select({ n: count() }).from(inv).where(where),
  ])
  return {
    rows,
    totalPages: totalPages(total?.n ?? 0, ACCOUNTS_PAGE_SIZE),
    currentPage: query.page,
    today,
  }
}

/** The first and last day of today's month. */
function thisMonth(today: string): [string, string] {
  const [y, m] = today.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return [`${today.slice(0, 7)}-01`, `${today.slice(0, 7)}-${String(last).padStart(2, '0')}`]
}

const paid = {
  inv: alias(accountInvoices, 'paid_inv'),
  client: alias(clients, 'paid_client'),
  supplier: alias(suppliers, 'paid_supplier'),
  project: alias(projects, 'paid_project'),
} as unknown as ListTables

/**
 * The summary cards and the aging strip in one statement, with the list's filters. Only open
 * documents (drafts and live ones) count, so the status index reads nothing else. Received / Paid
 * sums the payments made in the filter period when both dates are set, else this month, on
 * documents matching the other filters.
 */
export async function summarise(deps: Deps, ctx: RequestContext, kind: AccountKind, query: AccountListQuery) {
  await requireAccounts(deps.db, ctx)
  const today = accountsToday()
  const [from, to] = query.startDate && query.endDate ? [query.startDate, query.endDate] : thisMonth(today)
  const t = baseTables
  const live = sql`${inv.status} in ('SENT', 'RECEIVED', 'PARTIALLY_PAID')`
  const sum = (value: SQL | PgColumn, where: SQL) =>
    sql<string>`coalesce(sum(${value}) filter (where ${where}), 0)`
  const bucket = (b: keyof Aging) => sum(inv.amountDue, agingSql(t, b, today))
  // Without filters on the documents themselves, payments are summed from their own index alone.
  const byDocument = Boolean(query.status || query.searchQuery)
  const received = byDocument
    ? sql<string>`(select coalesce(sum(p.amount), 0) from ${accountPayments} p
      join ${accountInvoices} "paid_inv" on ${paid.inv.invoiceId} = p.invoice_id
      left join ${clients} "paid_client" on ${paid.client.clientId} = ${paid.inv.clientId}
      left join ${suppliers} "paid_supplier" on ${paid.supplier.supplierId} = ${paid.inv.supplierId}
      left join ${projects} "paid_project" on ${paid.project.projectId} = ${paid.inv.projectId}
      where p.org_id = ${ctx.orgId} and p.kind = ${kind} and p.payment_date >= ${from} and p.payment_date <= ${to}
        and ${listWhere(ctx.orgId, kind, query, today, paid, { dates: false, aging: false })})`
    : sql<string>`(select coalesce(sum(p.amount), 0) from ${accountPayments} p
      where p.org_id = ${ctx.orgId} and p.kind = ${kind} and p.payment_date >= ${from} and p.payment_date <= ${to})`
  if (!byDocument && !query.startDate && !query.endDate)
    return unfilteredSummary(deps, ctx.orgId, kind, today, received)
  const [row] = await deps.db
    .select({
      outstanding: sum(inv.amountDue, live),
      overdue: sum(inv.amountDue, overdueSql(t, today)),
      draftCount: sql<number>`(count(*) filter (where ${inv.status} = 'DRAFT'))::int`,
      draftTotal: sum(inv.totalAmount, sql`${inv.status} = 'DRAFT'`),
      received,
      current: bucket('current'),
      days_1_30: bucket('days_1_30'),
      days_31_60: bucket('days_31_60'),
      days_61_90: bucket('days_61_90'),
      days_over_90: bucket('days_over_90'),
    })
    .from(inv)
    .leftJoin(clients, eq(clients.clientId, inv.clientId))
    .leftJoin(suppliers, eq(suppliers.supplierId, inv.supplierId))
    .leftJoin(projects, eq(projects.projectId, inv.projectId))
    .where(
      and(
        listWhere(ctx.orgId, kind, query, today, t, { aging: false }),
        sql`${inv.status} in ('DRAFT', 'SENT', 'RECEIVED', 'PARTIALLY_PAID')`,
      ),
    )
  const n = (v: string | number | undefined) => Number(v ?? 0)
  return {
    outstanding: n(row?.outstanding),
    overdue: n(row?.overdue),
    draftCount: n(row?.draftCount),
    draftTotal: n(row?.draftTotal),
    received: n(row?.received),
    aging: {
      current: n(row?.current),
      days_1_30: n(row?.days_1_30),
      days_31_60: n(row?.days_31_60),
      days_61_90: n(row?.days_61_90),
      days_over_90: n(row?.days_over_90),
    },
  }
}

/**
 * The summary of a list nobody has filtered, its usual state: what is owed from the totals kept by due
 * date (due-totals.ts), so it costs the same for fifty documents or fifty thousand; the drafts through
 * the status index; the payments of the month through their date index.
 */
async function unfilteredSummary(deps: Deps, orgId: string, kind: AccountKind, today: string, received: SQL) {
  const [owed, [rest]] = await Promise.all([
    owedTotals(deps.db, orgId, kind, today, overdueDueDate(today)),
    deps.db
      .select({
        draftCount: sql<number>`count(*)::int`,
        draftTotal: sql<string>`coalesce(sum(${inv.totalAmount}), 0)`,
        received: sql<string>`${received}`,
      })
      .from(inv)
      .where(and(eq(inv.orgId, orgId), eq(inv.kind, kind), eq(inv.status, 'DRAFT'))),
  ])
  return {
    outstanding: owed.outstanding,
    overdue: owed.matching.amount,
    draftCount: Number(rest?.draftCount ?? 0),
    draftTotal: Number(rest?.draftTotal ?? 0),
    received: Number(rest?.received ?? 0),
    aging: owed.aging,
  }
}

const creator = alias(users, 'creator')
const updater = alias(users, 'updater')

/** A document of the caller's organisation and this kind, or 404. */
export async function findDocument(
  db: DbOrTx,
  ctx: RequestContext,
  kind: AccountKind,
  id: string,
): Promise<DocumentDetailRow> {
  const [row] = await db
    .select({
      ...rowColumns(),
      partyGstin: sql<string | null>`coalesce(${clients.gstin}, ${suppliers.gstin})`,
      description: inv.description,
      gstType: inv.gstType,
      isRcm: inv.isRcm,
      subtotal: inv.subtotal,
      cgstAmount: inv.cgstAmount,
      sgstAmount: inv.sgstAmount,
      igstAmount: inv.igstAmount,
      roundOff: inv.roundOff,
      pdfKey: inv.pdfKey,
      doNotRemind: inv.doNotRemind,
      createdBy: creator.username,
      updatedBy: updater.username,
      createdAt: inv.createdAt,
      updatedAt: inv.updatedAt,
    })
    .from(inv)
    .leftJoin(clients, eq(clients.clientId, inv.clientId))
    .leftJoin(suppliers, eq(suppliers.supplierId, inv.supplierId))
    .leftJoin(projects, eq(projects.projectId, inv.projectId))
    .leftJoin(creator, eq(creator.userId, inv.createdBy))
    .leftJoin(updater, eq(updater.userId, inv.updatedBy))
    .where(and(eq(inv.invoiceId, id), eq(inv.orgId, ctx.orgId), eq(inv.kind, kind)))
  if (!row) throw notFound(words(kind).notFound)
  return row
}

export async function linesOf(db: DbOrTx, invoiceId: string): Promise<StoredLineItem[]> {
  const rows = await db
    .select()
    .from(accountInvoiceLines)
    .where(eq(accountInvoiceLines.invoiceId, invoiceId))
    .orderBy(asc(accountInvoiceLines.position))
  return rows.map((l) => ({
    description: l.description,
    sac_code: l.sacCode,
    qty: Number(l.qty),
    unit: l.unit,
    rate: Number(l.rate),
    gst_rate: l.gstRate,
    basic_amount: Number(l.basicAmount),
    gst_amount: Number(l.gstAmount),
  }))
}

const recorder = alias(users, 'recorder')
const changer = alias(users, 'changer')

export async function paymentsOf(db: DbOrTx, invoiceId: string): Promise<Payment[]> {
  const rows = await db
    .select({ p: accountPayments, recordedBy: recorder.username, updatedBy: changer.username })
    .from(accountPayments)
    .leftJoin(recorder, eq(recorder.userId, accountPayments.recordedBy))
    .leftJoin(changer, eq(changer.userId, accountPayments.updatedBy))
    .where(eq(accountPayments.invoiceId, invoiceId))
    .orderBy(asc(accountPayments.paymentDate), asc(accountPayments.recordedAt))
  return rows.map(({ p, recordedBy, updatedBy }) => presentPayment(p, recordedBy, updatedBy))
}

export function presentPayment(
  p: typeof accountPayments.$inferSelect,
  recordedBy: string | null,
  updatedBy: string | null,
): Payment {
  return {
    payment_id: p.paymentId,
    amount: Number(p.amount),
    date: p.paymentDate,
    mode: p.mode,
    transaction_id: p.transactionId,
    notes: p.notes,
    recorded_by_username: recordedBy,
    recorded_at: p.recordedAt.toISOString(),
    updated_by_username: updatedBy,
    updated_at: p.updatedAt.toISOString(),
    version: p.version,
  }
}

export async function documentDetail(deps: Deps, ctx: RequestContext, kind: AccountKind, id: string) {
  await requireAccounts(deps.db, ctx)
  const row = await findDocument(deps.db, ctx, kind, id)
  const [lines, payments, reminders] = await Promise.all([
    linesOf(deps.db, id),
    paymentsOf(deps.db, id),
    kind === 'RECEIVABLE' ? remindersOf(deps, id) : [],
  ])
  return { row, lines, payments, reminders, today: accountsToday() }
}

/** The export's rows, in the list's order, read in pages so that any number streams in little memory. */
export async function* exportRows(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  query: AccountListQuery,
) {
  await requireAccounts(deps.db, ctx)
  const today = accountsToday()
  const where = listWhere(ctx.orgId, kind, query, today)
  const BATCH = 500
  for (let offset = 0; ; offset += BATCH) {
    const rows = await deps.db
      .select({
        ...rowColumns(),
        subtotal: inv.subtotal,
        cgstAmount: inv.cgstAmount,
        sgstAmount: inv.sgstAmount,
        igstAmount: inv.igstAmount,
        roundOff: inv.roundOff,
      })
      .from(inv)
      .leftJoin(clients, eq(clients.clientId, inv.clientId))
      .leftJoin(suppliers, eq(suppliers.supplierId, inv.supplierId))
      .leftJoin(projects, eq(projects.projectId, inv.projectId))
      .where(where)
      .orderBy(...orderOf(query.sortBy))
      .limit(BATCH)
      .offset(offset)
    for (const row of rows) yield { row, today }
    if (rows.length < BATCH) return
  }
}
