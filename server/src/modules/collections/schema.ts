import { sql } from 'drizzle-orm'
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { registerColumns } from '../../db/columns.ts'

/** Internal-document collections: a named set of documents with its own access list. */
export const collections = pgTable(
  'collections',
  {
    collectionId: uuid('collection_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    ...registerColumns(),
  },
  (t) => [
    index('collections_name_idx').on(t.orgId, sql`lower(${t.name})`),
    index('collections_updated_idx').on(t.orgId, t.updatedAt),
    index('collections_created_idx').on(t.orgId, t.createdAt),
    // Global search (modules/search, docs/decisions.md "Search"): the searched fields' trigram indexes.
    index('collections_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('collections_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
)
