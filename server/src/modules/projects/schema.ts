import { sql } from 'drizzle-orm'
import { boolean, date, index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { generatedId, registerColumns } from '../../db/columns.ts'
import { trigramIndex } from '../../db/indexes.ts'
import { clients } from '../clients/schema.ts'

export interface ContactDetails {
  name: string | null
  phone: string | null
  email: string | null
}
export interface ConsultantDetails extends ContactDetails {
  contact_person: string | null
}

export const projects = pgTable(
  'projects',
  {
    projectId: generatedId('project_id'),
    name: text('name').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.clientId),
    address: text('address'),
    zipCode: text('zip_code'),
    mapsLink: text('project_address_maps_link'),
    contactDetails: jsonb('project_contact_details').$type<ContactDetails>(),
    projectType: text('project_type'),
    capacity: text('capacity'),
    workOrderNumber: text('work_order_number'),
    workOrderDate: date('work_order_date'),
    workOrderTotalValue: numeric('work_order_total_value', { precision: 14, scale: 2 }),
    consultantDetails: jsonb('consultant_details').$type<ConsultantDetails>(),
    notes: text('notes'),
    isArchived: boolean('is_archived').notNull().default(false),
    ...registerColumns(),
  },
  (t) => [
    index('projects_list_idx').on(t.orgId, t.isArchived, sql`lower(${t.name})`),
    index('projects_client_idx').on(t.orgId, t.clientId),
    // Global search (modules/search, docs/decisions.md "Search"): the searched fields' trigram indexes.
    trigramIndex('projects_name_trgm', t.name),
    trigramIndex('projects_work_order_trgm', t.workOrderNumber),
  ],
)
