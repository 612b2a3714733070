import {
  ACCOUNTS_PAGE_SIZE,
  type AccountKind,
  type AccountListQuery,
  type Aging,
  accountsToday,
  agingBuckets,
  type Payment,
  type StoredLineItem,
} from '@daftar/domain'
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import {
  alias,
  type PgColumn,
  type PgSelect,
  type PgSelectBase,
  type SelectedFields,
} from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/connection.ts'
import { builtPerShape, prepared } from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { totalPages } from '../../platform/pagination.ts'
import { creator, updater } from '../../platform/register-queries.ts'
import { clients } from '../clients/schema.ts'
import { projects } from '../projects/schema.ts'
import { suppliers } from '../suppliers/schema.ts'
import { users } from '../users/schema.ts'
import { overdueDueDate, owedTotalsSelect, readOwed } from './due-totals.ts'
import {
  agingSql,
  baseTables,
  type ListFilters,
  type ListTables,
  listWhere,
  overdueSql,
  partyNameSql,
  searchPatterns,
} from './filters.ts'
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

/** A select from documents with their names joined: the party and the project may be missing. */
type WithNames<F extends SelectedFields> = PgSelectBase<
  'account_invoices',
  F,
  'partial',
  { account_invoices: 'not-null'; clients: 'nullable'; suppliers: 'nullable'; projects: 'nullable' }
>

/**
 * Documents with their party (the client or the supplier) and their project joined, as every list,
 * summary, export and detail reads them; the columns are the caller's. The joins are made on a
 * dynamic select and typed by `WithNames`, since the compiler cannot follow them over columns not yet
 * known (platform/register-reads.ts joins a register's the same way).
 */
function withNames<F extends SelectedFields>(db: DbOrTx, fields: F): WithNames<F> {
  const from = db.select(fields).from(inv).$dynamic() as unknown as PgSelect
  return from
    .leftJoin(clients, eq(clients.clientId, inv.clientId))
    .leftJoin(suppliers, eq(suppliers.supplierId, inv.supplierId))
    .leftJoin(projects, eq(projects.projectId, inv.projectId)) as unknown as WithNames<F>
}

/** Each sort follows one index (account_invoices_date_idx, _due_idx, _total_idx). */
function orderOf(sortBy: string): SQL[] {
  if (sortBy === 'due_date_asc') return [asc(inv.dueDate), asc(inv.invoiceId)]
  if (sortBy === 'total_amount_desc') return [desc(inv.totalAmount), desc(inv.invoiceId)]
  if (sortBy === 'total_amount_asc') return [asc(inv.totalAmount), asc(inv.invoiceId)]
  return [sql`${inv.documentDate} desc nulls last`, asc(inv.invoiceId)]
}

/**
 * What changes the list's statements: the kind, the order, which filters are on, the status and the
 * aging bucket (each a condition of its own). The organisation, today, the dates, the search and the
 * page are placeholders.
 */
interface ListShape {
  kind: AccountKind
  sortBy: string
  status: AccountListQuery['status']
  aging: AccountListQuery['aging']
  startDate: boolean
  endDate: boolean
  search: boolean
}

const shapeOf = (kind: AccountKind, q: AccountListQuery): ListShape => ({
  kind,
  sortBy: q.sortBy,
  status: q.status,
  aging: q.aging,
  startDate: Boolean(q.startDate),
  endDate: Boolean(q.endDate),
  search: q.searchQuery !== '',
})

/** No filter on: the shape of the summary nobody has filtered. */
const unfiltered = (kind: AccountKind): ListShape => ({
  kind,
  sortBy: '',
  status: undefined,
  aging: undefined,
  startDate: false,
  endDate: false,
  search: false,
})

const shapeKey = (s: ListShape) =>
  [s.kind, s.sortBy, s.status, s.aging, s.startDate, s.endDate, s.search].join('|')

/** The shape's WHERE, its values left to `listValues`. */
function shapedWhere(s: ListShape, t?: ListTables, options?: Parameters<typeof listWhere>[5]): SQL {
  const filters: ListFilters = {
    status: s.status,
    aging: s.aging,
    startDate: s.startDate ? sql.placeholder('startDate') : undefined,
    endDate: s.endDate ? sql.placeholder('endDate') : undefined,
    search: s.search
      ? { contains: sql.placeholder('contains'), prefix: sql.placeholder('prefix') }
      : undefined,
  }
  return listWhere(sql.placeholder('orgId'), s.kind, filters, sql.placeholder('today'), t, options)
}

