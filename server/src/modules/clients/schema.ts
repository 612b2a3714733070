import type { ContactRow } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/schema.ts'

export const clients = pgTable(
  'clients',
  {
    clientId: uuid('client_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    /** The 1 of CL-0001, per organisation. */
    displayNumber: integer('display_number').notNull(),
    name: text('name').notNull(),
    officeAddress: text('office_address'),
    gstin: text('gstin'),
    pan: text('pan'),
    contacts: jsonb('contacts').$type<ContactRow[]>().notNull().default([]),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.userId),
    updatedBy: uuid('updated_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('clients_display_number_key').on(t.orgId, t.displayNumber),
    index('clients_name_idx').on(t.orgId, sql`lower(${t.name})`),
    index('clients_updated_idx').on(t.orgId, t.updatedAt),
  ],
)
