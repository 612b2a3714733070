import type { BankDetails, ContactRow } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { registerColumns } from '../../db/columns.ts'

export const suppliers = pgTable(
  'suppliers',
  {
    supplierId: uuid('supplier_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    productCategory: text('product_category'),
    contacts: jsonb('contacts').$type<ContactRow[]>().notNull().default([]),
    website: text('website'),
    gstin: text('gstin'),
    pan: text('pan'),
    bankDetails: jsonb('bank_details').$type<BankDetails | null>(),
    address: text('address'),
    notes: text('notes'),
    ...registerColumns(),
  },
  (t) => [
    index('suppliers_name_idx').on(t.orgId, sql`lower(${t.name})`),
    index('suppliers_category_idx').on(t.orgId, sql`lower(${t.productCategory})`),
    index('suppliers_updated_idx').on(t.orgId, t.updatedAt),
    index('suppliers_created_idx').on(t.orgId, t.createdAt),
    // Global search (modules/search, docs/decisions.md "Search"): the searched fields' trigram indexes.
    index('suppliers_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('suppliers_gstin_trgm').using('gin', sql`${t.gstin} gin_trgm_ops`),
    index('suppliers_pan_trgm').using('gin', sql`${t.pan} gin_trgm_ops`),
    index('suppliers_contacts_trgm').using(
      'gin',
      sql`(jsonb_path_query_array(${t.contacts}, '$[*].*')::text) gin_trgm_ops`,
    ),
  ],
)
