import {
  canOpenAccounts,
  identifierKind,
  messages,
  normaliseMobile,
  PHOTO_STORED_MAX_BYTES,
  PHOTO_STORED_TYPES,
  userMessages,
} from '@daftar/domain'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.ts'
import { sniffFileType } from '../../platform/file-types.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords.ts'
import { keepUploadsOnlyIf, type UploadedFile } from '../../platform/uploads.ts'
import { editVersioned } from '../../platform/versioned-edit.ts'
import { sessions } from '../auth/schema.ts'
import { organisations } from '../organisations/schema.ts'
import { assertLoginAccountAvailable } from '../organisations/service.ts'
import { presentUser } from './presenter.ts'
import { users } from './schema.ts'

const isStoredPhotoType = (type: string | null | undefined) =>
  (PHOTO_STORED_TYPES as readonly (string | null | undefined)[]).includes(type)

export const PHOTO_RULE = {
  area: 'displayPicture',
  maxBytes: PHOTO_STORED_MAX_BYTES,
  tooLargeMessage: userMessages.photoTooLarge,
  typeMessage: userMessages.photoNotImage,
}

/** Active users of the organisation, for pickers and the user menu. */
export async function listUsers(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.orgId, ctx.orgId), eq(users.isActive, true)))
    .orderBy(asc(users.fullName), asc(users.username))
  return rows.map(presentUser)
}

/** The signed-in user with the organisation's name and user limit, in one query. */
export async function getCurrentUser(deps: Deps, ctx: RequestContext) {
  const [row] = await deps.db
    .select({
      user: users,
      orgName: organisations.name,
      userLimit: organisations.userLimit,
      accountsAccess: organisations.accountsAccess,
      userCount:
        sql<number>`(select count(*) from ${users} u where u.org_id = ${users.orgId} and u.is_active)`.mapWith(
          Number,
        ),
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.orgId, users.orgId))
    .where(and(eq(users.userId, ctx.userId), eq(users.orgId, ctx.orgId)))
  if (!row) throw notFound(userMessages.userNotFound)
  return {
    ...presentUser(row.user),
    email: row.user.email,
    mobile: row.user.mobile,
    version: row.user.version,
    orgName: row.orgName,
    orgUserLimit: row.userLimit,
    orgCurrentUserCount: row.userCount,
    can_open_accounts: canOpenAccounts(
      { isadmin: row.user.isAdmin, is_accountant: row.user.isAccountant },
      row.accountsAccess,
    ),
  }
}

export async function findUserInOrg(db: DbOrTx, orgId: string, userId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.userId, userId), eq(users.orgId, orgId)))
  if (!user) throw notFound(userMessages.userNotFound)
  return user
}

/** Finds the account a sign-in identifier names: email, mobile number or username. */
export async function findUserByIdentifier(db: DbOrTx, identifier: string) {
  const value = identifier.trim()
  const kind = identifierKind(value)
  const condition =
    kind === 'email'
      ? sql`lower(${users.email}) = lower(${value})`
      : kind === 'mobile'
        ? eq(users.mobile, normaliseMobile(value))
        : sql`lower(${users.username}) = lower(${value})`
  const [user] = await db.select().from(users).where(condition)
  return user ?? null
}

async function assertSelf(deps: Deps, ctx: RequestContext, userId: string) {
  if (userId === ctx.userId) return
  await findUserInOrg(deps.db, ctx.orgId, userId) // 404 for ids outside the organisation
  throw forbidden(userMessages.onlyYourOwnProfile)
}

export interface ProfileUpdate {
  fullName: string
  removePhoto: boolean
  photo?: UploadedFile
  version?: number
}

const profileView = (user: typeof users.$inferSelect) => ({
  full_name: user.fullName,
  display_photo: user.displayPhoto,
})

export async function updateProfile(deps: Deps, ctx: RequestContext, userId: string, input: ProfileUpdate) {
  return keepUploadsOnlyIf(deps.storage, { photo: input.photo }, async () => {
    await assertSelf(deps, ctx, userId)
    if (input.photo && !isStoredPhotoType(sniffFileType(input.photo.head)))
      throw badRequest(userMessages.photoNotImage)
    const { before, after } = await deps.db.transaction((tx) =>
      editVersioned(tx, ctx, {
        table: users,
        where: and(eq(users.userId, userId), eq(users.orgId, ctx.orgId)),
        version: input.version,
        notFoundMessage: userMessages.userNotFound,
        changes: (row) => ({
          fullName: input.fullName,
          displayPhoto: input.photo ? input.photo.key : input.removePhoto ? null : row.displayPhoto,
        }),
        audit: { action: 'PROFILE_UPDATE', entityType: 'USER', entityId: userId, view: profileView },
      }),
    )
    if (before.displayPhoto && before.displayPhoto !== after.displayPhoto) {
      await deps.storage.delete(before.displayPhoto).catch(() => {})
    }
    return { message: userMessages.profileUpdated, user: presentUser(after) }
  })
}

export async function changePassword(
  deps: Deps,
  ctx: RequestContext,
  userId: string,
  input: { currentPassword: string; newPassword: string },
) {
  await assertSelf(deps, ctx, userId)
  const user = await findUserInOrg(deps.db, ctx.orgId, userId)
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(messages.currentPasswordIncorrect)
  }
  const passwordHash = await hashPassword(input.newPassword)
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.userId, userId))
    // Other devices signed in with the old password are signed out; this one stays.
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password changed' })
      .where(
        and(
          eq(sessions.userId, userId),
          ne(sessions.sessionId, ctx.sessionId),
          sql`${sessions.revokedAt} is null`,
        ),
      )
    await audit(tx, ctx, { action: 'PASSWORD_CHANGE', entityType: 'USER', entityId: userId })
  })
  return { message: messages.passwordChanged }
}

export interface NewLoginAccount {
  orgId: string
  username: string
  fullName: string
  /** The password, or its argon2 hash when it was hashed earlier (an employee's queued request). */
  password: string | { hash: string }
  email?: string | null
  mobile?: string | null
  designation?: string | null
  employeeId?: string | null
  isAdmin?: boolean
  isAccountant?: boolean
}

/**
 * The one way a login account comes into being (provider CLI, demo seed, employee records): it enforces
 * the organisation's user limit and the uniqueness of the sign-in identifiers.
 */
export async function createLoginAccount(
  tx: Tx,
  account: NewLoginAccount,
  actorUserId: string | null = null,
) {
  await assertLoginAccountAvailable(tx, account.orgId)
  const passwordHash =
    typeof account.password === 'string' ? await hashPassword(account.password) : account.password.hash
  try {
    const [user] = await tx
      .insert(users)
      .values({
        orgId: account.orgId,
        username: account.username.trim(),
        fullName: account.fullName.trim(),
        email: account.email?.trim() || null,
        mobile: account.mobile ? normaliseMobile(account.mobile) : null,
        designation: account.designation ?? null,
        employeeId: account.employeeId ?? null,
        passwordHash,
        isAdmin: account.isAdmin ?? false,
        isAccountant: account.isAccountant ?? false,
      })
      .returning()
    await audit(
      tx,
      { orgId: account.orgId, userId: actorUserId ?? user!.userId },
      {
        action: 'USER_CREATE',
        entityType: 'USER',
        entityId: user!.userId,
        after: presentUser(user!),
      },
    )
    return user!
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_key')) throw conflict('Username is already taken.')
    if (isUniqueViolation(error, 'users_email_key'))
      throw conflict('Email is already in use by another account.')
    if (isUniqueViolation(error, 'users_mobile_key'))
      throw conflict('Mobile number is already in use by another account.')
    throw error
  }
}
