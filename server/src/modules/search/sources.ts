import {
  recordPath,
  reportDisplayId,
  reportPath,
  reportTypeLabels,
  type SearchField,
  type SearchType,
  TASK_STATUS,
  type TaskStatus,
} from '@daftar/domain'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { RequestContext } from '../../platform/context.ts'
import { contactValues } from '../../platform/register-queries.ts'
import { visibleTo } from '../access/service.ts'
import { accountInvoices } from '../accounts/schema.ts'
import { assets } from '../assets/schema.ts'
import { clients } from '../clients/schema.ts'
import { collections } from '../collections/schema.ts'
import { employees } from '../employees/schema.ts'
import { projects } from '../projects/schema.ts'
import { reportMembers, reports } from '../reports/schema.ts'
import { suppliers } from '../suppliers/schema.ts'
import { tasks } from '../tasks/schema.ts'
import { technicalInfo } from '../technical-info/schema.ts'
import { users } from '../users/schema.ts'

/**
 * A searched field: its expression (word for word that of its trigram index, schema.ts, so that the
 * match reads the index), and whether a similar spelling counts (names and titles only).
 * `match` replaces the text match where the field is not text (a keyword of a list).
 */
export interface Field {
  name: SearchField
  expr: SQL
  fuzzy?: boolean
  /** Only 'contains' applies (a list of contacts as one text is never equal to the words). */
  containsOnly?: boolean
  match?: (term: Terms) => { where: SQL; tier: SQL }
}

/**
 * Who searches, as far as a statement depends on it: their organisation, id and username (values of
 * the statement) and whether they are an admin (its shape; service.ts builds one statement a shape).
 */
export type Caller = Pick<RequestContext, 'orgId' | 'userId' | 'username' | 'isAdmin'>

/** The words as typed, and as the patterns of each tier. */
export interface Terms {
  q: string
  lower: string
  prefix: string
  contains: string
}

/** One row of a type's statement. */
export type SourceRow = {
  id: string
  title: string
  subtitle: string | null
  at: Date | string | null
  tag: string | null
  best: number
}

/** How one type is searched: its table and joins, who may read which rows, and how a row reads. */
export interface Source {
  type: SearchType
  table: PgTable
  joins?: { table: PgTable; on: SQL }[]
  /** The organisation's rows the caller may read, as that register's list decides it. */
  scope(ctx: Caller): SQL | undefined
  fields: Field[]
  id: SQL
  title: SQL
  subtitle: SQL
  /** Ties within a tier: the most recent first. */
  at: SQL
  /** Anything else the row needs (a status, a type). */
  tag?: SQL
  url(row: SourceRow): string
  /** Match within the scope's rows rather than gather the matching ids first (service.ts, `matching`). */
  filterInScope?: (ctx: Caller) => boolean
  /**
   * A condition written beside each field's match instead of once in the scope, for an index that
   * holds both (the caller's membership and the words): each field's match is then one scan of it.
   */
  besideEachField?: (ctx: Caller) => SQL
  present?(row: SourceRow): { title: string; subtitle: string }
}

const text = (s: SQL) => sql<string>`${s}`
const nonEmpty = (...parts: SQL[]) => sql<string>`concat_ws(' · ', ${sql.join(parts, sql`, `)})`

const c = clients
const clientNumber = sql`('CL-' || lpad(${c.displayNumber}::text, 4, '0'))`

const taskUrl: Record<TaskStatus, string> = {
  [TASK_STATUS.inProgress]: '/tasks',
  [TASK_STATUS.pendingApproval]: '/tasks',
  [TASK_STATUS.completed]: '/finished-tasks',
  [TASK_STATUS.deleted]: '/deleted-tasks',
}

const keywordMatch = (column: SQL) => (t: Terms) => ({
  where: sql`${column} @> array[${t.lower}]::text[]`,
  tier: sql`case when ${column} @> array[${t.lower}]::text[] then 0 end`,
})

const register = (
  type: SearchType,
  table: PgTable & { orgId: unknown },
  entityType: Parameters<typeof visibleTo>[1],
  id: Parameters<typeof visibleTo>[2],
) => ({
  type,
  table,
  scope: (ctx: Caller) =>
    and(sql`${(table as unknown as { orgId: SQL }).orgId} = ${ctx.orgId}`, visibleTo(ctx, entityType, id)),
  id: sql`${id}`,
  url: (row: SourceRow) => recordPath(entityType, row.id),
})

