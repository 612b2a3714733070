import { sql } from 'drizzle-orm'
import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { generatedId, registerColumns } from '../../db/columns.ts'
import { trigramIndex } from '../../db/indexes.ts'

export const technicalInfo = pgTable(
  'technical_info',
  {
    technicalInfoId: generatedId('technical_info_id'),
    title: text('title').notNull(),
    /** Lowercased tags. */
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    whenToUse: text('when_to_use'),
    prerequisites: text('prerequisites'),
    description: text('description'),
    formula: text('formula'),
    steps: text('steps'),
    ...registerColumns(),
  },
  (t) => [
    index('technical_info_title_idx').on(t.orgId, sql`lower(${t.title})`),
    index('technical_info_updated_idx').on(t.orgId, t.updatedAt),
    index('technical_info_created_idx').on(t.orgId, t.createdAt),
    // Global search (modules/search, docs/decisions.md "Search"): titles by trigram, keywords whole.
    trigramIndex('technical_info_title_trgm', t.title),
    index('technical_info_keywords_gin').using('gin', t.keywords),
  ],
)
