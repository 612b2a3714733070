import {
  type AccessPermissions,
  type ActionType,
  appliedMessage,
  approvalMessages,
  type EntityType,
  requestSubmittedMessage,
} from '@daftar/domain'
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, notFound, preconditionFailed } from '../../platform/errors.ts'
import { totalPages } from '../../platform/pagination.ts'
import type { ApplyContext, RegisterDefinition } from '../../platform/registers.ts'
import { parse } from '../../platform/validation.ts'
import { assertWritable, grantOnCreate } from '../access/service.ts'
import { notify } from '../notifications/service.ts'
import { users } from '../users/schema.ts'
import { pendingActions } from './schema.ts'

export interface ChangeRequest {
  entityType: EntityType
  actionType: ActionType
  /** Null for CREATE. */
  entityId: string | null
  /** Already validated by the register's schema (CREATE, UPDATE). */
  data?: unknown
  accessPermissions?: AccessPermissions
  /** The `If-Match` version the caller edited. */
  version?: number
}

export interface ChangeResult {
  message: string
  /** Set when the change was applied (an admin's own change). */
  entityId?: string
  /** Set when the change waits in the queue. */
  actionId?: string
}

const verbOf: Record<ActionType, string> = {
  CREATE: 'create',
  UPDATE: 'update',
  ARCHIVE: 'archive',
  UNARCHIVE: 'unarchive',
  ACTIVATE: 'activate',
  DEACTIVATE: 'deactivate',
}

function registerOf(deps: Deps, entityType: string): RegisterDefinition {
  const register = deps.registers.get(entityType)
  if (!register) throw notFound(approvalMessages.notFound)
  return register
}

/** State actions carry the state they ask for, so the queue can show it as a change. */
function stateData(action: ActionType): Record<string, boolean> | null {
  if (action === 'ARCHIVE' || action === 'UNARCHIVE') return { is_archived: action === 'ARCHIVE' }
  if (action === 'ACTIVATE' || action === 'DEACTIVATE') return { is_active: action === 'ACTIVATE' }
  return null
}

/** Applies a change inside the caller's transaction; the register's rules are checked once more here. */
async function apply(
  tx: Tx,
  register: RegisterDefinition,
  ctx: ApplyContext,
  request: ChangeRequest,
  grants: AccessPermissions,
) {
  if (request.data !== undefined) await register.validate?.(tx, ctx.orgId, request.data, request.entityId)
  if (request.actionType === 'CREATE') {
    const entityId = await register.create(tx, ctx, request.data)
    // The requester of an approved create may write to what they asked for (DESIGN §5).
    const requesterGrant =
      ctx.requesterUserId !== ctx.actorUserId
        ? [{ user_id: ctx.requesterUserId, level: 'WRITE' as const }]
        : []
    await grantOnCreate(
      tx,
      ctx.orgId,
      register.entityType,
      entityId,
      [...grants, ...requesterGrant],
      ctx.actorUserId,
    )
    return entityId
  }
  const entityId = request.entityId!
  if (!(await register.exists(tx, ctx.orgId, entityId))) throw notFound(`${register.label} not found.`)
  if (request.actionType === 'UPDATE') await register.update(tx, ctx, entityId, request.data)
  else await register.changeState!(tx, ctx, entityId, request.actionType)
  return entityId
}

/**
 * Every register change goes through here: an admin's change is applied at once; anyone else's becomes
 * a pending action for the admins, who are notified in the same transaction.
 */
