import {
  type AccessPermissions,
  type ActionType,
  appliedMessage,
  approvalMessages,
  type ChangeResult,
  type EntityType,
  requestSubmittedMessage,
} from '@daftar/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import {
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
  preconditionFailed,
} from '../../platform/errors.ts'
import {
  type ApplyContext,
  annotated,
  type RegisterDefinition,
  type StateAction,
} from '../../platform/registers.ts'
import { assertWritable, grantOnCreate } from '../access/service.ts'
import { notify } from '../notifications/service.ts'
import { users } from '../users/schema.ts'
import { pendingActions } from './schema.ts'

interface CreateRequest {
  entityType: EntityType
  actionType: 'CREATE'
  entityId: null
  /** Already validated by the register's schema. */
  data: Record<string, unknown>
  accessPermissions: AccessPermissions
}

interface UpdateRequest {
  entityType: EntityType
  actionType: 'UPDATE'
  entityId: string
  data: Record<string, unknown>
  /** The `If-Match` version the caller edited. */
  version?: number
}

interface StateRequest {
  entityType: EntityType
  actionType: StateAction
  entityId: string
  version?: number
}

export type ChangeRequest = CreateRequest | UpdateRequest | StateRequest

export const verbOf: Record<ActionType, string> = {
  CREATE: 'create',
  UPDATE: 'update',
  ARCHIVE: 'archive',
  UNARCHIVE: 'unarchive',
  ACTIVATE: 'activate',
  DEACTIVATE: 'deactivate',
}

export function registerOf(deps: Deps, entityType: EntityType): RegisterDefinition {
  const register = deps.registers.get(entityType)
  if (!register) throw notFound(approvalMessages.notFound)
  return register
}

/** State actions carry the state they ask for, so the queue can show it as a change. */
export function stateData(action: StateAction): Record<string, boolean> {
  if (action === 'ARCHIVE' || action === 'UNARCHIVE') return { is_archived: action === 'ARCHIVE' }
  return { is_active: action === 'ACTIVATE' }
}

const proposedDataOf = (request: ChangeRequest) =>
  'data' in request ? request.data : stateData(request.actionType)

/** Proposed data, and for a create or edit the register's read-only context beside it (a project's client). */
async function withContext(db: DbOrTx, orgId: string, register: RegisterDefinition, request: ChangeRequest) {
  return 'data' in request ? annotated(register, db, orgId, request.data) : stateData(request.actionType)
}

/** What the audit log keeps of a change: no secrets (a register's redact). */
export const auditedData = (register: RegisterDefinition, data: Record<string, unknown> | null) =>
  data && register.redact ? register.redact(data) : data

/**
 * What the record was before a change (none for a create), as the audit keeps it: secrets masked as
 * the record's own answer masks them, so its History can say what each field was (docs/decisions.md,
 * "History and activity").
 */
export async function recordBefore(
  db: DbOrTx,
  orgId: string,
  register: RegisterDefinition,
  request: Pick<ChangeRequest, 'actionType' | 'entityId'>,
): Promise<Record<string, unknown> | null> {
  if (request.actionType === 'CREATE' || !request.entityId) return null
  if (request.actionType !== 'UPDATE') {
    // A state change's before is the state it leaves (not archived, active …).
    const after = stateData(request.actionType)
    return Object.fromEntries(Object.entries(after).map(([key, value]) => [key, !value]))
  }
  const current = await register.currentData(db, orgId, request.entityId)
  if (!current) return null
  const { version: _version, ...data } = current
  return auditedData(register, data)
}

/**
 * Applies a change inside the caller's transaction; the register's rules are checked once more here.
 * An edit or state change applies only to `expectedVersion` of the record when one is given: 412 when
 * the record moved on meanwhile.
 */
export async function apply(
  tx: Tx,
  register: RegisterDefinition,
  ctx: ApplyContext,
  request: ChangeRequest,
  expectedVersion?: number,
): Promise<string> {
  if (request.actionType === 'CREATE') {
    await register.validate?.(tx, ctx.orgId, request.data, null)
    const entityId = await register.create(tx, ctx, request.data)
    // The requester of an approved create may write to what they asked for (docs/product.md, "The admin approval queue").
    const requesterGrant =
      ctx.requesterUserId !== ctx.actorUserId
        ? [{ user_id: ctx.requesterUserId, level: 'WRITE' as const }]
        : []
    await grantOnCreate(
      tx,
      ctx.orgId,
      register.entityType,
      entityId,
      [...request.accessPermissions, ...requesterGrant],
      ctx.actorUserId,
    )
    return entityId
  }
  const entityId = request.entityId
  let applied: boolean
  if (request.actionType === 'UPDATE') {
    await register.validate?.(tx, ctx.orgId, request.data, entityId)
    applied = await register.update(tx, ctx, entityId, request.data, expectedVersion)
  } else {
    applied = (await register.changeState?.(tx, ctx, entityId, request.actionType, expectedVersion)) ?? false
  }
  if (!applied) {
    if (!(await register.exists(tx, ctx.orgId, entityId))) throw notFound(`${register.label} not found.`)
    throw preconditionFailed()
  }
  return entityId
}

/** Grants may name only active users of the organisation. */
export async function assertGrantable(db: Deps['db'] | Tx, orgId: string, grants: AccessPermissions) {
  if (grants.length === 0) return
  const ids = grants.map((g) => g.user_id)
  const found = await db
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isActive, true), inArray(users.userId, ids)))
  if (found.length !== new Set(ids).size) throw badRequest(approvalMessages.grantToActiveUsers)
}

