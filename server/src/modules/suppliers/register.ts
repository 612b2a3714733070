import { type SupplierData, supplierData } from '@daftar/domain'
import { tableRegister } from '../../platform/register-table.ts'
import { suppliers } from './schema.ts'

export const supplierRegister = tableRegister({
  entityType: 'SUPPLIER',
  label: 'Supplier',
  schema: supplierData,
  table: suppliers,
  id: suppliers.supplierId,
  columns: (data: SupplierData) => ({
    name: data.name,
    productCategory: data.product_category,
    contacts: data.contacts,
    website: data.website,
    gstin: data.gstin,
    pan: data.pan,
    bankDetails: data.bank_details,
    address: data.address,
    notes: data.notes,
  }),
  data: (row) => ({
    name: row.name,
    product_category: row.productCategory,
    contacts: row.contacts,
    website: row.website,
    gstin: row.gstin,
    pan: row.pan,
    bank_details: row.bankDetails,
    address: row.address,
    notes: row.notes,
  }),
  describe: (data) => data.name,
})
