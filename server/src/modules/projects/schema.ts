import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { clients } from '../clients/schema.ts'
import { users } from '../users/schema.ts'

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
    orgId: uuid('org_id').notNull(),
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
    createdBy: uuid('created_by').references(() => users.userId),
    updatedBy: uuid('updated_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('projects_list_idx').on(t.orgId, t.isArchived, sql`lower(${t.name})`),
    index('projects_client_idx').on(t.orgId, t.clientId),
  ],
)
