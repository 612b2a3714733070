import { sql } from 'drizzle-orm'
import { bigserial, boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, orgId, timestamptz, userRef } from '../../db/columns.ts'

export const notifications = pgTable(
  'notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    userId: userRef('user_id').notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    triggeringUserId: userRef('triggering_user_id'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Ascending, read backwards for "newest first": a `DESC` column here is DESC NULLS LAST, which
    // `ORDER BY … DESC` (NULLS FIRST) cannot use, so the list sorted every notification of the user.
    // org_id is in it so that the page count is read index-only (docs/decisions.md).
    index('notifications_user_idx').on(t.userId, t.orgId, t.createdAt, t.notificationId),
    index('notifications_unread_idx').on(t.userId).where(sql`not is_read`),
  ],
)

/**
 * What a user asked for one notification type; no row means the defaults (`defaultChannels`,
 * docs/decisions.md, "Notification preferences and mail").
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
)

/** A user's notification settings that are not per type: the daily digest (opt-in). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: userRef('user_id', { onDelete: 'cascade' }).primaryKey(),
    orgId: orgId(),
    dailyDigest: boolean('daily_digest').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('notification_settings_digest_idx').on(t.userId).where(sql`daily_digest`)],
)

/**
 * One row per user and organisation day whose digest was claimed: the primary key lets one instance
 * alone send it, and a day with nothing to say is recorded too (items = 0), so it is not asked again.
 */
export const digestRuns = pgTable(
  'digest_runs',
  {
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    items: integer('items').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)