export async function submitChange(
  deps: Deps,
  ctx: RequestContext,
  request: ChangeRequest,
): Promise<ChangeResult> {
  const register = registerOf(deps, request.entityType)
  if (request.actionType !== 'CREATE') {
    await assertWritable(deps.db, ctx, register, request.entityId!, `${register.label} not found.`)
    if (request.actionType !== 'UPDATE' && !register.stateActions.includes(request.actionType)) {
      throw badRequest(`${register.label} records cannot be ${verbOf[request.actionType]}d.`)
    }
    if (request.version !== undefined) {
      const current = await register.currentData(deps.db, ctx.orgId, request.entityId!)
      if (current && current.version !== request.version) throw preconditionFailed()
    }
  }
  const grants = request.accessPermissions ?? []
  if (ctx.isAdmin) {
    const entityId = await deps.db.transaction(async (tx) => {
      const applyCtx = { orgId: ctx.orgId, actorUserId: ctx.userId, requesterUserId: ctx.userId }
      const id = await apply(tx, register, applyCtx, request, grants)
      await audit(tx, ctx, {
        action: request.actionType,
        entityType: request.entityType,
        entityId: id,
        after: request.data ?? stateData(request.actionType),
      })
      return id
    })
    return { message: appliedMessage(register.label, request.actionType), entityId }
  }
  if (request.data !== undefined)
    await register.validate?.(deps.db, ctx.orgId, request.data, request.entityId)
  if (request.actionType !== 'CREATE' && request.actionType !== 'UPDATE') {
    await assertNoSameStateRequest(deps, ctx, request)
  }
  const actionId = await deps.db.transaction(async (tx) => {
    const current = request.entityId ? await register.currentData(tx, ctx.orgId, request.entityId) : null
    const subject = register.describe((request.data ?? current) as never)
    const [action] = await tx
      .insert(pendingActions)
      .values({
        orgId: ctx.orgId,
        actionType: request.actionType,
        entityType: request.entityType,
        entityId: request.entityId,
        proposedData: request.data ?? stateData(request.actionType),
        summary: subject,
        baseVersion: current?.version ?? null,
        accessPermissions: grants,
        requestedBy: ctx.userId,
      })
      .returning({ actionId: pendingActions.actionId })
    await notify(tx, {
      orgId: ctx.orgId,
      userIds: await adminIds(tx, ctx.orgId),
      type: `${request.entityType}_APPROVAL_PENDING`,
      message: `${ctx.fullName} requested to ${verbOf[request.actionType]} ${register.label.toLowerCase()} '${subject}'.`,
      link: `/admin/approvals/${action!.actionId}`,
      entityType: request.entityType,
      entityId: request.entityId,
      triggeringUserId: ctx.userId,
    })
    return action!.actionId
  })
  return { message: requestSubmittedMessage(register.label, request.actionType), actionId }
}

/** One waiting archive (or activate…) request per record and state is enough. */
async function assertNoSameStateRequest(deps: Deps, ctx: RequestContext, request: ChangeRequest) {
  const [waiting] = await deps.db
    .select({ id: pendingActions.actionId })
    .from(pendingActions)
    .where(
      and(
        eq(pendingActions.orgId, ctx.orgId),
        eq(pendingActions.entityType, request.entityType),
        eq(pendingActions.entityId, request.entityId!),
        eq(pendingActions.actionType, request.actionType),
        eq(pendingActions.status, 'PENDING'),
      ),
    )
    .limit(1)
  if (waiting) throw conflict('A request for this change is already waiting for approval.')
}

async function adminIds(tx: Tx, orgId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isAdmin, true), eq(users.isActive, true)))
  return rows.map((r) => r.userId)
}

/** Claims a PENDING action for processing; a second admin (or a second click) finds nothing. */
async function claim(
  tx: Tx,
  ctx: RequestContext,
  actionId: string,
  status: 'APPROVED' | 'REJECTED',
  reason: string | null = null,
) {
  const [action] = await tx
    .update(pendingActions)
    .set({
      status,
      processedBy: ctx.userId,
      processedAt: new Date(),
      rejectionReason: reason,
      version: sql`${pendingActions.version} + 1`,
    })
    .where(
      and(
        eq(pendingActions.actionId, actionId),
        eq(pendingActions.orgId, ctx.orgId),
        eq(pendingActions.status, 'PENDING'),
      ),
    )
    .returning()
  if (!action) throw notFound(approvalMessages.notFound)
  return action
}

