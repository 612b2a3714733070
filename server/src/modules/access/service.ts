import { type AccessLevel, type AccessPermissions, accessMessages, type EntityType } from '@daftar/domain'
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts'
import type { ReadAccess } from '../../platform/register-reads.ts'
import type { RegisterDefinition } from '../../platform/registers.ts'
import { notify } from '../notifications/service.ts'
import { users } from '../users/schema.ts'
import { accessEntries } from './schema.ts'

export type EffectiveAccess = 'ADMIN' | AccessLevel | null

/** The caller's level on one record: admins have effective WRITE on everything (docs/product.md, "Access lists and documents"). */
export async function accessOf(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'orgId' | 'userId' | 'isAdmin'>,
  entityType: EntityType,
  entityId: string,
): Promise<EffectiveAccess> {
  if (ctx.isAdmin) return 'ADMIN'
  const [entry] = await db
    .select({ level: accessEntries.accessLevel })
    .from(accessEntries)
    .where(
      and(
        eq(accessEntries.orgId, ctx.orgId),
        eq(accessEntries.entityType, entityType),
        eq(accessEntries.entityId, entityId),
        eq(accessEntries.userId, ctx.userId),
      ),
    )
  return entry?.level ?? null
}

/**
 * Readable means: the record exists in the caller's organisation and the caller is an admin or on its
 * access list. Anything else answers 404, as if the record did not exist.
 */
export async function assertReadable(
  db: DbOrTx,
  ctx: RequestContext,
  register: RegisterDefinition,
  entityId: string,
  notFoundMessage = 'Not found.',
) {
  const [exists, level] = await Promise.all([
    register.exists(db, ctx.orgId, entityId),
    accessOf(db, ctx, register.entityType, entityId),
  ])
  if (!exists || !level) throw notFound(notFoundMessage)
  return level
}

/** Writable: as readable, and WRITE (or admin); READ alone answers 403. */
export async function assertWritable(
  db: DbOrTx,
  ctx: RequestContext,
  register: RegisterDefinition,
  entityId: string,
  notFoundMessage = 'Not found.',
) {
  const level = await assertReadable(db, ctx, register, entityId, notFoundMessage)
  if (level === 'READ') throw forbidden('You have read-only access to this record.')
  return level
}

/** Condition for register lists: admins see every record, others those on their access list. */
export function visibleTo(
  ctx: Pick<RequestContext, 'isAdmin' | 'orgId' | 'userId'>,
  entityType: EntityType,
  idColumn: PgColumn,
): SQL | undefined {
  if (ctx.isAdmin) return undefined
  return sql`exists (select 1 from ${accessEntries} where ${accessEntries.orgId} = ${ctx.orgId}
    and ${accessEntries.entityType} = ${entityType} and ${accessEntries.entityId} = ${idColumn}
    and ${accessEntries.userId} = ${ctx.userId})`
}

/** The access list as the shared register reads take it (platform/register-reads.ts). */
export const readAccess: ReadAccess = { visibleTo, assertReadable }

/** Adds or changes entries, never lowering WRITE to READ (used on create and approval). */
export async function grantOnCreate(
  tx: Tx,
  orgId: string,
  entityType: EntityType,
  entityId: string,
  grants: AccessPermissions,
  grantedBy: string,
) {
  if (grants.length === 0) return
  const ids = grants.map((g) => g.user_id)
  const known = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.userId, ids)))
  const allowed = new Set(known.map((u) => u.userId))
  // One row per user (WRITE wins): the requester's WRITE may repeat a user of the create's own list,
  // and one INSERT … ON CONFLICT cannot touch the same row twice.
  const levels = new Map<string, AccessLevel>()
  for (const g of grants) {
    if (allowed.has(g.user_id) && levels.get(g.user_id) !== 'WRITE') levels.set(g.user_id, g.level)
  }
  const rows = [...levels].map(([user_id, level]) => ({ user_id, level }))
  if (rows.length === 0) return
  await tx
    .insert(accessEntries)
    .values(
      rows.map((g) => ({ orgId, entityType, entityId, userId: g.user_id, accessLevel: g.level, grantedBy })),
    )
    .onConflictDoUpdate({
      target: [accessEntries.orgId, accessEntries.entityType, accessEntries.entityId, accessEntries.userId],
      set: {
        accessLevel: sql`case when ${accessEntries.accessLevel} = 'WRITE' then 'WRITE' else excluded.access_level end`,
        updatedAt: new Date(),
      },
    })
  // Each grant is in the record's History, as a grant made later is (docs/decisions.md, "History and activity").
  for (const g of rows)
    await audit(
      tx,
      { orgId, userId: grantedBy },
      { action: 'ACCESS_GRANT', entityType, entityId, after: { user_id: g.user_id, level: g.level } },
    )
}

