import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const organisations = pgTable('organisations', {
  orgId: uuid('org_id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Login accounts the provider allows; null means no limit. */
  userLimit: integer('user_limit'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
