import {
  type ActionType,
  type EntityType,
  HOME_DECIDED_DAYS,
  HOME_ITEMS,
  type HomeRequestItem,
  type HomeSection,
} from '@daftar/domain'
import { and, desc, eq, gte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection.ts'
import {
  builtOnce,
  callerPlaceholders,
  callerValues,
  fixedLimit,
  prepared,
} from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { totalOf } from '../../platform/listing.ts'
import { pendingActions } from '../approvals/schema.ts'
import { users } from '../users/schema.ts'

const a = pendingActions

const entityWords: Record<EntityType, string> = {
  CLIENT: 'client',
  PROJECT: 'project',
  COLLECTION: 'collection',
  ASSET: 'asset',
  EMPLOYEE: 'employee',
  SUPPLIER: 'supplier',
  TECHNICAL_INFO: 'technical information',
}
const actionWords: Record<ActionType, string> = {
  CREATE: 'New',
  UPDATE: 'Edit of',
  ARCHIVE: 'Archive',
  UNARCHIVE: 'Unarchive',
  ACTIVATE: 'Activate',
  DEACTIVATE: 'Deactivate',
}
const outcomeWords = { PENDING: 'Waiting for approval', APPROVED: 'Approved', REJECTED: 'Rejected' } as const

type Action = typeof a.$inferSelect

/** 'New client', 'Archive project' … */
const whatOf = (r: Action) => `${actionWords[r.actionType]} ${entityWords[r.entityType]}`
/** The record's name when asked, else its display id, else what was asked. */
const titleOf = (r: Action) => r.summary ?? r.entityDisplayId ?? whatOf(r)
const urlOf = (r: Action) => `/admin/approvals/${r.actionId}`

/**
 * A staff member's register requests still waiting, and those decided in the last 7 days with their
 * outcome, the latest news first. Admins' changes apply at once, so they have none and no section
 * (docs/decisions.md, "The home page"). The queue's rule for a non-admin: their own requests.
 */
export async function myRequests(deps: Deps, ctx: RequestContext) {
  if (ctx.isAdmin) return undefined
  const since = new Date(Date.now() - HOME_DECIDED_DAYS * 86_400_000)
  const rows = await myRequestsOf(deps.db).execute({ ...callerValues(ctx), since })
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map(
      ({ a: r }): HomeRequestItem => ({
        id: r.actionId,
        title: titleOf(r),
        subtitle: `${whatOf(r)} · ${outcomeWords[r.status]}`,
        url: urlOf(r),
        date: (r.processedAt ?? r.requestedAt).toISOString(),
        status: r.status,
      }),
    ),
  }
}

const myRequestsOf = builtOnce((db: Db) => {
  const ctx = callerPlaceholders()
  const where = and(
    eq(a.orgId, ctx.orgId),
    eq(a.requestedBy, ctx.userId),
    or(eq(a.status, 'PENDING'), gte(a.processedAt, sql.placeholder('since'))),
  )!
  return prepared(
    db
      .select({ a, total: totalOf(a, where) })
      .from(a)
      .where(where)
      .orderBy(desc(sql`coalesce(${a.processedAt}, ${a.requestedAt})`), desc(a.actionId))
      .limit(fixedLimit(HOME_ITEMS)),
  )
})

/** Admins: the approval queue, newest first, as the queue page lists it. */
export async function pendingRequests(deps: Deps, ctx: RequestContext): Promise<HomeSection | undefined> {
  if (!ctx.isAdmin) return undefined
  const rows = await queueOf(deps.db).execute({ orgId: ctx.orgId })
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map(({ a: r, requester }) => ({
      id: r.actionId,
      title: titleOf(r),
      subtitle: `${whatOf(r)} · by ${requester}`,
      url: urlOf(r),
      date: r.requestedAt.toISOString(),
    })),
  }
}

const queueOf = builtOnce((db: Db) => {
  const where = and(eq(a.orgId, sql.placeholder('orgId')), eq(a.status, 'PENDING'))!
  return prepared(
    db
      .select({ a, requester: users.fullName, total: totalOf(a, where) })
      .from(a)
      .innerJoin(users, eq(users.userId, a.requestedBy))
      .where(where)
      .orderBy(desc(a.requestedAt), desc(a.actionId))
      .limit(fixedLimit(HOME_ITEMS)),
  )
})
