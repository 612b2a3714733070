import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { generatedId, orgId, timestamps, userRef } from '../../db/columns.ts'
import { accessLevelEnum, entityTypeEnum } from '../../db/enums.ts'

/** Who besides admins may see (READ) or change (WRITE) one register record. */
export const accessEntries = pgTable(
  'access_entries',
  {
    accessId: generatedId('access_id'),
    orgId: orgId(),
    entityType: entityTypeEnum('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    userId: userRef('user_id').notNull(),
    accessLevel: accessLevelEnum('access_level').notNull(),
    grantedBy: userRef('granted_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('access_entries_record_user_key').on(t.orgId, t.entityType, t.entityId, t.userId),
    // Visibility filters of every register list: "records of this type this user may see".
    index('access_entries_user_idx').on(t.orgId, t.userId, t.entityType, t.entityId),
  ],
)
