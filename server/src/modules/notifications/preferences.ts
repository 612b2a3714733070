import {
  defaultChannels,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  notificationPreferenceMessages,
  notificationTypeInfo,
  notificationTypes,
  preferenceTypeOf,
} from '@daftar/domain'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest } from '../../platform/errors.ts'
import { notificationPreferences, notificationSettings } from './schema.ts'

const lockedOf = (type: keyof typeof notificationTypeInfo): NotificationChannel[] =>
  notificationTypeInfo[type].inAppLocked ? ['in_app'] : []

/** GET /users/me/notification-preferences: every type, the caller's choice or the defaults. */
export async function preferencesOf(deps: Deps, ctx: RequestContext): Promise<NotificationPreferences> {
  return readPreferences(deps.db, ctx.userId)
}

async function readPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const [rows, settings] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db
      .select({ dailyDigest: notificationSettings.dailyDigest })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
  ])
  const stored = new Map(rows.map((r) => [r.type, r]))
  return {
    preferences: notificationTypes.map((type) => {
      const row = stored.get(type)
      const locked = lockedOf(type)
      return {
        type,
        label: notificationTypeInfo[type].label,
        in_app: locked.includes('in_app') || (row?.inApp ?? defaultChannels.in_app),
        push: row?.push ?? defaultChannels.push,
        email: row?.email ?? defaultChannels.email,
        locked,
      }
    }),
    daily_digest: settings[0]?.dailyDigest ?? false,
  }
}

/**
 * PUT /users/me/notification-preferences: the caller's own rows only (no user id is taken from the
 * request). The schema already refused a locked channel turned off; it is checked again here so no
 * other caller of this function can store one.
 */
export async function updatePreferences(
  deps: Deps,
  ctx: RequestContext,
  input: NotificationPreferencesInput,
) {
  for (const row of input.preferences)
    if (notificationTypeInfo[row.type].inAppLocked && !row.in_app)
      throw badRequest(notificationPreferenceMessages.lockedInApp(notificationTypeInfo[row.type].label))
  return deps.db.transaction(async (tx) => {
    if (input.preferences.length > 0)
      await tx
        .insert(notificationPreferences)
        .values(
          input.preferences.map((p) => ({
            userId: ctx.userId,
            type: p.type,
            inApp: p.in_app,
            push: p.push,
            email: p.email,
          })),
        )
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: {
            inApp: sql`excluded.in_app`,
            push: sql`excluded.push`,
            email: sql`excluded.email`,
            updatedAt: sql`now()`,
          },
        })
    await tx
      .insert(notificationSettings)
      .values({ userId: ctx.userId, orgId: ctx.orgId, dailyDigest: input.daily_digest })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { dailyDigest: input.daily_digest, updatedAt: sql`now()` },
      })
    return { ...(await readPreferences(tx, ctx.userId)), message: notificationPreferenceMessages.saved }
  })
}

export interface RecipientChannels {
  userId: string
  email: string | null
  fullName: string
  inApp: boolean
  push: boolean
  mail: boolean
}

/**
 * The channels of every recipient of one notification, in one query (no query per recipient): their
 * row for the type or the defaults; in-app is always on for a locked type. A deactivated user keeps
 * the in-app row as before, but no push or mail.
 */
export async function channelsOf(tx: DbOrTx, userIds: string[], type: string): Promise<RecipientChannels[]> {
  const key = preferenceTypeOf(type)
  const locked = key ? notificationTypeInfo[key].inAppLocked : false
  const { rows } = await tx.execute<{
    user_id: string
    email: string | null
    full_name: string
    in_app: boolean
    push: boolean
    mail: boolean
    is_active: boolean
  }>(sql`
    select u.user_id, u.email, u.full_name, u.is_active,
      coalesce(p.in_app, ${defaultChannels.in_app}) as in_app,
      coalesce(p.push, ${defaultChannels.push}) as push,
      coalesce(p.email, ${defaultChannels.email}) as mail
    from users u
    left join notification_preferences p on p.user_id = u.user_id and p.type = ${key ?? type}
    where u.user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)`)
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    fullName: r.full_name,
    inApp: locked || r.in_app,
    push: r.push && r.is_active,
    mail: r.mail && r.is_active && Boolean(r.email),
  }))
}
