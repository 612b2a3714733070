import { assetStatuses, assignmentTypes } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { date, index, jsonb, numeric, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { generatedId, registerColumns } from '../../db/columns.ts'
import { trigramIndex } from '../../db/indexes.ts'

export const assetStatusEnum = pgEnum('asset_status', assetStatuses)
export const assignmentTypeEnum = pgEnum('asset_assignment_type', assignmentTypes)

export interface SellerDetails {
  name: string | null
  contact_person: string | null
  phone: string | null
  email: string | null
  address: string | null
}

export const assets = pgTable(
  'assets',
  {
    assetId: generatedId('asset_id'),
    /** The id people give the asset, unique in the organisation. */
    displayId: text('asset_display_id').notNull(),
    name: text('name').notNull(),
    category: text('category'),
    status: assetStatusEnum('status').notNull().default('In Stock'),
    purchaseDate: date('purchase_date'),
    purchaseCost: numeric('purchase_cost', { precision: 14, scale: 2 }),
    sellerDetails: jsonb('seller_details').$type<SellerDetails>(),
    warrantyExpiresOn: date('warranty_expires_on'),
    warrantyDetails: text('warranty_details'),
    assignedToType: assignmentTypeEnum('assigned_to_type'),
    /** A project's id or a user's id, by the assignment type. */
    assignedToId: uuid('assigned_to_id'),
    assignmentDate: date('assignment_date'),
    nextMaintenanceDue: date('next_maintenance_due'),
    notes: text('notes'),
    /** The due dates admins were last reminded of, so that each is announced once. */
    maintenanceRemindedFor: date('maintenance_reminded_for'),
    warrantyRemindedFor: date('warranty_reminded_for'),
    ...registerColumns(),
  },
  (t) => [
    uniqueIndex('assets_display_id_key').on(t.orgId, sql`lower(${t.displayId})`),
    index('assets_name_idx').on(t.orgId, sql`lower(${t.name})`),
    index('assets_purchase_idx').on(t.orgId, t.purchaseDate),
    index('assets_maintenance_idx').on(t.orgId, t.nextMaintenanceDue),
    index('assets_warranty_idx').on(t.orgId, t.warrantyExpiresOn),
    index('assets_updated_idx').on(t.orgId, t.updatedAt),
    index('assets_assigned_idx').on(t.orgId, t.assignedToType, t.assignedToId),
    // Global search (modules/search, docs/decisions.md "Search"): the searched fields' trigram indexes.
    trigramIndex('assets_name_trgm', t.name),
    trigramIndex('assets_display_id_trgm', t.displayId),
  ],
)
