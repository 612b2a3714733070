import {
  type ActionType,
  approvalMessages,
  type EntityType,
  type PendingAction,
  type PendingActionDetail,
} from '@daftar/domain'
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/connection.ts'
import { builtPerShape, prepared } from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { countAlongside, countOf, totalPages } from '../../platform/pagination.ts'
import { accessOf } from '../access/service.ts'
import { users } from '../users/schema.ts'
import { requesterWarning } from './decide.ts'
import { presentProposed, withoutContextFor } from './present.ts'
import { pendingActions } from './schema.ts'
import { registerOf } from './submit.ts'

const requester = alias(users, 'requester')
const processor = alias(users, 'processor')

type Row = { a: typeof pendingActions.$inferSelect; username: string; fullName: string }

async function presentAction(deps: Deps, ctx: RequestContext, row: Row): Promise<PendingAction> {
  const register = deps.registers.get(row.a.entityType)
  return {
    action_id: row.a.actionId,
    action_type: row.a.actionType,
    entity_type: row.a.entityType,
    entity_id: row.a.entityId,
    requested_by_username: row.username,
    requested_by_fullname: row.fullName,
    requested_at: row.a.requestedAt.toISOString(),
    status: row.a.status,
    proposed_data: await presentProposed(deps.db, ctx, register, row.a.proposedData),
    summary: row.a.summary,
    entity_display_id: row.a.entityDisplayId,
  }
}

type QueueShape = {
  isAdmin: boolean
  entityType: boolean
  actionType: boolean
  requestedBy: 'anyone' | 'id' | 'username'
}

/** The queue's page and count for one shape of its filters, their values as placeholders. */
const queueOf = builtPerShape(
  (shape: QueueShape) => JSON.stringify(shape),
  (db: Db, shape: QueueShape) => {
    const value = (name: string) => sql.placeholder(name)
    const where = and(
      eq(pendingActions.orgId, value('orgId')),
      eq(pendingActions.status, 'PENDING'),
      shape.isAdmin ? undefined : eq(pendingActions.requestedBy, value('userId')),
      shape.entityType ? eq(pendingActions.entityType, value('entityType')) : undefined,
      shape.actionType ? eq(pendingActions.actionType, value('actionType')) : undefined,
      shape.requestedBy === 'id' ? eq(pendingActions.requestedBy, value('who')) : undefined,
      shape.requestedBy === 'username'
        ? sql`lower(${requester.username}) = lower(${value('who')})`
        : undefined,
    )
    const counted = db
      .select({ n: count() })
      .from(pendingActions)
      .innerJoin(requester, eq(requester.userId, pendingActions.requestedBy))
      .where(where)
    return {
      page: prepared(
        db
          .select({
            a: pendingActions,
            username: requester.username,
            fullName: requester.fullName,
            total: countAlongside(counted),
          })
          .from(pendingActions)
          .innerJoin(requester, eq(requester.userId, pendingActions.requestedBy))
          .where(where)
          .orderBy(desc(pendingActions.requestedAt), desc(pendingActions.actionId))
          .limit(value('limit'))
          .offset(value('offset')),
      ),
      total: prepared(counted),
    }
  },
)

/** Admins see the whole queue; everyone else sees their own requests. */
export async function listPendingActions(
  deps: Deps,
  ctx: RequestContext,
  query: {
    page: number
    limit: number
    entityType?: EntityType
    actionType?: ActionType
    requestedBy?: string
  },
) {
  const who = query.requestedBy?.trim()
  const shape: QueueShape = {
    isAdmin: ctx.isAdmin,
    entityType: Boolean(query.entityType),
    actionType: Boolean(query.actionType),
    requestedBy: !who ? 'anyone' : /^[0-9a-f-]{36}$/i.test(who) ? 'id' : 'username',
  }
  const values = {
    orgId: ctx.orgId,
    userId: ctx.userId,
    entityType: query.entityType,
    actionType: query.actionType,
    who,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  }
  const { page, total: counted } = queueOf(deps.db, shape)
  const rows = await page.execute(values)
  const total = await countOf(rows[0]?.total, query.page, () => counted.execute(values))
  return {
    pendingActions: await Promise.all(rows.map((row) => presentAction(deps, ctx, row))),
    totalPages: totalPages(total, query.limit),
    currentPage: query.page,
    limit: query.limit,
  }
}

/**
 * One action of any status for the review page. An admin sees the record as it is now, the access a
 * create will grant and whether the requester still may make the change. The requester sees what they
 * proposed and the outcome, and the record's current data only while they may still read it.
 */
export async function getPendingAction(
  deps: Deps,
  ctx: RequestContext,
  actionId: string,
): Promise<PendingActionDetail> {
  const [row] = await deps.db
    .select({
      a: pendingActions,
      username: requester.username,
      fullName: requester.fullName,
      processorName: processor.fullName,
    })
    .from(pendingActions)
    .innerJoin(requester, eq(requester.userId, pendingActions.requestedBy))
    .leftJoin(processor, eq(processor.userId, pendingActions.processedBy))
    .where(and(eq(pendingActions.actionId, actionId), eq(pendingActions.orgId, ctx.orgId)))
  if (!row || (!ctx.isAdmin && row.a.requestedBy !== ctx.userId)) throw notFound(approvalMessages.notFound)
  const a = row.a
  const register = registerOf(deps, a.entityType)
  const readable = Boolean(a.entityId && (await accessOf(deps.db, ctx, a.entityType, a.entityId)))
  const current = readable && a.entityId ? await register.currentData(deps.db, ctx.orgId, a.entityId) : null
  const pending = a.status === 'PENDING'
  return {
    ...(await presentAction(deps, ctx, row)),
    // Without the context for a requester too, so that the review compares like with like.
    current_data: await withoutContextFor(deps.db, ctx, register, current),
    entity_name: current ? register.describe(current) : null,
    entity_link: current && a.entityId ? register.link(a.entityId) : null,
    // Someone changed the record after this request was made: the admin should look twice.
    record_changed_since_request: Boolean(
      current && a.baseVersion !== null && current.version !== a.baseVersion,
    ),
    access_permissions: await grantsWithNames(deps, ctx, a.accessPermissions ?? []),
    requester_warning: ctx.isAdmin && pending ? await requesterWarning(deps.db, a, register) : null,
    processed_by_fullname: row.processorName,
    processed_at: a.processedAt?.toISOString() ?? null,
    rejection_reason: a.rejectionReason,
    version: a.version,
  }
}

async function grantsWithNames(
  deps: Deps,
  ctx: RequestContext,
  grants: { user_id: string; level: 'READ' | 'WRITE' }[],
) {
  if (grants.length === 0) return []
  const people = await deps.db
    .select({ userId: users.userId, username: users.username, fullName: users.fullName })
    .from(users)
    .where(
      and(
        eq(users.orgId, ctx.orgId),
        inArray(
          users.userId,
          grants.map((g) => g.user_id),
        ),
      ),
    )
  const byId = new Map(people.map((p) => [p.userId, p]))
  return grants.flatMap((g) => {
    const person = byId.get(g.user_id)
    return person
      ? [{ user_id: g.user_id, username: person.username, full_name: person.fullName, level: g.level }]
      : []
  })
}
