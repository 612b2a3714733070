/**
 * A record's History and the organisation's activity, read from the audit trail (docs/decisions.md,
 * "History and activity"). Whoever may read a record may read its History, by the very rule of the
 * record's own GET: anyone else is answered the same 404.
 */
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityItem,
  type ActivityQuery,
  assetMessages,
  clientMessages,
  collectionMessages,
  type EntityType,
  employeeMessages,
  type HistoryEntityType,
  type HistoryEntry,
  type HistoryQuery,
  organisationCalendar,
  projectMessages,
  supplierMessages,
  taskMessages,
  technicalInfoMessages,
} from '@daftar/domain'
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias, type PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/connection.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { totalPages } from '../../platform/pagination.ts'
import { auditEvents } from '../../platform/schema.ts'
import { assertReadable } from '../access/service.ts'
import { requireAccounts } from '../accounts/kinds.ts'
import { findDocument } from '../accounts/queries.ts'
import { clients } from '../clients/schema.ts'
import { projects } from '../projects/schema.ts'
import { assertReportVisible } from '../reports/service.ts'
import { suppliers } from '../suppliers/schema.ts'
import { visibleTo as taskVisibleTo } from '../tasks/queries.ts'
import { tasks } from '../tasks/schema.ts'
import { users } from '../users/schema.ts'
import { type EventRow, entryOf, type NamedKind, namedIn } from './entries.ts'

const registerNotFound: Record<EntityType, string> = {
  CLIENT: clientMessages.notFound,
  PROJECT: projectMessages.notFound,
  SUPPLIER: supplierMessages.notFound,
  TECHNICAL_INFO: technicalInfoMessages.notFound,
  ASSET: assetMessages.notFound,
  EMPLOYEE: employeeMessages.notFound,
  COLLECTION: collectionMessages.notFound,
}

/**
 * The read rule of the record's own GET, reused: a register record's access list (admins read all),
 * Accounts' 'Who can open Accounts' then the document, a report's sender and recipients, a task's
 * chain and CC. Throws what that GET throws.
 */
async function assertRecordReadable(deps: Deps, ctx: RequestContext, type: HistoryEntityType, id: string) {
  switch (type) {
    case 'RECEIVABLE':
    case 'PAYABLE':
      await requireAccounts(deps.db, ctx)
      await findDocument(deps.db, ctx, type, id)
      return
    case 'REPORT':
      return assertReportVisible(deps.db, ctx, id)
    case 'TASK': {
      const [row] = await deps.db
        .select({ id: tasks.taskId })
        .from(tasks)
        .where(and(eq(tasks.taskId, id), taskVisibleTo(ctx)))
      if (!row) throw notFound(taskMessages.notFound)
      return
    }
    default: {
      const register = deps.registers.get(type)
      if (!register) throw notFound(registerNotFound[type])
      await assertReadable(deps.db, ctx, register, id, registerNotFound[type])
    }
  }
}

const actor = alias(users, 'actor')
const requester = alias(users, 'requester')

/** The events with the names of who acted and who asked, in one statement. */
function selectEvents(db: DbOrTx) {
  return db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
      actorUserId: auditEvents.actorUserId,
      actorName: actor.fullName,
      requesterId: requester.userId,
      requesterName: requester.fullName,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.userId, auditEvents.actorUserId))
    .leftJoin(requester, sql`${requester.userId}::text = ${auditEvents.details}->>'requested_by'`)
    .$dynamic()
}

const newestFirst = [desc(auditEvents.createdAt), desc(auditEvents.id)]

/**
 * The entries of a page of events, with the people and records their data names read in one statement
 * a kind: the people held by id or by username (a task's chain) together, so a page never asks once
 * an entry (docs/decisions.md, "History and activity").
 */
