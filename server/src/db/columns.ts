import { integer, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../platform/identity-schema.ts'

/** The columns every register table has: tenant, who and when, and the If-Match version. */
export function registerColumns() {
  return {
    orgId: uuid('org_id').notNull(),
    createdBy: uuid('created_by').references(() => users.userId),
    updatedBy: uuid('updated_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  }
}
