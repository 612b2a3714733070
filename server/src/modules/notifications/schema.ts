import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
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
