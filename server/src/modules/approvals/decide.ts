import { type AccessPermissions, approvalMessages } from '@daftar/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, notFound, preconditionFailed } from '../../platform/errors.ts'
import { annotated, type RegisterDefinition, type StateAction } from '../../platform/registers.ts'
import { parse } from '../../platform/validation.ts'
import { accessOf } from '../access/service.ts'
import { notify } from '../notifications/service.ts'
import { users } from '../users/schema.ts'
import { presentProposed } from './present.ts'
import { pendingActions } from './schema.ts'
import {
  apply,
  assertGrantable,
  auditedData,
  type ChangeRequest,
  recordBefore,
  registerOf,
  stateData,
  verbOf,
} from './submit.ts'

type Action = typeof pendingActions.$inferSelect

/** The action of the caller's organisation, while in this state. */
const actionIn = (ctx: RequestContext, actionId: string, status: Action['status']) =>
  and(
    eq(pendingActions.actionId, actionId),
    eq(pendingActions.orgId, ctx.orgId),
    eq(pendingActions.status, status),
  )

/** Claims a PENDING action for processing; a second admin (or a second click) finds nothing (null). */
async function claim(
  tx: Tx,
  ctx: RequestContext,
  actionId: string,
  status: 'APPROVED' | 'REJECTED',
  reason: string | null = null,
  reviewedVersion?: number,
): Promise<Action | null> {
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
        actionIn(ctx, actionId, 'PENDING'),
        reviewedVersion === undefined ? undefined : eq(pendingActions.version, reviewedVersion),
      ),
    )
    .returning()
  return action ?? null
}

/** Refuses with 412 when the action is still waiting but no longer the version the admin reviewed. */
async function assertNotEditedMeanwhile(tx: Tx, ctx: RequestContext, actionId: string) {
  const [waiting] = await tx
    .select({ version: pendingActions.version })
    .from(pendingActions)
    .where(actionIn(ctx, actionId, 'PENDING'))
  if (waiting) throw preconditionFailed(approvalMessages.editedMeanwhile)
}

/**
 * The action this admin has already decided the same way (a double click, a retry after a lost
 * answer): answered as the first decision was, with nothing applied again. Anyone else, or another
 * outcome, is told it is already processed (docs/decisions.md, "Registers, approvals, access and
 * documents").
 */
async function sameDecision(
  tx: Tx,
  ctx: RequestContext,
  actionId: string,
  status: 'APPROVED' | 'REJECTED',
): Promise<Action> {
  const [action] = await tx
    .select()
    .from(pendingActions)
    .where(and(actionIn(ctx, actionId, status), eq(pendingActions.processedBy, ctx.userId)))
  if (!action) throw notFound(approvalMessages.notFound)
  return action
}

/**
 * Why the requester may no longer make this change, or null: their account was deactivated, or (for a
 * change to an existing record) they no longer have WRITE on it.
 */
export async function requesterWarning(
  db: DbOrTx,
  action: Action,
  register: RegisterDefinition,
): Promise<string | null> {
  const [requester] = await db
    .select({
      fullName: users.fullName,
      isActive: users.isActive,
      isAdmin: users.isAdmin,
      username: users.username,
    })
    .from(users)
    .where(eq(users.userId, action.requestedBy))
  if (!requester?.isActive) return `${requester?.fullName ?? 'The requester'}'s account has been deactivated.`
  if (action.actionType === 'CREATE' || !action.entityId) return null
  const level = await accessOf(
    db,
    { orgId: action.orgId, userId: action.requestedBy, isAdmin: requester.isAdmin },
    register.entityType,
    action.entityId,
  )
  if (level === 'ADMIN' || level === 'WRITE') return null
  return `${requester.fullName} no longer has write access to this ${register.label.toLowerCase()}.`
}

function requestOf(action: Action, register: RegisterDefinition): ChangeRequest {
  const base = { entityType: register.entityType }
  if (action.actionType === 'CREATE')
    return {
      ...base,
      actionType: 'CREATE',
      entityId: null,
      data: parse(register.schema, action.proposedData),
      accessPermissions: action.accessPermissions ?? [],
    }
  if (!action.entityId) throw notFound(approvalMessages.notFound)
  if (action.actionType === 'UPDATE')
    return {
      ...base,
      actionType: 'UPDATE',
      entityId: action.entityId,
      data: parse(register.schema, action.proposedData),
    }
  return { ...base, actionType: action.actionType, entityId: action.entityId }
}

