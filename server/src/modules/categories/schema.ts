import { sql } from 'drizzle-orm'
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { generatedId, orgId, timestamps, version } from '../../db/columns.ts'
import { organisations } from '../organisations/schema.ts'

export const categories = pgTable(
  'categories',
  {
    categoryId: generatedId('category_id'),
    orgId: orgId().references(() => organisations.orgId),
    categoryName: text('category_name').notNull(),
    categoryColor: text('category_color').notNull(),
    version: version(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('categories_org_name_key').on(t.orgId, sql`lower(${t.categoryName})`)],
)
