/**
 * Importing a register from a spreadsheet (docs/decisions.md, "Import"): each register's columns in
 * the words of its form, where each lands in the register's data, and how a cell is read (Indian
 * money, the dates people type, lists, choices). The server checks every row with the register's own
 * schema; this file only turns a flat row into the shape that schema reads.
 */
import { z } from 'zod'
import { assetStatuses } from './assets.ts'
import { isCalendarDay } from './contract.ts'
import { genders, maritalStatuses } from './employees.ts'
import { endpoint } from './http.ts'
import type { EntityType } from './registers.ts'

export const importRegisters = {
  clients: 'CLIENT',
  suppliers: 'SUPPLIER',
  projects: 'PROJECT',
  assets: 'ASSET',
  employees: 'EMPLOYEE',
  'technical-info': 'TECHNICAL_INFO',
} as const satisfies Record<string, EntityType>
export type ImportRegister = keyof typeof importRegisters
export const importRegisterNames = Object.keys(importRegisters) as ImportRegister[]

export const importRegisterLabels: Record<ImportRegister, string> = {
  clients: 'Clients',
  suppliers: 'Suppliers',
  projects: 'Projects',
  assets: 'Assets',
  employees: 'Employees',
  'technical-info': 'Technical Information',
}

/** How a cell is read before the register's schema judges it. */
export type CellKind = 'text' | 'date' | 'money' | 'list' | 'choice'

export interface ImportColumn {
  /** The field name people may also use as a header (`gstin`, `contact_phone`). */
  key: string
  /** The form's label, the template's header. */
  label: string
  /** Where the value lands in the register's data. */
  path: readonly (string | number)[]
  example: string
  kind?: CellKind
  required?: boolean
  choices?: readonly string[]
  /** Other headers that mean this column ('Mobile' for a phone). */
  aliases?: readonly string[]
}

const col = (
  key: string,
  label: string,
  example: string,
  more: Partial<Omit<ImportColumn, 'key' | 'label' | 'example'>> = {},
): ImportColumn => ({ key, label, example, path: more.path ?? [key], ...more })

