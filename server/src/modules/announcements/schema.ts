import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/schema.ts'

export const announcements = pgTable(
  'announcements',
  {
    announcementId: uuid('announcement_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Everyone in the organisation, or only the recipients below; chosen at creation only. */
    isPublic: boolean('is_public').notNull(),
    createdBy: uuid('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('announcements_feed_idx').on(t.orgId, t.createdAt)],
)

/** Who sees a private announcement. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.announcementId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    orgId: uuid('org_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_recipients_user_idx').on(t.orgId, t.userId, t.announcementId),
  ],
)
