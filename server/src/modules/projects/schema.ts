import { sql } from 'drizzle-orm'
import { boolean, date, index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { registerColumns } from '../../db/columns.ts'
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
    projectId: uuid('project_id').primaryKey().defaultRandom(),
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
    index('projects_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('projects_work_order_trgm').using('gin', sql`${t.workOrderNumber} gin_trgm_ops`),
  ],
)
