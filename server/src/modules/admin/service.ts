import {
  type AdminUserUpdate,
  adminMessages,
  type adminUserListQuery,
  type organisationUpdateInput,
  removesOwnAdminRights,
  userMessages,
} from '@daftar/domain'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts'
import { searchAny } from '../../platform/listing.ts'
import { pageWindow, totalPages } from '../../platform/pagination.ts'
import { editVersioned } from '../../platform/versioned-edit.ts'
import { revokeAllSessions } from '../auth/service.ts'
import { organisations } from '../organisations/schema.ts'
import {
  assertLoginAccountAvailable,
  countLoginAccounts,
  getOrganisation,
  organisationBilling,
  organisationColumns,
} from '../organisations/service.ts'
import { presentAdminUser } from '../users/presenter.ts'
import { users } from '../users/schema.ts'
import { findUserByIdentifier } from '../users/service.ts'

/** The organisation as its settings and audit events show it: the name and the invoice details. */
const organisationView = (org: typeof organisations.$inferSelect) => ({
  name: org.name,
  ...organisationBilling(org),
  accounts_access: org.accountsAccess,
  require_two_factor: org.requireTwoFactor,
})

export async function getSettings(deps: Deps, ctx: RequestContext) {
  const [org, userCount] = await Promise.all([
    getOrganisation(deps.db, ctx.orgId),
    countLoginAccounts(deps.db, ctx.orgId),
  ])
  return {
    organisation: { ...organisationView(org), userLimit: org.userLimit, userCount, version: org.version },
  }
}

/** Every user of the organisation, a page at a time: active ones first, then by name. */
export async function listAdminUsers(
  deps: Deps,
  ctx: RequestContext,
  query: z.output<typeof adminUserListQuery>,
) {
  const where = and(
    eq(users.orgId, ctx.orgId),
    searchAny(query.searchQuery, [users.fullName, users.username, users.email, users.mobile]),
  )
  const { limit, offset } = pageWindow(query.page)
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(sql`not ${users.isActive}`), asc(users.fullName), asc(users.userId))
      .limit(limit)
      .offset(offset),
    deps.db.select({ n: count() }).from(users).where(where),
  ])
  return { users: rows.map(presentAdminUser), totalPages: totalPages(total?.n ?? 0), currentPage: query.page }
}

export async function updateOrganisation(
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof organisationUpdateInput>,
  version?: number,
) {
  const { after } = await deps.db.transaction((tx) =>
    editVersioned(tx, ctx, {
      table: organisations,
      where: eq(organisations.orgId, ctx.orgId),
      version,
      notFoundMessage: 'Organisation not found.',
      changes: () => organisationColumns(input),
      audit: { action: 'UPDATE', entityType: 'ORGANISATION', entityId: ctx.orgId, view: organisationView },
    }),
  )
  return {
    message: adminMessages.organisationUpdated,
    organisation: { version: after.version, ...organisationView(after) },
  }
}

/**
 * A change that removes an admin first locks the organisation's active admins (in one order, so two
 * such changes queue rather than deadlock) and checks that the caller is still one of them: of two
 * admins demoting each other at once, the second finds it is no longer an admin (docs/security.md).
 */
async function assertCallerStillAdmin(tx: Tx, ctx: RequestContext, targetId: string) {
  const admins = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.orgId, ctx.orgId), eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(asc(users.userId))
    .for('update')
  if (!admins.some((a) => a.userId === ctx.userId)) throw forbidden(adminMessages.onlyAdmins)
  if (!admins.some((a) => a.userId !== targetId)) throw unprocessable(adminMessages.lastAdmin)
}

const accessView = (user: typeof users.$inferSelect) => ({
  isadmin: user.isAdmin,
  is_accountant: user.isAccountant,
  is_active: user.isActive,
})

/**
 * Sets a user's admin and accountant flags and active state. An admin cannot demote or deactivate
 * themself (`removesOwnAdminRights`), so an organisation always keeps an admin who can undo a mistake;
 * a deactivated user's sessions end in the same transaction.
 */
export async function updateUserAccess(
  deps: Deps,
  ctx: RequestContext,
  userId: string,
  input: AdminUserUpdate,
  version?: number,
) {
  return deps.db.transaction(async (tx) => {
    const target = and(eq(users.userId, userId), eq(users.orgId, ctx.orgId))
    const [seen] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(target)
    if (!seen) throw notFound(userMessages.userNotFound)
    if (userId === ctx.userId && removesOwnAdminRights(input)) throw unprocessable(adminMessages.notYourself)
    // The admins are locked before the target row, by every such change alike.
    if (seen.isAdmin && (input.isadmin === false || input.is_active === false))
      await assertCallerStillAdmin(tx, ctx, userId)
    const { before, after } = await editVersioned(tx, ctx, {
      table: users,
      where: target,
      version,
      notFoundMessage: userMessages.userNotFound,
      changes: async (row) => {
        if (input.is_active === true && !row.isActive) await assertLoginAccountAvailable(tx, ctx.orgId)
        return {
          isAdmin: input.isadmin ?? row.isAdmin,
          isAccountant: input.is_accountant ?? row.isAccountant,
          isActive: input.is_active ?? row.isActive,
        }
      },
      audit: { action: 'ACCESS_UPDATE', entityType: 'USER', entityId: userId, view: accessView },
    })
    if (before.isActive && !after.isActive) await revokeAllSessions(tx, userId, 'deactivated')
    return { message: adminMessages.userUpdated, user: presentAdminUser(after) }
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