export async function approveAction(deps: Deps, ctx: RequestContext, actionId: string) {
  requireAdmin(ctx, 'Only administrators can approve requests.')
  return deps.db.transaction(async (tx) => {
    const action = await claim(tx, ctx, actionId, 'APPROVED')
    const register = registerOf(deps, action.entityType)
    const actionType = action.actionType as ActionType
    const data =
      actionType === 'CREATE' || actionType === 'UPDATE'
        ? parse(register.schema, action.proposedData)
        : undefined
    const applyCtx = { orgId: ctx.orgId, actorUserId: ctx.userId, requesterUserId: action.requestedBy }
    const request = { entityType: register.entityType, actionType, entityId: action.entityId, data }
    const entityId = await apply(
      tx,
      register,
      applyCtx,
      request,
      (action.accessPermissions as AccessPermissions | null) ?? [],
    )
    if (!action.entityId)
      await tx.update(pendingActions).set({ entityId }).where(eq(pendingActions.actionId, actionId))
    await audit(tx, ctx, {
      action: `APPROVE_${actionType}`,
      entityType: register.entityType,
      entityId,
      after: action.proposedData,
    })
    const subject = register.describe(
      (data ?? (await register.currentData(tx, ctx.orgId, entityId))) as never,
    )
    await notify(tx, {
      orgId: ctx.orgId,
      userIds: [action.requestedBy],
      type: 'ACTION_APPROVED',
      message: `Your request to ${verbOf[actionType]} ${register.label.toLowerCase()} '${subject}' was approved.`,
      link: register.link(entityId),
      entityType: register.entityType,
      entityId,
      triggeringUserId: ctx.userId,
    })
    return { message: 'Action approved successfully.', entityId }
  })
}

export async function rejectAction(deps: Deps, ctx: RequestContext, actionId: string, reason: string | null) {
  requireAdmin(ctx, 'Only administrators can reject requests.')
  return deps.db.transaction(async (tx) => {
    const action = await claim(tx, ctx, actionId, 'REJECTED', reason)
    const register = registerOf(deps, action.entityType)
    const current = action.entityId ? await register.currentData(tx, ctx.orgId, action.entityId) : null
    const subject = register.describe(
      (action.actionType === 'CREATE' || action.actionType === 'UPDATE'
        ? action.proposedData
        : current) as never,
    )
    await audit(tx, ctx, {
      action: `REJECT_${action.actionType}`,
      entityType: action.entityType,
      entityId: action.entityId ?? action.actionId,
      after: { reason },
    })
    await notify(tx, {
      orgId: ctx.orgId,
      userIds: [action.requestedBy],
      type: 'ACTION_REJECTED',
      message: `Your request to ${verbOf[action.actionType as ActionType]} ${register.label.toLowerCase()} '${subject}' was rejected${reason ? `: ${reason}` : '.'}`,
      link: `/admin/approvals/${actionId}`,
      entityType: action.entityType,
      entityId: action.entityId,
      triggeringUserId: ctx.userId,
    })
    return { message: 'Action rejected successfully.' }
  })
}

/** 'Edit & Re-evaluate': the admin corrects the proposed data; the register's schema judges it. */
export async function editPendingAction(deps: Deps, ctx: RequestContext, actionId: string, body: unknown) {
  requireAdmin(ctx, 'Only administrators can edit requests.')
  const [action] = await deps.db
    .select()
    .from(pendingActions)
    .where(
      and(
        eq(pendingActions.actionId, actionId),
        eq(pendingActions.orgId, ctx.orgId),
        eq(pendingActions.status, 'PENDING'),
      ),
    )
  if (!action) throw notFound(approvalMessages.notFound)
  if (action.actionType !== 'CREATE' && action.actionType !== 'UPDATE')
    throw badRequest('Only creation and update requests can be edited.')
  const register = registerOf(deps, action.entityType)
  const raw = (body as { proposed_data?: unknown } | null)?.proposed_data ?? body
  const data = parse(register.schema, raw)
  await register.validate?.(deps.db, ctx.orgId, data, action.entityId)
  const [updated] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(pendingActions)
      .set({ proposedData: data, version: sql`${pendingActions.version} + 1` })
      .where(and(eq(pendingActions.actionId, actionId), eq(pendingActions.status, 'PENDING')))
      .returning()
    if (rows.length === 0) throw notFound(approvalMessages.notFound)
    await audit(tx, ctx, {
      action: 'EDIT_PENDING',
      entityType: action.entityType,
      entityId: action.entityId ?? actionId,
      before: action.proposedData,
      after: data,
    })
    return rows
  })
  return {
    message: approvalMessages.updated,
    pendingAction: { action_id: updated!.actionId, proposed_data: updated!.proposedData },
  }
}

