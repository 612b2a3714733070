import type { BankDetails, ContactRow } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { generatedId, registerColumns } from '../../db/columns.ts'
import { trigramIndex } from '../../db/indexes.ts'
import { contactValues } from '../../platform/register-queries.ts'

export const suppliers = pgTable(
  'suppliers',
  {
    supplierId: generatedId('supplier_id'),
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
    trigramIndex('suppliers_name_trgm', t.name),
    trigramIndex('suppliers_gstin_trgm', t.gstin),
    trigramIndex('suppliers_pan_trgm', t.pan),
    trigramIndex('suppliers_contacts_trgm', contactValues(t.contacts)),
  ],
)
