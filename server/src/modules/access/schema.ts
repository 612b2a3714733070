import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { accessLevelEnum, entityTypeEnum } from '../../db/enums.ts'
import { users } from '../users/schema.ts'

/** Who besides admins may see (READ) or change (WRITE) one register record. */
export const accessEntries = pgTable(
  'access_entries',
  {
    accessId: uuid('access_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    entityType: entityTypeEnum('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    accessLevel: accessLevelEnum('access_level').notNull(),
    grantedBy: uuid('granted_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_entries_record_user_key').on(t.orgId, t.entityType, t.entityId, t.userId),
    // Visibility filters of every register list: "records of this type this user may see".
    index('access_entries_user_idx').on(t.orgId, t.userId, t.entityType, t.entityId),
  ],
)
