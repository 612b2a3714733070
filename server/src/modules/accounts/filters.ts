import type { AccountKind, AccountListQuery, AgingBucket } from '@daftar/domain'
import { and, eq, gte, lte, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { likePattern } from '../../platform/listing.ts'
import { clients } from '../clients/schema.ts'
import { projects } from '../projects/schema.ts'
import { suppliers } from '../suppliers/schema.ts'
import { accountInvoices } from './schema.ts'

/** The tables a list query reads; the summary reads a second, aliased set for its payments. */
export interface ListTables {
  inv: typeof accountInvoices
  client: typeof clients
  supplier: typeof suppliers
  project: typeof projects
}
export const baseTables: ListTables = {
  inv: accountInvoices,
  client: clients,
  supplier: suppliers,
  project: projects,
}

/** The accounts' day ('YYYY-MM-DD'), or a placeholder for it in a statement built once (home/money.ts). */
export type Day = string | Placeholder

const LIVE = sql.raw(`('SENT', 'RECEIVED', 'PARTIALLY_PAID')`)

/** OVERDUE (docs/product.md, "Statuses and OVERDUE"), derived from the row and today, never stored. */
export function overdueSql(t: ListTables, today: Day): SQL {
  return sql`(${t.inv.status} in ${LIVE} and ${t.inv.dueDate} < ${today} and ${t.inv.amountDue} > 0)`
}

export function notOverdueSql(t: ListTables, today: Day): SQL {
  return sql`(${t.inv.dueDate} is null or ${t.inv.dueDate} >= ${today} or ${t.inv.amountDue} <= 0)`
}

/** Live documents with something due, by how late they are. */
export function agingSql(t: ListTables, bucket: AgingBucket, today: Day): SQL {
  return sql`(${t.inv.status} in ${LIVE} and ${t.inv.amountDue} > 0 and ${lateBy(t.inv.dueDate, bucket, today)})`
}

/**
 * Due dates in an aging bucket: how late a document due then is today (no due date is current). The
 * bounds are worked out by the database from today, so that today may be a placeholder.
 */
export function lateBy(dueDate: SQLWrapper, bucket: AgingBucket, today: Day): SQL {
  const daysBefore = (n: number) => sql`(${today}::date - ${sql.raw(String(n))})`
  const late = (from: number, to?: number) =>
    to === undefined
      ? sql`${dueDate} < ${daysBefore(from - 1)}`
      : sql`${dueDate} <= ${daysBefore(from)} and ${dueDate} >= ${daysBefore(to)}`
  const when: Record<AgingBucket, SQL> = {
    current: sql`(${dueDate} is null or ${dueDate} >= ${today})`,
    days_1_30: late(1, 30),
    days_31_60: late(31, 60),
    days_61_90: late(61, 90),
    days_over_90: late(91),
  }
  return sql`(${when[bucket]})`
}

/** The name of the document's party: its client (receivables) or supplier (payables). */
export function partyNameSql(t: ListTables): SQL<string> {
  return sql<string>`coalesce(${t.client.name}, ${t.supplier.name}, '')`
}

/** A filter's value, or a placeholder for it in a statement built once (queries.ts, `listStatements`). */
type Value = string | Placeholder

/** The search's two patterns: anywhere in a party's or project's name, and the start of the number. */
export interface SearchPatterns {
  contains: Value
  prefix: Value
}

export const searchPatterns = (term: string): SearchPatterns => ({
  contains: likePattern(term),
  prefix: likePattern(term.toLowerCase()).slice(1),
})

/**
 * The filters as the WHERE reads them. Which of them are on, the status and the aging bucket give a
 * statement its shape; the dates and the search may be placeholders.
 */
export interface ListFilters {
  status?: AccountListQuery['status']
  aging?: AgingBucket
  startDate?: Value | null
  endDate?: Value | null
  search?: SearchPatterns
}

/**
 * The WHERE of lists, summaries and exports: organisation and kind, then the user's filters. A status
 * of SENT, RECEIVED or PARTIALLY_PAID excludes the overdue ones, which show as OVERDUE.
 */
export function listWhere(
  orgId: Value,
  kind: AccountKind,
  q: ListFilters,
  today: Day,
  t: ListTables = baseTables,
  options: { dates?: boolean; aging?: boolean } = {},
): SQL {
  const status = q.status
  let statusSql: SQL | undefined
  if (status === 'OVERDUE') statusSql = overdueSql(t, today)
  else if (status === 'SENT' || status === 'RECEIVED' || status === 'PARTIALLY_PAID')
    statusSql = and(eq(t.inv.status, status), notOverdueSql(t, today))
  else if (status) statusSql = eq(t.inv.status, status)
  const dates = options.dates !== false
  return and(
    eq(t.inv.orgId, orgId),
    eq(t.inv.kind, kind),
    dates && q.startDate ? gte(t.inv.documentDate, q.startDate) : undefined,
    dates && q.endDate ? lte(t.inv.documentDate, q.endDate) : undefined,
    statusSql,
    options.aging !== false && q.aging ? agingSql(t, q.aging, today) : undefined,
    q.search ? searchSql(t, orgId, q.search) : undefined,
  )!
}

/**
 * Search: the number starting with the term, or the client, supplier or project name containing it
 * (case-insensitive). Each arm is an index condition (the parties' ids are looked up first, once), so
 * a search never reads every document of the organisation.
 */
function searchSql(t: ListTables, orgId: Value, { contains, prefix }: SearchPatterns): SQL {
  return sql`(lower(${t.inv.number}) like ${prefix}
    or ${t.inv.clientId} = any(array(select client_id from ${clients} where org_id = ${orgId} and name ilike ${contains}))
    or ${t.inv.supplierId} = any(array(select supplier_id from ${suppliers} where org_id = ${orgId} and name ilike ${contains}))
    or ${t.inv.projectId} = any(array(select project_id from ${projects} where org_id = ${orgId} and name ilike ${contains})))`
}
