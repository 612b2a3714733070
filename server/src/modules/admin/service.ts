import type { adminUserUpdateInput, organisationUpdateInput } from '@daftar/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { forbidden, notFound, preconditionFailed, unprocessable } from '../../platform/errors.ts'
import { revokeAllSessions } from '../auth/service.ts'
import {
  assertLoginAccountAvailable,
  countLoginAccounts,
  getOrganisation,
  organisationBilling,
  updateOrganisationRow,
} from '../organisations/service.ts'
import { presentAdminUser } from '../users/presenter.ts'
import { users } from '../users/schema.ts'
import { findUserByIdentifier } from '../users/service.ts'

export async function getSettings(deps: Deps, ctx: RequestContext) {
  const [org, userCount, rows] = await Promise.all([
    getOrganisation(deps.db, ctx.orgId),
    countLoginAccounts(deps.db, ctx.orgId),
    deps.db
      .select()
      .from(users)
      .where(eq(users.orgId, ctx.orgId))
      .orderBy(asc(sql`not ${users.isActive}`), asc(users.fullName)),
  ])
  return {
    organisation: {
      name: org.name,
      userLimit: org.userLimit,
      userCount,
      version: org.version,
      ...organisationBilling(org),
    },
    users: rows.map(presentAdminUser),
  }
}

export async function updateOrganisation(
  deps: Deps,
  ctx: RequestContext,
  input: z.infer<typeof organisationUpdateInput>,
  version?: number,
) {
  return deps.db.transaction(async (tx) => {
    const before = await getOrganisation(tx, ctx.orgId)
    if (version !== undefined && version !== before.version) throw preconditionFailed()
    const org = await updateOrganisationRow(tx, ctx.orgId, input)
    await audit(tx, ctx, {
      action: 'UPDATE',
      entityType: 'ORGANISATION',
      entityId: ctx.orgId,
      before: { name: before.name, ...organisationBilling(before) },
      after: { name: org.name, ...organisationBilling(org) },
    })
    return {
      message: 'Organisation updated.',
      organisation: { name: org.name, version: org.version, ...organisationBilling(org) },
    }
  })
}

/**
 * Sets a user's admin and accountant flags and active state. An admin cannot demote or deactivate
 * themself, so an organisation always keeps an admin who can undo a mistake. A change that removes an
 * admin first locks the organisation's active admins (in one order, so two such changes queue rather
 * than deadlock) and checks that the caller is still one of them: of two admins demoting each other at
 * once, the second finds it is no longer an admin (docs/security.md).
 */
async function assertCallerStillAdmin(tx: Tx, ctx: RequestContext, targetId: string) {
  const admins = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.orgId, ctx.orgId), eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(asc(users.userId))
    .for('update')
  if (!admins.some((a) => a.userId === ctx.userId)) throw forbidden('Only administrators can change users.')
  if (!admins.some((a) => a.userId !== targetId))
    throw unprocessable('An organisation needs at least one active admin.')
}

export async function updateUserAccess(
  deps: Deps,
  ctx: RequestContext,
  userId: string,
  input: z.infer<typeof adminUserUpdateInput>,
  version?: number,
) {
  return deps.db.transaction(async (tx) => {
    const target = and(eq(users.userId, userId), eq(users.orgId, ctx.orgId))
    const [seen] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(target)
    if (!seen) throw notFound('User not found.')
    if (userId === ctx.userId && (input.isadmin === false || input.is_active === false)) {
      throw unprocessable('You cannot remove your own admin rights or deactivate yourself.')
    }
    // The admins are locked before the target row, by every such change alike.
    if (seen.isAdmin && (input.isadmin === false || input.is_active === false))
      await assertCallerStillAdmin(tx, ctx, userId)
    const [before] = await tx.select().from(users).where(target).for('update')
    if (!before) throw notFound('User not found.')
    if (version !== undefined && version !== before.version) throw preconditionFailed()
    if (input.is_active === true && !before.isActive) await assertLoginAccountAvailable(tx, ctx.orgId)
    const [after] = await tx
      .update(users)
      .set({
        isAdmin: input.isadmin ?? before.isAdmin,
        isAccountant: input.is_accountant ?? before.isAccountant,
        isActive: input.is_active ?? before.isActive,
        updatedAt: new Date(),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.userId, userId))
      .returning()
    if (before.isActive && !after!.isActive) await revokeAllSessions(tx, userId, 'deactivated')
    await audit(tx, ctx, {
      action: 'ACCESS_UPDATE',
      entityType: 'USER',
      entityId: userId,
      before: { isadmin: before.isAdmin, is_accountant: before.isAccountant, is_active: before.isActive },
      after: { isadmin: after!.isAdmin, is_accountant: after!.isAccountant, is_active: after!.isActive },
    })
    return { message: 'User updated.', user: presentAdminUser(after!) }
  })
}

/**
 * Provider command (`npm run org -- promote`): makes an active user of the organisation an admin, the
 * way back for an organisation left without one. `identifier` is a username, email or mobile number.
 */
export async function promoteUserToAdmin(db: Db, orgId: string, identifier: string) {
  return db.transaction(async (tx) => {
    const user = await findUserByIdentifier(tx, identifier)
    if (!user || user.orgId !== orgId) throw notFound(`No user "${identifier}" in this organisation.`)
    if (!user.isActive) throw unprocessable(`${user.username} is deactivated; activate the account first.`)
    await tx
      .update(users)
      .set({ isAdmin: true, updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.userId, user.userId))
    await audit(
      tx,
      { orgId, userId: null },
      {
        action: 'ACCESS_UPDATE',
        entityType: 'USER',
        entityId: user.userId,
        before: { isadmin: user.isAdmin },
        after: { isadmin: true, by: 'provider command' },
      },
    )
    return user
  })
}