const presentEntry = (row: {
  accessId: string
  userId: string
  username: string
  fullName: string
  accessLevel: AccessLevel
}) => ({
  access_id: row.accessId,
  user_id: row.userId,
  username: row.username,
  full_name: row.fullName,
  access_level: row.accessLevel,
})

const entryColumns = {
  accessId: accessEntries.accessId,
  userId: accessEntries.userId,
  username: users.username,
  fullName: users.fullName,
  accessLevel: accessEntries.accessLevel,
}

export async function listAccess(deps: Deps, ctx: RequestContext, entityType: EntityType, entityId: string) {
  const register = deps.registers.get(entityType)
  if (!register) throw notFound()
  await assertReadable(deps.db, ctx, register, entityId)
  const rows = await deps.db
    .select(entryColumns)
    .from(accessEntries)
    .innerJoin(users, eq(users.userId, accessEntries.userId))
    .where(
      and(
        eq(accessEntries.orgId, ctx.orgId),
        eq(accessEntries.entityType, entityType),
        eq(accessEntries.entityId, entityId),
      ),
    )
    .orderBy(asc(users.fullName))
  return rows.map(presentEntry)
}

export async function grantAccess(
  deps: Deps,
  ctx: RequestContext,
  input: { userId: string; entityType: EntityType; entityId: string; level: AccessLevel },
) {
  const register = deps.registers.get(input.entityType)
  if (!register || !(await register.exists(deps.db, ctx.orgId, input.entityId))) throw notFound()
  const [user] = await deps.db
    .select({ userId: users.userId, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.userId, input.userId), eq(users.orgId, ctx.orgId)))
  if (!user?.isActive) throw badRequest('Please select a user to grant access to.')
  const current = await register.currentData(deps.db, ctx.orgId, input.entityId)
  await deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(accessEntries)
      .values({
        orgId: ctx.orgId,
        entityType: input.entityType,
        entityId: input.entityId,
        userId: input.userId,
        accessLevel: input.level,
        grantedBy: ctx.userId,
      })
      .onConflictDoNothing()
      .returning()
    // Already on the list (docs/product.md, "Access lists and documents"): not added again, and
    // never a silent change of level, which the list does after asking.
    if (!entry) throw conflict(accessMessages.alreadyGranted)
    await audit(tx, ctx, {
      action: 'ACCESS_GRANT',
      entityType: input.entityType,
      entityId: input.entityId,
      after: { user_id: input.userId, level: input.level, access_id: entry.accessId },
    })
    await notify(tx, {
      orgId: ctx.orgId,
      userIds: [input.userId],
      type: 'ACCESS_GRANTED',
      message: `You were given ${input.level} access to ${register.label.toLowerCase()} '${current ? register.describe(current) : ''}'.`,
      link: register.link(input.entityId),
      entityType: input.entityType,
      entityId: input.entityId,
      triggeringUserId: ctx.userId,
    })
  })
  return { message: 'Access granted successfully.' }
}

async function findEntry(deps: Deps, ctx: RequestContext, accessId: string) {
  const [entry] = await deps.db
    .select()
    .from(accessEntries)
    .where(and(eq(accessEntries.accessId, accessId), eq(accessEntries.orgId, ctx.orgId)))
  if (!entry) throw notFound('Access entry not found.')
  return entry
}

export async function changeAccessLevel(
  deps: Deps,
  ctx: RequestContext,
  accessId: string,
  level: AccessLevel,
) {
  const entry = await findEntry(deps, ctx, accessId)
  await deps.db.transaction(async (tx) => {
    // Only a real change is written and recorded: the same level again leaves no empty History line.
    const [changed] = await tx
      .update(accessEntries)
      .set({ accessLevel: level, updatedAt: new Date() })
      .where(and(eq(accessEntries.accessId, accessId), ne(accessEntries.accessLevel, level)))
      .returning({ accessId: accessEntries.accessId })
    if (!changed) return
    await audit(tx, ctx, {
      action: 'ACCESS_UPDATE',
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: { user_id: entry.userId, level: entry.accessLevel },
      after: { user_id: entry.userId, level },
    })
  })
  return { message: 'Access level updated successfully.' }
}

export async function revokeAccess(deps: Deps, ctx: RequestContext, accessId: string) {
  const entry = await findEntry(deps, ctx, accessId)
  await deps.db.transaction(async (tx) => {
    // Of two revokes at once, the one that removed the row answers and records it.
    const [removed] = await tx
      .delete(accessEntries)
      .where(eq(accessEntries.accessId, accessId))
      .returning({ accessId: accessEntries.accessId })
    if (!removed) throw notFound('Access entry not found.')
    await audit(tx, ctx, {
      action: 'ACCESS_REVOKE',
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: { user_id: entry.userId, level: entry.accessLevel },
    })
  })
  return { message: 'Access revoked successfully.' }
}
