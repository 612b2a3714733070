import { REPORT_PAGE_SIZE, type ReportListQuery } from '@daftar/domain'
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/connection.ts'
import {
  builtPerShape,
  callerPlaceholders,
  callerValues,
  fixedLimit,
  prepared,
} from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { likePattern } from '../../platform/listing.ts'
import { countAlongside, countOf, totalPages } from '../../platform/pagination.ts'
import { EXPORT_BATCH } from '../../platform/spreadsheet-export.ts'
import { projects } from '../projects/schema.ts'
import { users } from '../users/schema.ts'
import { reportMembers as m, reports as r } from './schema.ts'
import { type ListRow, presentRows, selectReportRows, visibleTo } from './service.ts'

/** The organisation's calendar: list dates are days in India Standard Time (docs/decisions.md, Reports). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+05:30`)
const nextDayStart = (day: string) => new Date(dayStart(day).getTime() + 86_400_000)

/** The list's filters as its statements take them: each one's value, or undefined when it is off. */
function filterValues(q: ReportListQuery) {
  return {
    reportType: q.reportType,
    status: q.status,
    from: q.startDate ? dayStart(q.startDate).toISOString() : undefined,
    until: q.endDate ? nextDayStart(q.endDate).toISOString() : undefined,
    contains: q.searchQuery ? likePattern(q.searchQuery) : undefined,
    prefix: q.searchQuery ? likePattern(q.searchQuery.toLowerCase()).slice(1) : undefined,
  }
}
type Filters = ReturnType<typeof filterValues>

/** What changes the list's statements: which filters are on, the caller's role, which index reads it. */
interface Shape {
  isAdmin: boolean
  /** A non-admin's list without a search: read through report_members. */
  mine: boolean
  ascending: boolean
  on: Record<keyof Filters, boolean>
}

/**
 * The filters that are on (but search), as conditions on a table's columns with placeholders: the
 * reports themselves, or the caller's member rows, which carry the same columns.
 */
function filtersOn(
  shape: Shape,
  t: { reportType: AnyPgColumn; status: AnyPgColumn; submittedAt: AnyPgColumn },
) {
  const value = (name: keyof Filters) => sql.placeholder(name)
  return [
    shape.on.reportType ? eq(t.reportType, value('reportType')) : undefined,
    shape.on.status ? eq(t.status, value('status')) : undefined,
    shape.on.from ? gte(t.submittedAt, value('from')) : undefined,
    shape.on.until ? lt(t.submittedAt, value('until')) : undefined,
  ]
}

/** Search: the sender's name or username, a linked project's name, or a free-text project name's start. */
function searchSql(orgId: unknown): SQL {
  const contains = sql.placeholder('contains')
  return sql`(${r.submittedBy} = any(array(select ${users.userId} from ${users} where ${users.orgId} = ${orgId}
      and (${users.fullName} ilike ${contains} or ${users.username} ilike ${contains})))
    or ${r.projectId} = any(array(select ${projects.projectId} from ${projects} where ${projects.orgId} = ${orgId}
      and ${projects.name} ilike ${contains}))
    or lower(${r.projectName}) like ${sql.placeholder('prefix')})`
}

const order = (ascending: boolean, at: AnyPgColumn, id: AnyPgColumn) =>
  ascending ? [asc(at), asc(id)] : [desc(at), desc(id)]
const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') } as unknown as {
  limit: number
  offset: number
}

/**
 * How far past a page the list counts: the infinite scroll needs only to know there is more, so an
 * organisation's 100,000 reports are not counted for every page (docs/decisions.md, "Reports' count
 * stops 50 pages ahead").
 */
export const REPORT_COUNT_AHEAD = 50 * REPORT_PAGE_SIZE

/**
 * How many of `rows` there are, counting no further than `upTo`: the `countUpTo` placeholder, or on
 * the first page a constant of its statement (`fixedLimit`), so that its generic plan is kept.
 */
function countedUpTo(db: DbOrTx, rows: PgSelect, upTo = sql.placeholder('countUpTo') as unknown as number) {
  return db.select({ n: count() }).from(sql`(${rows.limit(upTo)}) as counted`)
}
const FIRST_PAGE_COUNT = fixedLimit(REPORT_COUNT_AHEAD)

/**
 * Reports read by their own indexes: an admin's list (every report of the organisation, by
 * reports_org_time_idx and its siblings), and a search, whose terms are on the report's columns.
 */
function filteredReports(db: DbOrTx, shape: Shape) {
  const caller = callerPlaceholders(shape.isAdmin)
  const where = and(
    eq(r.orgId, caller.orgId),
    ...filtersOn(shape, r),
    shape.on.contains ? searchSql(caller.orgId) : undefined,
    visibleTo(caller),
  )
  const searched = { planEach: shape.on.contains }
  // A search is counted whole: under a LIMIT the planner scans every report for the terms, where the
  // whole count reads only the matches through the search's indexes; and a search finds few.
  const counted = (upTo?: number) =>
    shape.on.contains
      ? db.select({ n: count() }).from(r).where(where)
      : countedUpTo(
          db,
          db
            .select({ one: sql`1`.as('one') })
            .from(r)
            .where(where)
            .$dynamic(),
          upTo,
        )
  const ordered = <Extra extends Record<string, SQL>>(extra?: Extra) =>
    selectReportRows(db, extra)
      .where(where)
      .orderBy(...order(shape.ascending, r.submittedAt, r.reportId))
      .$dynamic()
  return {
    count: prepared(counted(), searched),
    page: prepared(ordered().limit(window.limit).offset(window.offset), searched),
    // The first page's size and count are constants of its statement, so that its generic plan is
    // kept (platform/built-once.ts, `constant`).
    firstPage: prepared(
      ordered({ total: countAlongside(counted(FIRST_PAGE_COUNT)) }).limit(fixedLimit(REPORT_PAGE_SIZE)),
      searched,
    ),
  }
}