const requester = alias(users, 'requester')
const processor = alias(users, 'processor')

function presentAction(
  deps: Deps,
  row: { a: typeof pendingActions.$inferSelect; username: string; fullName: string },
) {
  const register = deps.registers.get(row.a.entityType)
  const data = row.a.proposedData as Record<string, unknown> | null
  return {
    action_id: row.a.actionId,
    action_type: row.a.actionType,
    entity_type: row.a.entityType,
    entity_id: row.a.entityId,
    requested_by_username: row.username,
    requested_by_fullname: row.fullName,
    requested_at: row.a.requestedAt.toISOString(),
    status: row.a.status,
    proposed_data: data,
    summary: row.a.summary ?? (register && data && 'name' in data ? register.describe(data as never) : null),
  }
}

/** Admins see the whole queue; everyone else sees their own requests. */
export async function listPendingActions(
  deps: Deps,
  ctx: RequestContext,
  query: { page: number; limit: number; entityType?: string; actionType?: string; requestedBy?: string },
) {
  const filters: (SQL | undefined)[] = [
    eq(pendingActions.orgId, ctx.orgId),
    eq(pendingActions.status, 'PENDING'),
  ]
  if (!ctx.isAdmin) filters.push(eq(pendingActions.requestedBy, ctx.userId))
  if (query.entityType) filters.push(eq(pendingActions.entityType, query.entityType))
  if (query.actionType) filters.push(eq(pendingActions.actionType, query.actionType))
  if (query.requestedBy) {
    const who = query.requestedBy.trim()
    filters.push(
      /^[0-9a-f-]{36}$/i.test(who)
        ? eq(pendingActions.requestedBy, who)
        : sql`lower(${requester.username}) = lower(${who})`,
    )
  }
  const where = and(...filters)
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ a: pendingActions, username: requester.username, fullName: requester.fullName })
      .from(pendingActions)
      .innerJoin(requester, eq(requester.userId, pendingActions.requestedBy))
      .where(where)
      .orderBy(desc(pendingActions.requestedAt), desc(pendingActions.actionId))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db
      .select({ n: count() })
      .from(pendingActions)
      .innerJoin(requester, eq(requester.userId, pendingActions.requestedBy))
      .where(where),
  ])
  return {
    pendingActions: rows.map((row) => presentAction(deps, row)),
    totalPages: totalPages(total?.n ?? 0, query.limit),
    currentPage: query.page,
    limit: query.limit,
  }
}

/** One action of any status, with the record as it is now, for the review page. */
export async function getPendingAction(deps: Deps, ctx: RequestContext, actionId: string) {
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
  const register = registerOf(deps, row.a.entityType)
  const current = row.a.entityId ? await register.currentData(deps.db, ctx.orgId, row.a.entityId) : null
  return {
    ...presentAction(deps, row),
    current_data: current,
    entity_name: current ? register.describe(current) : null,
    entity_link: row.a.entityId ? register.link(row.a.entityId) : null,
    // Someone changed the record after this request was made: the admin should look twice.
    record_changed_since_request: Boolean(
      current && row.a.baseVersion !== null && current.version !== row.a.baseVersion,
    ),
    processed_by_fullname: row.processorName,
    processed_at: row.a.processedAt?.toISOString() ?? null,
    rejection_reason: row.a.rejectionReason,
    version: row.a.version,
  }
}
