import { z } from 'zod'
import { gstinField, panField } from './clients.ts'
import { instant, pageOf, registerDetailTail, requiredText } from './contract.ts'
import { endpoint } from './http.ts'
import { IFSC_LENGTH, invalidIfsc, isValidIfsc } from './indian-ids.ts'
import {
  bothWays,
  changeSorts,
  contactRows,
  firstContactFields,
  optionalText,
  registerListQuery,
  registerReadEndpoints,
  registerWriteEndpoints,
  storedContact,
  upperOptional,
} from './registers.ts'

export const supplierMessages = {
  nameRequired: 'Supplier name is required.',
  notFound: 'Supplier not found.',
} as const

export const supplierSorts = [...bothWays('name'), ...bothWays('product_category'), ...changeSorts] as const
export type SupplierSort = (typeof supplierSorts)[number]
export const supplierListQuery = registerListQuery(supplierSorts, 'name_asc')

export const ifscField = upperOptional(IFSC_LENGTH, isValidIfsc, invalidIfsc)

const bankDetailsShape = {
  bank_name: optionalText(120),
  branch_name: optionalText(120),
  account_no: optionalText(34),
  ifsc_code: ifscField,
}

/** Bank details of a supplier or an employee; null when every field is blank. */
export const bankDetailsField = z
  .object(bankDetailsShape)
  .nullish()
  .transform((v) => (v && Object.values(v).some((x) => x !== null) ? v : null))
export type BankDetails = NonNullable<z.output<typeof bankDetailsField>>

/** The proposed data of a SUPPLIER action: the supplier's editable fields. */
export const supplierData = z.object({
  name: requiredText(supplierMessages.nameRequired, 200),
  product_category: optionalText(120),
  contacts: contactRows,
  website: optionalText(500),
  gstin: gstinField,
  pan: panField,
  bank_details: bankDetailsField,
  address: optionalText(1000),
  notes: optionalText(5000),
})
export type SupplierData = z.output<typeof supplierData>

const text = z.string().nullable()
export const storedBankDetails = z
  .object({ bank_name: text, branch_name: text, account_no: text, ifsc_code: text })
  .nullable()

/** A row of GET /suppliers: the first contact person stands for the supplier. */
export const supplierListItem = z.object({
  supplier_id: z.string(),
  name: z.string(),
  product_category: text,
  ...firstContactFields,
  website: text,
  updated_at: instant,
})
export type SupplierListItem = z.infer<typeof supplierListItem>
export const supplierList = pageOf('suppliers', supplierListItem)
export type SupplierList = z.infer<typeof supplierList>

/** GET /suppliers/{id}. */
export const supplierDetail = z.object({
  supplier_id: z.string(),
  name: z.string(),
  product_category: text,
  contacts: z.array(storedContact),
  website: text,
  gstin: text,
  pan: text,
  bank_details: storedBankDetails,
  address: text,
  notes: text,
  ...registerDetailTail,
})
export type SupplierDetail = z.infer<typeof supplierDetail>

/** GET /suppliers/dropdown-list: every supplier of the organisation, for pickers (bills). */
export const supplierOption = z.object({ supplier_id: z.string(), name: z.string(), gstin: text })
export type SupplierOption = z.infer<typeof supplierOption>

/** The website as a link: https is added when the address has no scheme. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`
}

export const supplierEndpoints = {
  ...registerReadEndpoints('/suppliers', supplierListQuery, supplierList, supplierDetail),
  dropdown: endpoint('GET', '/suppliers/dropdown-list', { response: { 200: z.array(supplierOption) } }),
  ...registerWriteEndpoints('/suppliers', supplierData),
}
