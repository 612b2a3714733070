/**
 * How a record's fields are named and read, on both sides: the approval queue's field-by-field review
 * (web) and the History tab's changes (server) flatten data into labelled fields ('Contact 2 › Email',
 * 'Work Order › Total Value') the same way, with each register's form labels (docs/decisions.md,
 * "History and activity").
 */
import type { EntityType } from './registers.ts'

export interface FlatField {
  path: string
  label: string
  value: unknown
}

export interface DiffRow {
  path: string
  label: string
  current: unknown
  proposed: unknown
  changed: boolean
}

/** Each register's own names for its fields (its form's labels), by path without list indexes. */
export const registerFieldLabels: Record<EntityType, Record<string, string>> = {
  CLIENT: { name: 'Client Name', state_code: 'State' },
  PROJECT: {
    name: 'Project Name',
    client_id: 'Client',
    project_address_maps_link: 'Maps Link',
    project_contact_details: 'Project Contact',
    work_order_details: 'Work Order',
    consultant_details: 'Consultant',
    is_archived: 'Archived',
  },
  SUPPLIER: {
    name: 'Supplier Name',
    product_category: 'Category',
    bank_details: 'Bank Details',
    'bank_details.ifsc_code': 'IFSC',
    'bank_details.account_no': 'Account Number',
  },
  TECHNICAL_INFO: { when_to_use: 'When to Use' },
  ASSET: {
    asset_display_id: 'Asset ID',
    assigned_to_type: 'Assigned To',
    assigned_to_id: 'Assigned Target',
    seller_details: 'Seller',
    warranty_details: 'Warranty',
    'warranty_details.expires_on': 'Expires On',
  },
  EMPLOYEE: {
    employee_official_id: 'Employee Official ID',
    aadhar_no: 'Aadhaar No.',
    pan_no: 'PAN',
    uan_no: 'UAN',
    personal_phone_no: 'Personal Phone',
    contact_phone: 'Contact No.',
    contact_email: 'Official Email',
    previous_work_details: 'Previous Work',
    'previous_work_details.previous_id': 'Previous Employee ID',
    login_account: 'Login Account',
    is_active: 'Active',
  },
  COLLECTION: { name: 'Collection Name' },
}

const HIDDEN = new Set(['version'])
const STATE_FIELDS = new Set(['is_archived', 'is_active'])

const LABELS: Record<string, string> = {
  gstin: 'GSTIN',
  pan: 'PAN',
  client_id: 'Client',
  client_details: 'Client Details',
  client_id_display: 'Client ID',
  client_address: 'Client Address',
  project_address_maps_link: 'Maps Link',
  project_contact_details: 'Project Contact',
  work_order_details: 'Work Order',
  consultant_details: 'Consultant',
  is_archived: 'Archived',
  is_active: 'Active',
  zip_code: 'Zip Code',
  office_address: 'Office Address',
  contact_person: 'Contact Person',
  total_value: 'Total Value',
}

/** Fields in the order the forms show them (the database keeps JSON keys in its own order). */
const ORDER = [
  'name',
  'client_id',
  'client_details',
  'client_id_display',
  'client_address',
  'contact_person',
  'number',
  'date',
  'total_value',
  'project_type',
  'capacity',
  'office_address',
  'state_code',
  'address',
  'zip_code',
  'project_address_maps_link',
  'gstin',
  'pan',
  'phone',
  'email',
  'contacts',
  'project_contact_details',
  'work_order_details',
  'consultant_details',
  'notes',
  'is_archived',
  'is_active',
]
const rank = (key: string) => {
  const i = ORDER.indexOf(key)
  return i === -1 ? ORDER.length : i
}

/** Fields holding an amount of money. */
export const moneyFields = new Set([
  'total_value',
  'amount',
  'cost_incurred',
  'purchase_cost',
  'order_value',
  'billed_amount',
])

export function fieldLabel(key: string): string {
  return (
    LABELS[key] ??
    key
      .split('_')
      .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
      .join(' ')
  )
}

const singular = (label: string) => (label.endsWith('s') ? label.slice(0, -1) : label)
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** How a register names and orders its fields (its form's labels and order), over the defaults here. */
export interface FieldNaming {
  labels?: Record<string, string>
  order?: string[]
}

export function flatten(
  data: unknown,
  naming: FieldNaming = {},
  path: string[] = [],
  label: string[] = [],
): FlatField[] {
  if (!isPlainObject(data)) return []
  const out: FlatField[] = []
  const order = naming.order?.map((p) => p.split('.').at(-1)!) ?? []
  const position = (key: string) => {
    const i = order.indexOf(key)
    return i === -1 ? order.length + rank(key) : i
  }
  // A register names fields by path without list indexes: 'name', 'bank_details.ifsc_code'.
  const name = (key: string) =>
    naming.labels?.[[...path.filter((p) => !/^\d+$/.test(p)), key].join('.')] ?? fieldLabel(key)
  const entries = Object.entries(data).sort(([a], [b]) => position(a) - position(b))
  for (const [key, value] of entries) {
    if (HIDDEN.has(key)) continue
    const p = [...path, key]
    const l = [...label, name(key)]
    if (isPlainObject(value)) out.push(...flatten(value, naming, p, l))
    else if (Array.isArray(value) && value.some(isPlainObject)) {
      value.forEach((item, i) => {
        out.push(...flatten(item, naming, [...p, String(i)], [...label, `${singular(name(key))} ${i + 1}`]))
      })
      if (value.length === 0) out.push({ path: p.join('.'), label: l.join(' › '), value: null })
    } else if (Array.isArray(value)) {
      out.push({ path: p.join('.'), label: l.join(' › '), value: value.length ? value.join(', ') : null })
    } else out.push({ path: p.join('.'), label: l.join(' › '), value })
  }
  return out
}

export const normValue = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v))

/**
 * Whether `data` names the field at `path`. A key an object along the path leaves out is not named: an
 * edit keeps what is stored there (a masked number sent back masked or not at all, docs/product.md,
 * "Employees"). A list names all its rows, so a row it no longer has is a removal.
 */
function names(data: unknown, path: string): boolean {
  let at = data
  for (const key of path.split('.')) {
    if (!isPlainObject(at)) return true
    if (at[key] === undefined) return false
    at = at[key]
  }
  return true
}

/**
 * Every field of either side, in the proposed order, marked when it differs. `partial`: the proposal
 * names only the fields it changes (archive, activate …), so fields it leaves out are not removals.
 * Otherwise a field the proposal leaves out of an object it has is kept as it is (`names`).
 */
export function diff(
  current: unknown,
  proposed: unknown,
  partial = false,
  naming: FieldNaming = {},
): DiffRow[] {
  const before = new Map(flatten(current, naming).map((f) => [f.path, f]))
  const after = flatten(proposed, naming)
  const rows: DiffRow[] = after.map((f) => {
    const old = before.get(f.path)
    before.delete(f.path)
    return {
      path: f.path,
      label: f.label,
      current: old?.value,
      proposed: f.value,
      changed: normValue(old?.value) !== normValue(f.value),
    }
  })
  if (partial) return rows
  for (const old of before.values()) {
    // State (archived, active) changes through its own requests; an edit leaves it as it is.
    if (STATE_FIELDS.has(old.path)) continue
    const kept = !names(proposed, old.path)
    rows.push({
      path: old.path,
      label: old.label,
      current: old.value,
      proposed: kept ? old.value : null,
      changed: !kept && normValue(old.value) !== '',
    })
  }
  return rows
}