/** The registers: access lists decide, as in their lists (access/service.ts, `visibleTo`). */
const registerSources: Source[] = [
  {
    ...register('client', c, 'CLIENT', c.clientId),
    fields: [
      { name: 'name', expr: sql`${c.name}`, fuzzy: true },
      { name: 'display_id', expr: clientNumber },
      { name: 'gstin', expr: sql`${c.gstin}` },
      { name: 'pan', expr: sql`${c.pan}` },
      { name: 'contact', expr: contactValues(c.contacts), containsOnly: true },
    ],
    title: text(sql`${c.name}`),
    subtitle: nonEmpty(clientNumber, sql`${c.gstin}`),
    at: sql`${c.updatedAt}`,
  },
  {
    ...register('project', projects, 'PROJECT', projects.projectId),
    joins: [{ table: clients, on: eq(clients.clientId, projects.clientId) }],
    fields: [
      { name: 'name', expr: sql`${projects.name}`, fuzzy: true },
      { name: 'work_order_no', expr: sql`${projects.workOrderNumber}` },
    ],
    title: text(sql`${projects.name}`),
    subtitle: nonEmpty(sql`${clients.name}`, sql`case when ${projects.isArchived} then 'Archived' end`),
    at: sql`${projects.updatedAt}`,
  },
  {
    ...register('supplier', suppliers, 'SUPPLIER', suppliers.supplierId),
    fields: [
      { name: 'name', expr: sql`${suppliers.name}`, fuzzy: true },
      { name: 'gstin', expr: sql`${suppliers.gstin}` },
      { name: 'pan', expr: sql`${suppliers.pan}` },
      { name: 'contact', expr: contactValues(suppliers.contacts), containsOnly: true },
    ],
    title: text(sql`${suppliers.name}`),
    subtitle: nonEmpty(sql`${suppliers.productCategory}`, sql`${suppliers.gstin}`),
    at: sql`${suppliers.updatedAt}`,
  },
  {
    ...register('asset', assets, 'ASSET', assets.assetId),
    fields: [
      { name: 'name', expr: sql`${assets.name}`, fuzzy: true },
      { name: 'display_id', expr: sql`${assets.displayId}` },
    ],
    title: text(sql`${assets.name}`),
    subtitle: nonEmpty(sql`${assets.displayId}`, sql`${assets.category}`),
    at: sql`${assets.updatedAt}`,
  },
  {
    ...register('employee', employees, 'EMPLOYEE', employees.employeeId),
    fields: [
      { name: 'name', expr: sql`${employees.fullName}`, fuzzy: true },
      { name: 'display_id', expr: sql`${employees.officialId}` },
      { name: 'phone', expr: sql`${employees.contactPhone}` },
      { name: 'email', expr: sql`${employees.contactEmail}` },
    ],
    title: text(sql`${employees.fullName}`),
    subtitle: nonEmpty(
      sql`${employees.officialId}`,
      sql`${employees.designation}`,
      sql`case when not ${employees.isActive} then 'Former employee' end`,
    ),
    at: sql`${employees.updatedAt}`,
  },
  {
    ...register('technical_info', technicalInfo, 'TECHNICAL_INFO', technicalInfo.technicalInfoId),
    fields: [
      { name: 'title', expr: sql`${technicalInfo.title}`, fuzzy: true },
      {
        name: 'keyword',
        expr: sql`${technicalInfo.keywords}`,
        match: keywordMatch(sql`${technicalInfo.keywords}`),
      },
    ],
    title: text(sql`${technicalInfo.title}`),
    subtitle: sql<string>`array_to_string(${technicalInfo.keywords}, ', ')`,
    at: sql`${technicalInfo.updatedAt}`,
  },
  {
    ...register('collection', collections, 'COLLECTION', collections.collectionId),
    fields: [
      { name: 'name', expr: sql`${collections.name}`, fuzzy: true },
      { name: 'description', expr: sql`${collections.description}` },
    ],
    title: text(sql`${collections.name}`),
    subtitle: sql<string>`coalesce(left(${collections.description}, 120), '')`,
    at: sql`${collections.updatedAt}`,
  },
]

/**
 * Tasks: the caller's own, as every task list reads them (a member of the chain or the CC, through
 * task_members, tasks/queries.ts `myMemberships`), whatever their status.
 */
