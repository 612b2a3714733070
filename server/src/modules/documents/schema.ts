import { sql } from 'drizzle-orm'
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { entityTypeEnum } from '../../db/enums.ts'
import { users } from '../users/schema.ts'

export const documents = pgTable(
  'documents',
  {
    documentId: uuid('document_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    entityType: entityTypeEnum('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    parentFolderId: uuid('parent_folder_id'),
    name: text('name').notNull(),
    isFolder: boolean('is_folder').notNull(),
    storageKey: text('s3_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    createdBy: uuid('created_by').references(() => users.userId),
    updatedBy: uuid('updated_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_folder_idx').on(t.orgId, t.entityType, t.entityId, t.parentFolderId),
    index('documents_key_idx').on(t.storageKey).where(sql`s3_key is not null`),
  ],
)