/**
 * Anyone else sees what they sent or received: the page's ids and the count come from
 * report_members (docs/decisions.md, "Reports read through report_members"),
 * so the offset skips index entries, not reports; only the page's 20 reports are read.
 */
function myReports(db: DbOrTx, shape: Shape) {
  const caller = callerPlaceholders(false)
  // The caller's member rows (report_members mirrors sender and recipients, so this is `visibleTo`
  // for lists): one range of report_members_list_idx, index-only.
  const mine = and(eq(m.orgId, caller.orgId), eq(m.userId, caller.userId), ...filtersOn(shape, m))
  const scope = <Q extends PgSelect>(qb: Q) => qb.where(mine)
  const counted = (upTo?: number) =>
    countedUpTo(
      db,
      scope(
        db
          .select({ one: sql`1`.as('one') })
          .from(m)
          .$dynamic(),
      ),
      upTo,
    )
  const ids = () =>
    scope(db.select({ id: m.reportId }).from(m).$dynamic()).orderBy(
      ...order(shape.ascending, m.submittedAt, m.reportId),
    )
  const page = <Extra extends Record<string, SQL>>(ofPage: PgSelect, extra?: Extra) =>
    prepared(
      selectReportRows(db, extra)
        .where(and(eq(r.orgId, caller.orgId), inArray(r.reportId, ofPage)))
        .orderBy(...order(shape.ascending, r.submittedAt, r.reportId)),
    )
  return {
    count: prepared(counted()),
    page: page(ids().limit(window.limit).offset(window.offset)),
    // As in `filteredReports`, the first page's size and count are constants of its statement.
    firstPage: page(ids().limit(fixedLimit(REPORT_PAGE_SIZE)), {
      total: countAlongside(counted(FIRST_PAGE_COUNT)),
    }),
  }
}

/** The count, page and first page (its count alongside) of one shape, built once (platform/built-once.ts). */
const statementsOf = builtPerShape(
  (shape: Shape) => JSON.stringify(shape),
  (db: DbOrTx, shape: Shape) => (shape.mine ? myReports(db, shape) : filteredReports(db, shape)),
)

/** The list's statements for a query, in the order asked for, with their values. */
function listing(deps: Deps, ctx: RequestContext, q: ReportListQuery) {
  const filters = filterValues(q)
  const on = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v !== undefined])) as Shape['on']
  // A non-admin's search stays on the reports' indexes: joined to report_members, the planner would
  // scan every report for the terms (docs/decisions.md, "Reports read through report_members").
  const mine = !ctx.isAdmin && !q.searchQuery
  const values = { ...callerValues(ctx), ...filters }
  return (ascending: boolean) => ({
    ...statementsOf(deps.db, { isAdmin: ctx.isAdmin, mine, ascending, on }),
    values,
  })
}

/**
 * GET /api/reports: 20 a page, newest or oldest first; what the caller may see only. A page past the
 * middle is read from the other end of the index (reversed), so even the last page of 100,000 reports
 * reads 20 rows rather than skipping all the others (docs/decisions.md, Reports).
 */
export async function listReports(deps: Deps, ctx: RequestContext, q: ReportListQuery) {
  const inOrder = listing(deps, ctx, q)
  const newestFirst = q.sortBy !== 'submitted_at_asc'
  const offset = (q.page - 1) * REPORT_PAGE_SIZE
  const countUpTo = offset + REPORT_COUNT_AHEAD
  if (q.page === 1) {
    // The first page is never read from the end: its count rides on its statement, one round trip.
    const { firstPage, count, values } = inOrder(!newestFirst)
    const rows = await firstPage.execute(values)
    const n = await countOf(rows[0]?.total, 1, () => count.execute({ ...values, countUpTo }))
    return { reports: presentRows(rows), totalPages: totalPages(n, REPORT_PAGE_SIZE), currentPage: 1 }
  }
  const { count: counted, values } = inOrder(!newestFirst)
  const [total] = await counted.execute({ ...values, countUpTo })
  const n = total?.n ?? 0
  // Only a count that stopped short of its limit is exact, and only then is the end known.
  const fromEnd = n < countUpTo && offset > n / 2
  const { page } = inOrder(newestFirst === fromEnd)
  const rows: ListRow[] =
    offset >= n
      ? []
      : await page.execute({
          ...values,
          limit: fromEnd ? Math.min(REPORT_PAGE_SIZE, n - offset) : REPORT_PAGE_SIZE,
          offset: fromEnd ? Math.max(0, n - offset - REPORT_PAGE_SIZE) : offset,
        })
  return {
    reports: presentRows(fromEnd ? rows.reverse() : rows),
    totalPages: totalPages(n, REPORT_PAGE_SIZE),
    currentPage: q.page,
  }
}

/**
 * GET /api/reports/export: every report the list shows the caller with its filters, in its order,
 * EXPORT_BATCH at a time (docs/decisions.md, "Exports").
 */
export async function* reportExportRows(deps: Deps, ctx: RequestContext, q: ReportListQuery) {
  const { page, values } = listing(deps, ctx, q)(q.sortBy === 'submitted_at_asc')
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows: ListRow[] = await page.execute({ ...values, limit: EXPORT_BATCH, offset })
    yield* presentRows(rows)
    if (rows.length < EXPORT_BATCH) return
  }
}