const taskSource: Source = {
  type: 'task',
  table: tasks,
  scope: (ctx) => eq(tasks.orgId, ctx.orgId),
  // A member of the chain or the CC (what task_members is made of, migration 0006), beside each
  // field's words: `tasks_member_words` holds both, so a word that a tenth of all titles hold is
  // matched among the caller's own tasks, not all the organisation's (docs/decisions.md, "Search").
  besideEachField: (ctx) => sql`(${tasks.assignmentChain} || ${tasks.cc}) @> array[${ctx.username}]::text[]`,
  fields: [
    { name: 'title', expr: sql`${tasks.title}`, fuzzy: true },
    { name: 'description', expr: sql`${tasks.details}` },
  ],
  id: sql`${tasks.taskId}`,
  title: text(sql`${tasks.title}`),
  subtitle: nonEmpty(sql`coalesce(${tasks.projectName}, ${tasks.clientName})`, sql`${tasks.status}::text`),
  at: sql`${tasks.addedDate}`,
  tag: sql`${tasks.status}::text`,
  url: (row) => `${taskUrl[row.tag as TaskStatus] ?? '/tasks'}?task=${row.id}`,
}

const inv = accountInvoices
/**
 * Receivables and payables: whoever may open Accounts sees every document of the kind (the caller is
 * checked before, service.ts); the accounts pages open a document from its list, searched for it.
 */
const accountSource = (type: 'receivable' | 'payable'): Source => {
  const kind = type === 'receivable' ? 'RECEIVABLE' : 'PAYABLE'
  const list = type === 'receivable' ? '/accounts/receivables' : '/accounts/payables'
  return {
    type,
    table: inv,
    joins: [
      { table: clients, on: eq(clients.clientId, inv.clientId) },
      { table: suppliers, on: eq(suppliers.supplierId, inv.supplierId) },
    ],
    scope: (ctx) => and(eq(inv.orgId, ctx.orgId), eq(inv.kind, kind)),
    fields: [{ name: 'invoice_no', expr: sql`${inv.number}` }],
    id: sql`${inv.invoiceId}`,
    title: text(sql`${inv.number}`),
    subtitle: nonEmpty(
      sql`coalesce(${clients.name}, ${suppliers.name})`,
      sql`to_char(${inv.documentDate}, 'DD Mon YYYY')`,
    ),
    at: sql`${inv.documentDate}`,
    url: (row) => `${list}?searchQuery=${encodeURIComponent(row.title)}`,
  }
}

const reportNumber = sql`('RPT-' || lpad(${reports.displayNumber}::text, 4, '0'))`
/** Reports: their sender, their recipients and admins (reports/service.ts, `visibleTo`). */
const reportSource: Source = {
  type: 'report',
  table: reports,
  joins: [{ table: users, on: eq(users.userId, reports.submittedBy) }],
  // Anyone but an admin: a member row of theirs (report_members mirrors sender and recipients, as
  // their list reads it), probed by key for each report the words match, so the words' trigram
  // indexes lead and a rare word reads a handful of reports, not all of theirs.
  scope: (ctx) =>
    ctx.isAdmin
      ? eq(reports.orgId, ctx.orgId)
      : and(
          eq(reports.orgId, ctx.orgId),
          sql`exists (select 1 from ${reportMembers} where ${reportMembers.reportId} = ${reports.reportId}
            and ${reportMembers.userId} = ${ctx.userId})`,
        ),
  filterInScope: (ctx) => !ctx.isAdmin,
  fields: [
    { name: 'display_id', expr: reportNumber },
    { name: 'project', expr: sql`${reports.projectName}`, fuzzy: true },
  ],
  id: sql`${reports.reportId}`,
  title: text(sql`${reports.displayNumber}::text`),
  subtitle: nonEmpty(sql`'From ' || ${users.fullName}`, sql`${reports.projectName}`),
  at: sql`${reports.submittedAt}`,
  tag: sql`${reports.reportType}::text`,
  url: (row) => reportPath(row.id),
  present: (row) => ({
    title: `${reportTypeLabels[row.tag as keyof typeof reportTypeLabels] ?? 'Report'} ${reportDisplayId(Number(row.title))}`,
    subtitle: row.subtitle ?? '',
  }),
}

export const sources: Record<SearchType, Source> = {
  task: taskSource,
  ...(Object.fromEntries(registerSources.map((s) => [s.type, s])) as Record<
    Exclude<SearchType, 'task' | 'receivable' | 'payable' | 'report'>,
    Source
  >),
  receivable: accountSource('receivable'),
  payable: accountSource('payable'),
  report: reportSource,
}