export async function adminIds(tx: Tx, orgId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isAdmin, true), eq(users.isActive, true)))
  return rows.map((r) => r.userId)
}

/**
 * Every register change goes through here: an admin's change is applied at once; anyone else's becomes
 * a pending action for the admins, who are notified in the same transaction. `requestKey` (the
 * Idempotency-Key header) makes a repeated submit answer with the request it already made.
 */
export async function submitChange(
  deps: Deps,
  ctx: RequestContext,
  request: ChangeRequest,
  requestKey?: string,
): Promise<ChangeResult> {
  const register = registerOf(deps, request.entityType)
  if (request.actionType !== 'CREATE') {
    await assertWritable(deps.db, ctx, register, request.entityId, `${register.label} not found.`)
    if (request.actionType !== 'UPDATE' && !register.stateActions.includes(request.actionType)) {
      throw badRequest(`${register.label} records cannot be ${verbOf[request.actionType]}d.`)
    }
  } else {
    await assertGrantable(deps.db, ctx.orgId, request.accessPermissions)
  }
  if (ctx.isAdmin) return applyAsAdmin(deps, ctx, register, request)
  return queueRequest(deps, ctx, register, request, requestKey)
}

async function applyAsAdmin(
  deps: Deps,
  ctx: RequestContext,
  register: RegisterDefinition,
  request: ChangeRequest,
): Promise<ChangeResult> {
  const entityId = await deps.db.transaction(async (tx) => {
    const applyCtx = { orgId: ctx.orgId, actorUserId: ctx.userId, requesterUserId: ctx.userId }
    const version = request.actionType === 'CREATE' ? undefined : request.version
    const before = await recordBefore(tx, ctx.orgId, register, request)
    const id = await apply(tx, register, applyCtx, request, version)
    await audit(tx, ctx, {
      action: request.actionType,
      entityType: request.entityType,
      entityId: id,
      before,
      after: auditedData(register, proposedDataOf(request)),
    })
    return id
  })
  return { message: appliedMessage(register.label, request.actionType), entityId }
}

async function queueRequest(
  deps: Deps,
  ctx: RequestContext,
  register: RegisterDefinition,
  request: ChangeRequest,
  requestKey: string | undefined,
): Promise<ChangeResult> {
  const message = requestSubmittedMessage(register.label, request.actionType)
  const repeated = requestKey ? await findByKey(deps, ctx, requestKey) : null
  if (repeated) return { message, actionId: repeated }
  const current = request.entityId ? await register.currentData(deps.db, ctx.orgId, request.entityId) : null
  if (
    request.actionType !== 'CREATE' &&
    request.version !== undefined &&
    current?.version !== request.version
  )
    throw preconditionFailed()
  if ('data' in request) await register.validate?.(deps.db, ctx.orgId, request.data, request.entityId)
  try {
    const actionId = await deps.db.transaction(async (tx) => {
      const subject = register.describe(('data' in request ? request.data : current) ?? {})
      const [action] = await tx
        .insert(pendingActions)
        .values({
          orgId: ctx.orgId,
          actionType: request.actionType,
          entityType: request.entityType,
          entityId: request.entityId,
          proposedData: await withContext(tx, ctx.orgId, register, request),
          summary: subject,
          entityDisplayId: request.entityId
            ? ((await register.displayId?.(tx, ctx.orgId, request.entityId)) ?? null)
            : null,
          baseVersion: current?.version ?? null,
          accessPermissions: request.actionType === 'CREATE' ? request.accessPermissions : [],
          requestKey: requestKey ?? null,
          requestedBy: ctx.userId,
        })
        .returning({ actionId: pendingActions.actionId })
      // The record's History shows the request while it waits, not only once decided.
      if (request.entityId)
        await audit(tx, ctx, {
          action: `REQUEST_${request.actionType}`,
          entityType: request.entityType,
          entityId: request.entityId,
          before: await recordBefore(tx, ctx.orgId, register, request),
          after: auditedData(register, proposedDataOf(request)),
          details: { action_id: action!.actionId },
        })
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
    return { message, actionId }
  } catch (error) {
    // Two submits at the same moment: the second finds the first's row.
    if (requestKey && isUniqueViolation(error, 'pending_actions_request_key')) {
      const first = await findByKey(deps, ctx, requestKey)
      if (first) return { message, actionId: first }
    }
    if (isUniqueViolation(error, 'pending_actions_one_state_request'))
      throw conflict(approvalMessages.alreadyWaiting)
    throw error
  }
}

/**
 * A state request (archive, activate …) from a register's own route. Access comes first, so a record
 * the caller may not see (or change) is not revealed by a 409; a record already in that state (its
 * current data says so) answers 409 `already`.
 */
export async function submitStateRequest(
  deps: Deps,
  ctx: RequestContext,
  request: StateRequest & {
    notFound: string
    already: string
    inState(data: Record<string, unknown>): boolean
  },
): Promise<ChangeResult> {
  const register = registerOf(deps, request.entityType)
  await assertWritable(deps.db, ctx, register, request.entityId, request.notFound)
  const current = await register.currentData(deps.db, ctx.orgId, request.entityId)
  if (current && request.inState(current)) throw conflict(request.already)
  const { entityType, actionType, entityId } = request
  return submitChange(deps, ctx, { entityType, actionType, entityId })
}

async function findByKey(deps: Deps, ctx: RequestContext, requestKey: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ actionId: pendingActions.actionId })
    .from(pendingActions)
    .where(
      and(
        eq(pendingActions.orgId, ctx.orgId),
        eq(pendingActions.requestedBy, ctx.userId),
        eq(pendingActions.requestKey, requestKey),
      ),
    )
  return row?.actionId ?? null
}