/** What the record already is, in the words of a refusal to approve a state change it has. */
const alreadyIn: Record<StateAction, string> = {
  ARCHIVE: 'is already archived',
  UNARCHIVE: 'is not archived',
  ACTIVATE: 'is already active',
  DEACTIVATE: 'is already inactive',
}

/**
 * The record version a change applies to: the one the admin reviewed, else the one read here. A state
 * the record already has (an admin archived it meanwhile) is refused with 409: approving would change
 * nothing but tell the requester it did; the request waits for a rejection (docs/product.md, "The
 * admin approval queue").
 */
async function versionToApply(
  tx: Tx,
  orgId: string,
  register: RegisterDefinition,
  request: ChangeRequest,
  reviewed: number | undefined,
): Promise<number | undefined> {
  if (request.actionType === 'CREATE') return undefined
  const current = await register.currentData(tx, orgId, request.entityId)
  if (current && request.actionType !== 'UPDATE') {
    const wanted = Object.entries(stateData(request.actionType))
    if (wanted.every(([key, value]) => current[key] === value))
      throw conflict(
        `The ${register.label.toLowerCase()} ${alreadyIn[request.actionType]}, so approving would change nothing. Reject the request to close it.`,
      )
  }
  return reviewed ?? current?.version
}

/**
 * Applies a pending action in the transaction that claims it. `recordVersion` (If-Match) is the
 * version of the record the admin reviewed; without it, the version read here guards the UPDATE, so a
 * concurrent edit is never silently overwritten.
 */
export async function approveAction(
  deps: Deps,
  ctx: RequestContext,
  actionId: string,
  options: { recordVersion?: number; actionVersion?: number; approveWithoutRequesterAccess?: boolean } = {},
) {
  requireAdmin(ctx, 'Only administrators can approve requests.')
  return deps.db.transaction(async (tx) => {
    const action = await claim(tx, ctx, actionId, 'APPROVED', null, options.actionVersion)
    if (!action) {
      await assertNotEditedMeanwhile(tx, ctx, actionId)
      const earlier = await sameDecision(tx, ctx, actionId, 'APPROVED')
      if (!earlier.entityId) throw notFound(approvalMessages.notFound)
      return { message: approvalMessages.approved, entityId: earlier.entityId, already_processed: true }
    }
    const register = registerOf(deps, action.entityType)
    if (!options.approveWithoutRequesterAccess && (await requesterWarning(tx, action, register)))
      throw conflict(approvalMessages.requesterLostAccess)
    const request = requestOf(action, register)
    // Grants are judged again: a person deactivated since the request cannot be given access.
    if (request.actionType === 'CREATE') await assertGrantable(tx, ctx.orgId, request.accessPermissions)
    const applyCtx = { orgId: ctx.orgId, actorUserId: ctx.userId, requesterUserId: action.requestedBy }
    const expected = await versionToApply(tx, ctx.orgId, register, request, options.recordVersion)
    const before = await recordBefore(tx, ctx.orgId, register, request)
    const entityId = await apply(tx, register, applyCtx, request, expected)
    if (!action.entityId) {
      const displayId = (await register.displayId?.(tx, ctx.orgId, entityId)) ?? null
      await tx
        .update(pendingActions)
        .set({ entityId, entityDisplayId: displayId })
        .where(eq(pendingActions.actionId, actionId))
    }
    await audit(tx, ctx, {
      action: `APPROVE_${action.actionType}`,
      entityType: register.entityType,
      entityId,
      before,
      after: auditedData(register, action.proposedData),
      details: { requested_by: action.requestedBy, action_id: action.actionId },
    })
    const subject = register.describe(
      ('data' in request ? request.data : await register.currentData(tx, ctx.orgId, entityId)) ?? {},
    )
    await notify(tx, {
      orgId: ctx.orgId,
      userIds: [action.requestedBy],
      type: 'ACTION_APPROVED',
      message: `Your request to ${verbOf[action.actionType]} ${register.label.toLowerCase()} '${subject}' was approved.`,
      link: register.link(entityId),
      entityType: register.entityType,
      entityId,
      triggeringUserId: ctx.userId,
    })
    return { message: approvalMessages.approved, entityId }
  })
}

