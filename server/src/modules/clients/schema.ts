import type { ContactRow } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { registerColumns } from '../../platform/register-table.ts'

export const clients = pgTable(
  'clients',
  {
    clientId: uuid('client_id').primaryKey().defaultRandom(),
    /** The 1 of CL-0001, per organisation. */
    displayNumber: integer('display_number').notNull(),
    name: text('name').notNull(),
    officeAddress: text('office_address'),
    gstin: text('gstin'),
    pan: text('pan'),
    contacts: jsonb('contacts').$type<ContactRow[]>().notNull().default([]),
    notes: text('notes'),
    ...registerColumns(),
  },
  (t) => [
    uniqueIndex('clients_display_number_key').on(t.orgId, t.displayNumber),
    index('clients_name_idx').on(t.orgId, sql`lower(${t.name})`),
    index('clients_updated_idx').on(t.orgId, t.updatedAt),
  ],
)