async function entriesOf(deps: Deps, ctx: RequestContext, rows: EventRow[]) {
  const { ids, usernames } = namedIn(rows)
  const read = (kind: NamedKind, table: PgTable, id: AnyPgColumn, name: AnyPgColumn, org: AnyPgColumn) =>
    ids[kind].length === 0
      ? Promise.resolve([] as { id: string; name: string }[])
      : (deps.db
          .select({ id: sql<string>`${id}::text`, name: sql<string>`${name}` })
          .from(table)
          .where(and(eq(org, ctx.orgId), inArray(id, ids[kind]))) as Promise<{ id: string; name: string }[]>)
  const people =
    ids.user.length === 0 && usernames.length === 0
      ? Promise.resolve([])
      : deps.db
          .select({ id: sql<string>`${users.userId}::text`, username: users.username, name: users.fullName })
          .from(users)
          .where(
            and(
              eq(users.orgId, ctx.orgId),
              or(
                ids.user.length ? inArray(users.userId, ids.user) : undefined,
                usernames.length ? inArray(users.username, usernames) : undefined,
              ),
            ),
          )
  const [persons, ...records] = await Promise.all([
    people,
    read('client', clients, clients.clientId, clients.name, clients.orgId),
    read('project', projects, projects.projectId, projects.name, projects.orgId),
    read('supplier', suppliers, suppliers.supplierId, suppliers.name, suppliers.orgId),
  ])
  const names = {
    byId: new Map([...persons, ...records.flat()].map((r) => [r.id, r.name])),
    byUsername: new Map(persons.map((p) => [p.username, p.name])),
  }
  return rows.map((row) => entryOf(deps.registers, row, names))
}

/** GET /history/{entityType}/{id}: newest first, `limit` a page, after the cursor `before` when given. */
export async function historyOf(
  deps: Deps,
  ctx: RequestContext,
  type: HistoryEntityType,
  id: string,
  query: HistoryQuery,
): Promise<HistoryEntry[]> {
  await assertRecordReadable(deps, ctx, type, id)
  const cursor = query.before
    ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select c.created_at, c.id from ${auditEvents} c
        where c.id = ${Number(query.before)} and c.org_id = ${ctx.orgId})`
    : undefined
  const rows = await selectEvents(deps.db)
    .where(
      and(
        eq(auditEvents.orgId, ctx.orgId),
        eq(auditEvents.entityType, type),
        eq(auditEvents.entityId, id),
        cursor,
      ),
    )
    .orderBy(...newestFirst)
    .limit(query.limit)
  return entriesOf(deps, ctx, rows)
}

/** The start of a calendar day in the organisation's time zone. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${organisationCalendar.timeZone}`

function activityWhere(ctx: RequestContext, q: ActivityQuery): SQL | undefined {
  return and(
    eq(auditEvents.orgId, ctx.orgId),
    q.userId ? eq(auditEvents.actorUserId, q.userId) : undefined,
    q.entityType ? eq(auditEvents.entityType, q.entityType) : undefined,
    q.from ? gte(auditEvents.createdAt, dayStart(q.from)) : undefined,
    q.to ? lt(auditEvents.createdAt, sql`${dayStart(q.to)} + interval '1 day'`) : undefined,
  )
}

const activityItemOf = (entry: HistoryEntry, row: EventRow): ActivityItem => ({
  ...entry,
  entity_type: row.entityType,
  entity_id: row.entityId,
})

/** GET /admin/activity (admins): the organisation's trail, newest first, by person, kind and days. */
export async function listActivity(deps: Deps, ctx: RequestContext, q: ActivityQuery) {
  requireAdmin(ctx, 'Only administrators can see the activity.')
  const where = activityWhere(ctx, q)
  const [rows, [total]] = await Promise.all([
    selectEvents(deps.db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(ACTIVITY_PAGE_SIZE)
      .offset((q.page - 1) * ACTIVITY_PAGE_SIZE),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(where),
  ])
  const entries = await entriesOf(deps, ctx, rows)
  return {
    events: entries.map((entry, i) => activityItemOf(entry, rows[i]!)),
    totalPages: totalPages(total?.n ?? 0, ACTIVITY_PAGE_SIZE),
    currentPage: q.page,
  }
}

/** The export's rows: every filtered event, read in pages so that any number streams in little memory. */
export async function* activityRows(deps: Deps, ctx: RequestContext, q: ActivityQuery) {
  requireAdmin(ctx, 'Only administrators can see the activity.')
  const where = activityWhere(ctx, q)
  const BATCH = 500
  let cursor: SQL | undefined
  for (;;) {
    const rows = await selectEvents(deps.db)
      .where(and(where, cursor))
      .orderBy(...newestFirst)
      .limit(BATCH)
    const entries = await entriesOf(deps, ctx, rows)
    for (const [i, entry] of entries.entries()) yield activityItemOf(entry, rows[i]!)
    const last = rows.at(-1)
    if (!last || rows.length < BATCH) return
    cursor = sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${last.createdAt.toISOString()}::timestamptz, ${last.id})`
  }
}
