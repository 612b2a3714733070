import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../users/schema.ts'

export const notifications = pgTable(
  'notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    type: text('type').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    triggeringUserId: uuid('triggering_user_id').references(() => users.userId),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
)

/** A user's notification settings that are not per type: the daily digest (opt-in). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.userId, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull(),
    dailyDigest: boolean('daily_digest').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    items: integer('items').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)
