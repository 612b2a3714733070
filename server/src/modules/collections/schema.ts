import { sql } from 'drizzle-orm'
import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { generatedId, registerColumns } from '../../db/columns.ts'
import { trigramIndex } from '../../db/indexes.ts'

/** Internal-document collections: a named set of documents with its own access list. */
export const collections = pgTable(
  'collections',
  {
    collectionId: generatedId('collection_id'),
    name: text('name').notNull(),
    description: text('description'),
    ...registerColumns(),
  },
  (t) => [
    index('collections_name_idx').on(t.orgId, sql`lower(${t.name})`),
    index('collections_updated_idx').on(t.orgId, t.updatedAt),
    index('collections_created_idx').on(t.orgId, t.createdAt),
    // Global search (modules/search, docs/decisions.md "Search"): the searched fields' trigram indexes.
    trigramIndex('collections_name_trgm', t.name),
    trigramIndex('collections_description_trgm', t.description),
  ],
)
