import { sql } from 'drizzle-orm'
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organisations } from '../organisations/schema.ts'

export const categories = pgTable(
  'categories',
  {
    categoryId: uuid('category_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.orgId),
    categoryName: text('category_name').notNull(),
    categoryColor: text('category_color').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_org_name_key').on(t.orgId, sql`lower(${t.categoryName})`)],
)