export async function rejectAction(deps: Deps, ctx: RequestContext, actionId: string, reason: string | null) {
  requireAdmin(ctx, 'Only administrators can reject requests.')
  return deps.db.transaction(async (tx) => {
    const action = await claim(tx, ctx, actionId, 'REJECTED', reason)
    if (!action) {
      await sameDecision(tx, ctx, actionId, 'REJECTED')
      return { message: approvalMessages.rejected, already_processed: true }
    }
    const register = registerOf(deps, action.entityType)
    const current = action.entityId ? await register.currentData(tx, ctx.orgId, action.entityId) : null
    const editsData = action.actionType === 'CREATE' || action.actionType === 'UPDATE'
    const subject = register.describe((editsData ? action.proposedData : current) ?? {})
    await audit(tx, ctx, {
      action: `REJECT_${action.actionType}`,
      entityType: action.entityType,
      entityId: action.entityId ?? action.actionId,
      after: { reason },
      details: { requested_by: action.requestedBy, action_id: action.actionId },
    })
    await notify(tx, {
      orgId: ctx.orgId,
      userIds: [action.requestedBy],
      type: 'ACTION_REJECTED',
      message: `Your request to ${verbOf[action.actionType]} ${register.label.toLowerCase()} '${subject}' was rejected${reason ? `: ${reason}` : '.'}`,
      link: `/admin/approvals/${actionId}`,
      entityType: action.entityType,
      entityId: action.entityId,
      triggeringUserId: ctx.userId,
    })
    return { message: approvalMessages.rejected }
  })
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Fields the edit left undefined take their value from the request as it was, at any depth. */
function keepUnsent(
  edited: Record<string, unknown>,
  before: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...edited }
  for (const [key, value] of Object.entries(edited)) {
    if (value === undefined && key in before) merged[key] = before[key]
    else if (isPlainObject(value) && isPlainObject(before[key])) merged[key] = keepUnsent(value, before[key])
  }
  for (const key of Object.keys(before)) if (!(key in edited)) merged[key] = before[key]
  return merged
}

/**
 * 'Edit & Re-evaluate': the admin corrects the proposed data (and, for a create, the access it will
 * grant); the register's schema and rules judge it again.
 */
export async function editPendingAction(
  deps: Deps,
  ctx: RequestContext,
  actionId: string,
  input: { proposed_data: Record<string, unknown>; access_permissions?: AccessPermissions },
) {
  requireAdmin(ctx, 'Only administrators can edit requests.')
  const [action] = await deps.db
    .select()
    .from(pendingActions)
    .where(actionIn(ctx, actionId, 'PENDING'))
  if (!action) throw notFound(approvalMessages.notFound)
  if (action.actionType !== 'CREATE' && action.actionType !== 'UPDATE')
    throw badRequest('Only creation and update requests can be edited.')
  const register = registerOf(deps, action.entityType)
  // What the form leaves out on purpose (a masked Aadhaar, a login account's password hash) is kept.
  const edited = keepUnsent(parse(register.schema, input.proposed_data), action.proposedData ?? {})
  await register.validate?.(deps.db, ctx.orgId, edited, action.entityId)
  // The context beside the data follows the edit (another client chosen, its details and address).
  const data = await annotated(register, deps.db, ctx.orgId, edited)
  const grants =
    action.actionType === 'CREATE' ? (input.access_permissions ?? action.accessPermissions ?? []) : []
  await assertGrantable(deps.db, ctx.orgId, grants)
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(pendingActions)
      .set({
        proposedData: data,
        summary: register.describe(data),
        accessPermissions: grants,
        version: sql`${pendingActions.version} + 1`,
      })
      .where(and(eq(pendingActions.actionId, actionId), eq(pendingActions.status, 'PENDING')))
      .returning()
    if (!row) throw notFound(approvalMessages.notFound)
    await audit(tx, ctx, {
      action: 'EDIT_PENDING',
      entityType: action.entityType,
      entityId: action.entityId ?? actionId,
      before: {
        proposed_data: auditedData(register, action.proposedData),
        access_permissions: action.accessPermissions,
      },
      after: { proposed_data: auditedData(register, data), access_permissions: grants },
    })
    return row
  })
  // Shown as the review shows it: masked numbers, no password hash (docs/product.md, "Employees").
  const proposed = await presentProposed(deps.db, ctx, register, updated.proposedData)
  return {
    message: approvalMessages.updated,
    pendingAction: { action_id: updated.actionId, proposed_data: proposed },
  }
}
