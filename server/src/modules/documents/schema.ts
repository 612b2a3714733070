import { sql } from 'drizzle-orm'
import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { authorshipColumns, generatedId, orgId } from '../../db/columns.ts'
import { entityTypeEnum } from '../../db/enums.ts'

export const documents = pgTable(
  'documents',
  {
    documentId: generatedId('document_id'),
    orgId: orgId(),
    entityType: entityTypeEnum('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    parentFolderId: uuid('parent_folder_id'),
    name: text('name').notNull(),
    isFolder: boolean('is_folder').notNull(),
    storageKey: text('s3_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    ...authorshipColumns(),
  },
  (t) => [
    index('documents_folder_idx').on(t.orgId, t.entityType, t.entityId, t.parentFolderId),
    index('documents_key_idx').on(t.storageKey).where(sql`s3_key is not null`),
  ],
)