const listValues = (orgId: string, q: AccountListQuery, today: string) => ({
  orgId,
  today,
  startDate: q.startDate,
  endDate: q.endDate,
  ...(q.searchQuery ? searchPatterns(q.searchQuery) : {}),
})

const limitOffset = {
  limit: sql.placeholder('limit') as unknown as number,
  offset: sql.placeholder('offset') as unknown as number,
}

/**
 * A list page's two statements, built once per shape (platform/built-once.ts): the page's ids first
 * (an index-only walk even deep into the list), then those rows with their names; and the count.
 */
const listStatements = builtPerShape(shapeKey, (db: DbOrTx, s: ListShape) => {
  const where = shapedWhere(s)
  const pageIds = db
    .select({ id: inv.invoiceId })
    .from(inv)
    .where(where)
    .orderBy(...orderOf(s.sortBy))
    .limit(limitOffset.limit)
    .offset(limitOffset.offset)
  return {
    page: prepared(
      withNames(db, rowColumns())
        .where(inArray(inv.invoiceId, pageIds))
        .orderBy(...orderOf(s.sortBy)),
      { planEach: s.search },
    ),
    total: prepared(db.select({ n: count() }).from(inv).where(where), { planEach: s.search }),
  }
})

export async function listDocuments(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  query: AccountListQuery,
): Promise<{ rows: DocumentRow[]; totalPages: number; currentPage: number; today: string }> {
  await requireAccounts(deps.db, ctx)
  const today = accountsToday()
  const { page, total } = listStatements(deps.db, shapeOf(kind, query))
  const values = listValues(ctx.orgId, query, today)
  const [rows, [counted]] = await Promise.all([
    page.execute({
      ...values,
      limit: ACCOUNTS_PAGE_SIZE,
      offset: (query.page - 1) * ACCOUNTS_PAGE_SIZE,
    }),
    total.execute(values),
  ])
  return {
    rows,
    totalPages: totalPages(counted?.n ?? 0, ACCOUNTS_PAGE_SIZE),
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

const summaryNumber = (v: string | number | undefined) => Number(v ?? 0)

/**
 * Received / Paid: the payments made in the period (the `from` and `to` placeholders). With a filter on
 * the documents themselves, only those of matching documents; else from the payments' own index alone.
 */
function receivedSql(s: ListShape): SQL<string> {
  const [orgId, from, to] = [sql.placeholder('orgId'), sql.placeholder('from'), sql.placeholder('to')]
  if (!byDocument(s))
    return sql<string>`(select coalesce(sum(p.amount), 0) from ${accountPayments} p
      where p.org_id = ${orgId} and p.kind = ${s.kind} and p.payment_date >= ${from} and p.payment_date <= ${to})`
  return sql<string>`(select coalesce(sum(p.amount), 0) from ${accountPayments} p
      join ${accountInvoices} "paid_inv" on ${paid.inv.invoiceId} = p.invoice_id
      left join ${clients} "paid_client" on ${paid.client.clientId} = ${paid.inv.clientId}
      left join ${suppliers} "paid_supplier" on ${paid.supplier.supplierId} = ${paid.inv.supplierId}
      left join ${projects} "paid_project" on ${paid.project.projectId} = ${paid.inv.projectId}
      where p.org_id = ${orgId} and p.kind = ${s.kind} and p.payment_date >= ${from} and p.payment_date <= ${to}
        and ${shapedWhere(s, paid, { dates: false, aging: false })})`
}

const byDocument = (s: ListShape) => Boolean(s.status || s.search)

/**
 * The summary of a filtered list in one statement, per shape: only open documents (drafts and live
 * ones) count, so the status index reads nothing else.
 */
const filteredSummary = builtPerShape(shapeKey, (db: DbOrTx, s: ListShape) => {
  const today = sql.placeholder('today')
  const live = sql`${inv.status} in ('SENT', 'RECEIVED', 'PARTIALLY_PAID')`
  const sum = (value: SQL | PgColumn, where: SQL) =>
    sql<string>`coalesce(sum(${value}) filter (where ${where}), 0)`
  const bucket = (b: keyof Aging) => sum(inv.amountDue, agingSql(baseTables, b, today))
  return prepared(
    withNames(db, {
      outstanding: sum(inv.amountDue, live),
      overdue: sum(inv.amountDue, overdueSql(baseTables, today)),
      draftCount: sql<number>`(count(*) filter (where ${inv.status} = 'DRAFT'))::int`,
      draftTotal: sum(inv.totalAmount, sql`${inv.status} = 'DRAFT'`),
      received: receivedSql(s),
      current: bucket('current'),
      days_1_30: bucket('days_1_30'),
      days_31_60: bucket('days_31_60'),
      days_61_90: bucket('days_61_90'),
      days_over_90: bucket('days_over_90'),
    }).where(
      and(
        shapedWhere(s, baseTables, { aging: false }),
        sql`${inv.status} in ('DRAFT', 'SENT', 'RECEIVED', 'PARTIALLY_PAID')`,
      ),
    ),
    { planEach: s.search },
  )
})

/**
 * The summary of a list nobody has filtered, its usual state, per kind: what is owed from the totals
 * kept by due date (due-totals.ts), so it costs the same for fifty documents or fifty thousand; the
 * drafts through the status index; the payments of the month through their date index.
 */
const unfilteredSummary = builtPerShape(
  (kind: AccountKind) => kind,
  (db: DbOrTx, kind: AccountKind) => {
    const [orgId, today] = [sql.placeholder('orgId'), sql.placeholder('today')]
    return {
      owed: prepared(owedTotalsSelect(db, orgId, kind, today, overdueDueDate(today))),
      rest: prepared(
        db
          .select({
            draftCount: sql<number>`count(*)::int`,
            draftTotal: sql<string>`coalesce(sum(${inv.totalAmount}), 0)`,
            received: receivedSql(unfiltered(kind)),
          })
          .from(inv)
          .where(and(eq(inv.orgId, orgId), eq(inv.kind, kind), eq(inv.status, 'DRAFT'))),
      ),
    }
  },
)

/**
 * The summary cards and the aging strip, with the list's filters (the aging bucket aside). Received /
 * Paid sums the payments made in the filter period when both dates are set, else this month.
 */
export async function summarise(deps: Deps, ctx: RequestContext, kind: AccountKind, query: AccountListQuery) {
  await requireAccounts(deps.db, ctx)
  const today = accountsToday()
  const [from, to] = query.startDate && query.endDate ? [query.startDate, query.endDate] : thisMonth(today)
  const values = { ...listValues(ctx.orgId, query, today), from, to }
  const shape: ListShape = { ...shapeOf(kind, query), sortBy: '', aging: undefined }
  if (!byDocument(shape) && !shape.startDate && !shape.endDate) {
    const { owed, rest } = unfilteredSummary(deps.db, kind)
    const [[owedRow], [restRow]] = await Promise.all([owed.execute(values), rest.execute(values)])
    const totals = readOwed(owedRow)
    return {
      outstanding: totals.outstanding,
      overdue: totals.matching.amount,
      draftCount: summaryNumber(restRow?.draftCount),
      draftTotal: summaryNumber(restRow?.draftTotal),
      received: summaryNumber(restRow?.received),
      aging: totals.aging,
    }
  }
  const [row] = await filteredSummary(deps.db, shape).execute(values)
  return {
    outstanding: summaryNumber(row?.outstanding),
    overdue: summaryNumber(row?.overdue),
    draftCount: summaryNumber(row?.draftCount),
    draftTotal: summaryNumber(row?.draftTotal),
    received: summaryNumber(row?.received),
    aging: Object.fromEntries(agingBuckets.map((b) => [b, summaryNumber(row?.[b])])) as Aging,
  }
}

/** A document of the caller's organisation and this kind, or 404. */
export async function findDocument(
  db: DbOrTx,
  ctx: RequestContext,
  kind: AccountKind,
  id: string,
): Promise<DocumentDetailRow> {
  const [row] = await withNames(db, {
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

/** The export's batch: the list's rows with the amounts' parts, in the list's order. */
const exportStatement = builtPerShape(shapeKey, (db: DbOrTx, s: ListShape) =>
  prepared(
    withNames(db, {
      ...rowColumns(),
      subtotal: inv.subtotal,
      cgstAmount: inv.cgstAmount,
      sgstAmount: inv.sgstAmount,
      igstAmount: inv.igstAmount,
      roundOff: inv.roundOff,
    })
      .where(shapedWhere(s))
      .orderBy(...orderOf(s.sortBy))
      .limit(limitOffset.limit)
      .offset(limitOffset.offset),
    { planEach: s.search },
  ),
)

/** The export's rows, in the list's order, read in pages so that any number streams in little memory. */
export async function* exportRows(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  query: AccountListQuery,
) {
  await requireAccounts(deps.db, ctx)
  const today = accountsToday()
  const batch = exportStatement(deps.db, shapeOf(kind, query))
  const values = listValues(ctx.orgId, query, today)
  const BATCH = 500
  for (let offset = 0; ; offset += BATCH) {
    const rows = await batch.execute({ ...values, limit: BATCH, offset })
    for (const row of rows) yield { row, today }
    if (rows.length < BATCH) return
  }
}
