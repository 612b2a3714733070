import type { ContactRow } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { generatedId, registerColumns } from '../../db/columns.ts'
import { trigramIndex } from '../../db/indexes.ts'
import { contactValues } from '../../platform/register-queries.ts'

export const clients = pgTable(
  'clients',
  {
    clientId: generatedId('client_id'),
    /** The 1 of CL-0001, per organisation. */
    displayNumber: integer('display_number').notNull(),
    name: text('name').notNull(),
    officeAddress: text('office_address'),
    /** The 2-digit GST state code, for the place of supply when there is no GSTIN (gstStates). */
    stateCode: text('state_code'),
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
    // The search's "contains" matches (listClients), one trigram index per searched expression, so an
    // admin's search reads the matching clients instead of every client (docs/decisions.md).
    // The expressions must stay word for word those of the search.
    trigramIndex('clients_name_trgm', t.name),
    trigramIndex('clients_gstin_trgm', t.gstin),
    trigramIndex('clients_contacts_trgm', contactValues(t.contacts)),
    trigramIndex('clients_pan_trgm', t.pan),
    trigramIndex('clients_number_trgm', sql`'CL-' || lpad(${t.displayNumber}::text, 4, '0')`),
  ],
)