const contactColumns = (
  prefix: string,
  path: readonly (string | number)[],
  example: [string, string, string],
) => [
  col(`${prefix}_name`, `${label(prefix)} name`, example[0], {
    path: [...path, 'name'],
    aliases: [`${prefix} person`, `${prefix} person name`],
  }),
  col(`${prefix}_phone`, `${label(prefix)} phone`, example[1], {
    path: [...path, 'phone'],
    aliases: [`${prefix} person phone`, `${prefix} mobile`],
  }),
  col(`${prefix}_email`, `${label(prefix)} email`, example[2], {
    path: [...path, 'email'],
    aliases: [`${prefix} person email`],
  }),
]
function label(prefix: string) {
  const text = prefix.replace(/_/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const bankColumns = (accountLabel: string) => [
  col('bank_name', 'Bank name', 'State Bank of India', { path: ['bank_details', 'bank_name'] }),
  col('branch_name', 'Branch', 'Andheri East', { path: ['bank_details', 'branch_name'] }),
  col('account_no', accountLabel, '30123456789', { path: ['bank_details', 'account_no'] }),
  col('ifsc_code', 'IFSC', 'SBIN0001234', { path: ['bank_details', 'ifsc_code'] }),
]

export const importColumns: Record<ImportRegister, readonly ImportColumn[]> = {
  clients: [
    col('name', 'Client name', 'Metro Pharma Pvt Ltd', { required: true, aliases: ['client'] }),
    col('gstin', 'GSTIN', '27AAPFU0939F1ZV'),
    col('pan', 'PAN', 'AAPFU0939F'),
    col('office_address', 'Office address', '12 MG Road, Pune, Maharashtra 411001', { aliases: ['address'] }),
    col('state_code', 'State', 'Maharashtra', { aliases: ['state code', 'place of supply'] }),
    ...contactColumns('contact', ['contacts', 0], ['Kiran Shah', '+91 98200 12345', 'kiran@example.com']),
    col('notes', 'Notes', ''),
  ],
  suppliers: [
    col('name', 'Supplier name', 'Sharma Electricals', { required: true, aliases: ['supplier', 'vendor'] }),
    col('product_category', 'Product category', 'Electrical', { aliases: ['category'] }),
    col('gstin', 'GSTIN', '27AAPFU0939F1ZV'),
    col('pan', 'PAN', 'AAPFU0939F'),
    col('address', 'Address', 'Plot 7, MIDC, Pune'),
    col('website', 'Website', 'https://sharma.example.com'),
    ...contactColumns('contact', ['contacts', 0], ['Ravi Sharma', '+91 98220 54321', 'ravi@example.com']),
    ...bankColumns('Account number'),
    col('notes', 'Notes', ''),
  ],
  projects: [
    col('name', 'Project name', 'Riverside Towers', { required: true, aliases: ['project'] }),
    col('client', 'Client', 'CL-0001', { path: ['client_id'], required: true, aliases: ['client name'] }),
    col('address', 'Address', 'Baner Road, Pune'),
    col('zip_code', 'Zip code', '411045', { aliases: ['pin code', 'pincode'] }),
    col('project_address_maps_link', 'Maps link', ''),
    col('project_type', 'Project type', 'Residential'),
    col('capacity', 'Capacity', '120 kW'),
    ...contactColumns('project_contact', ['project_contact_details'], ['Anil Rao', '+91 99300 11223', '']),
    col('work_order_number', 'Work order number', 'WO/2026/14', { path: ['work_order_details', 'number'] }),
    col('work_order_date', 'Work order date', '05-03-2026', {
      path: ['work_order_details', 'date'],
      kind: 'date',
    }),
    col('work_order_value', 'Total value', '12,50,000.00', {
      path: ['work_order_details', 'total_value'],
      kind: 'money',
      aliases: ['work order value'],
    }),
    col('consultant_name', 'Consultant name', '', { path: ['consultant_details', 'name'] }),
    col('consultant_contact_person', 'Consultant contact person', '', {
      path: ['consultant_details', 'contact_person'],
    }),
    col('consultant_phone', 'Consultant phone', '', { path: ['consultant_details', 'phone'] }),
    col('consultant_email', 'Consultant email', '', { path: ['consultant_details', 'email'] }),
    col('notes', 'Notes', ''),
  ],
  assets: [
    col('asset_display_id', 'Asset ID', 'LAP-014', { required: true }),
    col('name', 'Asset name', 'Dell Latitude 5440', { required: true, aliases: ['asset'] }),
    col('category', 'Category', 'Laptop'),
    col('status', 'Status', 'In Stock', { kind: 'choice', choices: assetStatuses }),
    col('purchase_date', 'Purchase date', '15-01-2026', { kind: 'date' }),
    col('purchase_cost', 'Purchase cost', '₹ 82,500.00', { kind: 'money' }),
    col('seller_name', 'Seller', 'Croma', { path: ['seller_details', 'name'], aliases: ['seller name'] }),
    col('seller_contact_person', 'Seller contact person', '', { path: ['seller_details', 'contact_person'] }),
    col('seller_phone', 'Seller phone', '', { path: ['seller_details', 'phone'] }),
    col('seller_email', 'Seller email', '', { path: ['seller_details', 'email'] }),
    col('seller_address', 'Seller address', '', { path: ['seller_details', 'address'] }),
    col('warranty_expires_on', 'Warranty expires on', '14-01-2029', {
      path: ['warranty_details', 'expires_on'],
      kind: 'date',
    }),
    col('warranty_details', 'Warranty details', '3 years onsite', { path: ['warranty_details', 'details'] }),
    col('next_maintenance_due', 'Next maintenance due', '', { kind: 'date' }),
    col('notes', 'Notes', ''),
  ],
  employees: [
    col('full_name', 'Full name', 'Asha Verma', { required: true, aliases: ['name', 'employee name'] }),
    col('employee_official_id', 'Employee Official ID', 'EMP-0042', {
      required: true,
      aliases: ['employee id'],
    }),
    col('designation', 'Designation', 'Site Engineer'),
    col('department', 'Department', 'Projects'),
    col('joining_date', 'Joining date', '01-04-2025', { kind: 'date', aliases: ['date of joining', 'doj'] }),
    col('contact_phone', 'Contact no.', '+91 98765 43210', { aliases: ['phone', 'mobile'] }),
    col('contact_email', 'Official email', 'asha@example.com', { aliases: ['email'] }),
    col('personal_phone_no', 'Personal phone', ''),
    col('current_address', 'Current address', 'Kothrud, Pune'),
    col('permanent_address', 'Permanent address', ''),
    col('gender', 'Gender', 'Female', { kind: 'choice', choices: genders }),
    col('blood_group', 'Blood group', 'B+'),
    col('qualification', 'Qualification', 'B.E. Civil'),
    col('father_name', "Father's name", ''),
    col('mother_name', "Mother's name", ''),
    col('marital_status', 'Marital status', 'Single', { kind: 'choice', choices: maritalStatuses }),
    col('spouse_name', "Spouse's name", ''),
    col('aadhar_no', 'Aadhaar no.', '', { aliases: ['aadhaar', 'aadhar'] }),
    col('pan_no', 'PAN', ''),
    col('uan_no', 'UAN', ''),
    ...bankColumns('Bank account no.'),
    col('previous_id', 'Previous employee ID', '', { path: ['previous_work_details', 'previous_id'] }),
    col('previous_company', 'Previous company', '', { path: ['previous_work_details', 'company_name'] }),
    col('previous_contact', 'Previous company contact', '', {
      path: ['previous_work_details', 'contact_no'],
    }),
    col('notes', 'Notes', ''),
  ],
  'technical-info': [
    col('title', 'Title', 'Earthing pit resistance test', { required: true }),
    col('keywords', 'Keywords', 'earthing, testing', { kind: 'list' }),
    col('when_to_use', 'When to use', 'Before commissioning'),
    col('prerequisites', 'Prerequisites', 'Earth tester'),
    col('description', 'Description', ''),
    col('formula', 'Formula', ''),
    col('steps', 'Steps', ''),
  ],
}

/** Headers compare without case, spaces or punctuation: 'Client Name', 'client_name', 'CLIENT NAME'. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '')

/** The column a header names, by label, field name or alias. */
export function columnForHeader(register: ImportRegister, header: string): ImportColumn | undefined {
  const key = headerKey(header)
  if (!key) return undefined
  return importColumns[register].find(
    (c) =>
      headerKey(c.label) === key || headerKey(c.key) === key || c.aliases?.some((a) => headerKey(a) === key),
  )
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const pad = (n: number) => String(n).padStart(2, '0')

/**
 * A day as people type it in India: YYYY-MM-DD, DD-MM-YYYY, DD/MM/YYYY, DD.MM.YYYY or 5-Mar-2026
 * (day first, never the American month first). Anything else is left as typed, for the schema to refuse.
 */
export function readDate(text: string): string {
  const t = text.trim()
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t)
  if (m) return `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t)
  if (m) return `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`
  m = /^(\d{1,2})[- ]([A-Za-z]{3})[A-Za-z]*[- ,]+(\d{4})$/.exec(t)
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) : -1
  if (m && month >= 0) return `${m[3]}-${pad(month + 1)}-${pad(Number(m[1]))}`
  return t
}

/** '₹ 12,50,000.50', 'Rs. 1,200', 'INR 500' → '1250000.50'; text that is no amount stays as typed. */
export function readMoney(text: string): string {
  const t = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/[\s,]/g, '')
  return /^\d+(\.\d+)?$/.test(t) ? t : text.trim()
}

export const choiceMessage = (column: ImportColumn) =>
  `${column.label} must be one of: ${column.choices!.join(', ')}.`

/** Zod's own words, or a required text's blank message answering for its length too. */
const GENERAL_WORDS = /required|^Invalid input|^Too (big|small)/i

/**
 * The register schema's complaint about one cell, in the import's words: a choice lists its values,
 * a date names the forms it may be typed in (or says the day does not exist), and a text too long
 * names its column and limit. Any other message is the schema's own, as on the form.
 */
export function cellMessage(column: ImportColumn, issue: z.core.$ZodIssue, text = ''): string {
  if (column.choices) return choiceMessage(column)
  const day = readDate(text)
  if (column.kind === 'date' && day && !isCalendarDay(day))
    return /^\d{4}-\d{2}-\d{2}$/.test(day)
      ? importMessages.noSuchDate(text.trim())
      : importMessages.dateFormat
  if (issue.code === 'too_big' && issue.origin === 'string' && GENERAL_WORDS.test(issue.message))
    return importMessages.tooLong(column.label, Number(issue.maximum))
  return issue.message
}

/** One cell as the register's schema reads it; a choice matches without case. */
export function readCell(column: ImportColumn, text: string): unknown {
  const t = text.trim()
  if (!t) return null
  switch (column.kind) {
    case 'date':
      return readDate(t)
    case 'money':
      return readMoney(t)
    case 'list':
      return t
        .split(/[,;]/)
        .map((s) => s.trim())
        .filter(Boolean)
    case 'choice':
      return column.choices!.find((c) => c.toLowerCase() === t.toLowerCase()) ?? t
    default:
      return t
  }
}

/** A flat row (column key → cell) as the register's nested data. */
export function rowToData(register: ImportRegister, cells: Record<string, string>): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const column of importColumns[register]) {
    const text = cells[column.key]
    if (text === undefined) continue
    let target: Record<string | number, unknown> = data
    column.path.forEach((step, i) => {
      if (i === column.path.length - 1) {
        target[step] = readCell(column, text)
        return
      }
      const nextIsIndex = typeof column.path[i + 1] === 'number'
      target[step] ??= nextIsIndex ? [] : {}
      target = target[step] as Record<string | number, unknown>
    })
  }
  return data
}

/** The column an error of the schema at `path` belongs to (the nearest column at or under it). */
export function columnForPath(
  register: ImportRegister,
  path: readonly PropertyKey[],
): ImportColumn | undefined {
  const same = (a: readonly PropertyKey[], b: readonly PropertyKey[]) =>
    a.length <= b.length && a.every((step, i) => String(step) === String(b[i]))
  const columns = importColumns[register]
  return (
    columns.find((c) => same(c.path, path) && c.path.length === path.length) ??
    columns.find((c) => same(path, c.path))
  )
}

/** Rows a file may hold; beyond it the file is refused before any row is read. */
export const IMPORT_MAX_ROWS = 50_000
/** Bytes a file may hold. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
/** Files above this many rows are taken in batches of this size, each all or nothing. */
export const IMPORT_BATCH_ROWS = 1_000
/** Rows of the dry run's preview. */
export const IMPORT_PREVIEW_ROWS = 20

const maxRows = IMPORT_MAX_ROWS.toLocaleString('en-IN')

export const importMessages = {
  notSpreadsheet: 'Choose a CSV or Excel (.xlsx) file.',
  oldExcel: 'Old Excel files (.xls) cannot be read. Save the sheet as .xlsx or CSV and try again.',
  empty: 'The file is empty.',
  headerOnly: 'The file has the column names but no rows to import.',
  noHeader: (register: string) =>
    `No column of the file matches the ${register} columns. The first row must hold the column names (download the template to see them).`,
  /** Without `rows`, the file was refused as soon as it passed the limit, before the rest was counted. */
  tooManyRows: (rows?: number) =>
    `The file has ${rows === undefined ? `more than ${maxRows}` : rows.toLocaleString('en-IN')} rows; at most ${maxRows} can be imported at once. Split it into smaller files.`,
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  unreadableXlsx: 'The Excel file could not be read. Save it again as .xlsx or CSV and try again.',
  formula: 'Formulas are not imported: enter the value itself.',
  badQuotes: (line: number) =>
    `The quotes on line ${line} of the file do not pair up, so its cells cannot be told apart. A cell that starts with " must end with ", and a " inside a cell is written "". Fix the line and try again.`,
  dateFormat: 'Dates must be DD-MM-YYYY, DD/MM/YYYY, 5-Mar-2026 or YYYY-MM-DD.',
  noSuchDate: (text: string) => `The date ${text} does not exist.`,
  tooLong: (label: string, max: number) =>
    `${label} must be at most ${max.toLocaleString('en-IN')} characters.`,
  duplicate: 'Already in the register.',
  duplicateInFile: (row: number) => `Same record as row ${row} of this file.`,
  changedMeanwhile:
    'This record was changed while the file was being imported; import the row again to apply the file.',
  clientNotFound: 'No client has this name or ID.',
  clientAmbiguous: 'More than one client has this name; use the client ID (CL-0001).',
  mappingUnknown: 'The column mapping names a column this register does not have.',
} as const

/** What to do with a row that matches a record already in the register. */
export const duplicateModes = ['skip', 'update'] as const
export type DuplicateMode = (typeof duplicateModes)[number]

/** The multipart fields besides `file`. */
export const importFields = z.object({
  dry_run: z.enum(['true', 'false']).default('true'),
  /** Duplicates are skipped, or the existing record is updated ('Update existing'). */
  duplicates: z.enum(duplicateModes).default('skip'),
  /** JSON: header as in the file → column key, or '' to leave the header out. */
  mapping: z.string().max(20_000).optional(),
})

export const importError = z.object({
  /** The row's number in the file, the header being row 1 (as a spreadsheet numbers it). */
  row: z.number().int(),
  /** The column's label, or null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
})
export type ImportError = z.infer<typeof importError>

export const importHeader = z.object({
  header: z.string(),
  /** The column key it fills, or null when it is left out. */
  column: z.string().nullable(),
})

export const importColumnInfo = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
})

export const importResult = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  errors: z.array(importError),
  /** The first rows as they will be saved, labelled by column. */
  preview: z.array(z.record(z.string(), z.string().nullable())),
  headers: z.array(importHeader),
  columns: z.array(importColumnInfo),
  /** A real run: what was saved. */
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Batches of a large file that failed as a whole (their rows were not taken). */
  failed_batches: z.array(
    z.object({ from_row: z.number().int(), to_row: z.number().int(), message: z.string() }),
  ),
  /** The rows that were not taken, with their errors, as a CSV to fix and import again (null when none). */
  error_file: z.string().nullable(),
})
export type ImportResult = z.infer<typeof importResult>

const registerParam = z.object({
  register: z.enum(importRegisterNames as [ImportRegister, ...ImportRegister[]]),
})

export const importEndpoints = {
  run: endpoint(
    'POST',
    '/import/:register',
    { params: registerParam, response: { 200: importResult } },
    { multipart: importFields, files: ['file'] },
  ),
  template: endpoint(
    'GET',
    '/import/:register/template',
    {
      params: registerParam,
      querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
    },
    { file: true },
  ),
}
