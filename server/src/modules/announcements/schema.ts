import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { generatedId, orgId, parentRef, timestamps, userRef, version } from '../../db/columns.ts'

export const announcements = pgTable(
  'announcements',
  {
    announcementId: generatedId('announcement_id'),
    orgId: orgId(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Everyone in the organisation, or only the recipients below; chosen at creation only. */
    isPublic: boolean('is_public').notNull(),
    createdBy: userRef('created_by'),
    ...timestamps(),
    version: version(),
  },
  (t) => [index('announcements_feed_idx').on(t.orgId, t.createdAt)],
)

/** Who sees a private announcement. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: parentRef('announcement_id', () => announcements.announcementId),
    userId: userRef('user_id').notNull(),
    orgId: orgId(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_recipients_user_idx').on(t.orgId, t.userId, t.announcementId),
  ],
)
