import {
  type SupplierDetail,
  type SupplierList,
  type SupplierSort,
  supplierExport,
  supplierMessages,
} from '@daftar/domain'
import { asc } from 'drizzle-orm'
import {
  contactValues,
  firstContact,
  lowerSort,
  sortsByChange,
  sortsByName,
} from '../../platform/register-queries.ts'
import { registerOptions, registerReads } from '../../platform/register-reads.ts'
import { readAccess } from '../access/service.ts'
import { supplierRegister } from './register.ts'
import { suppliers } from './schema.ts'

const s = suppliers

/** The list, its export (docs/decisions.md, "Exports") and the detail. */
export const supplierReads = registerReads({
  register: supplierRegister,
  access: readAccess,
  notFound: supplierMessages.notFound,
  listKey: 'suppliers',
  exportSheet: supplierExport,
  sorts: {
    ...sortsByName('name', s.name, s.supplierId),
    product_category_asc: [
      lowerSort(s.productCategory, 'asc', true),
      lowerSort(s.name, 'asc'),
      asc(s.supplierId),
    ],
    product_category_desc: [
      lowerSort(s.productCategory, 'desc', true),
      lowerSort(s.name, 'asc'),
      asc(s.supplierId),
    ],
    ...sortsByChange(s, s.supplierId),
  } satisfies Record<SupplierSort, unknown>,
  search: [s.name, s.productCategory, s.gstin, s.website, contactValues(s.contacts)],
  listColumns: {
    supplierId: s.supplierId,
    name: s.name,
    productCategory: s.productCategory,
    contactName: firstContact(s.contacts, 'name'),
    contactPhone: firstContact(s.contacts, 'phone'),
    contactEmail: firstContact(s.contacts, 'email'),
    website: s.website,
    updatedAt: s.updatedAt,
  },
  toListRow: (r): SupplierList['suppliers'][number] => ({
    supplier_id: r.supplierId,
    name: r.name,
    product_category: r.productCategory,
    contact_person_name: r.contactName,
    contact_person_phone: r.contactPhone,
    contact_person_email: r.contactEmail,
    website: r.website,
    updated_at: r.updatedAt.toISOString(),
  }),
  toDetail: (r, tail): SupplierDetail => ({
    supplier_id: r.supplierId,
    name: r.name,
    product_category: r.productCategory,
    contacts: r.contacts,
    website: r.website,
    gstin: r.gstin,
    pan: r.pan,
    bank_details: r.bankDetails,
    address: r.address,
    notes: r.notes,
    ...tail,
  }),
})

/** Every supplier of the organisation, for pickers (bills reference any supplier). */
export const supplierDropdown = registerOptions(
  s,
  { supplier_id: s.supplierId, name: s.name, gstin: s.gstin },
  s.name,
)
