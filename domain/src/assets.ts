import { z } from 'zod'
import { calendarDay, instant, pageOf, registerDetailTail, requiredText } from './contract.ts'
import { exportEndpoint } from './export-query.ts'
import { endpoint } from './http.ts'
import { decimalOrNull } from './projects.ts'
import {
  bothWays,
  optionalText,
  registerListQuery,
  registerReadEndpoints,
  registerWriteEndpoints,
} from './registers.ts'

export const assetMessages = {
  idRequired: 'Asset ID is required.',
  nameRequired: 'Asset name is required.',
  targetRequired: 'Please select a specific project/employee to assign the asset to.',
  idTaken: 'An asset with this Asset ID already exists.',
  notFound: 'Asset not found.',
} as const

export const assetStatuses = ['In Stock', 'In Use', 'Under Maintenance', 'Retired'] as const
export type AssetStatus = (typeof assetStatuses)[number]
export const DEFAULT_ASSET_STATUS: AssetStatus = 'In Stock'
export const assignmentTypes = ['PROJECT', 'EMPLOYEE', 'OFFICE'] as const
export type AssignmentType = (typeof assignmentTypes)[number]
/** Days ahead that count as "due soon" (maintenance or warranty expiry), and when admins are told. */
export const ASSET_DUE_SOON_DAYS = 30
export const ASSET_REMINDER_DAYS = 7

export const assetSorts = [
  ...bothWays('name'),
  'purchase_date_desc',
  'maintenance_date_asc',
  'last_updated',
] as const
export type AssetSort = (typeof assetSorts)[number]
export const assetListQuery = registerListQuery(assetSorts, 'name_asc')

const blankToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.literal('')])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v) as z.output<T> | null)

/** The proposed data of an ASSET action. Changing the assignment type clears the target (docs/product.md, "Assets"). */
export const assetData = z
  .object({
    asset_display_id: requiredText(assetMessages.idRequired, 60),
    name: requiredText(assetMessages.nameRequired, 200),
    category: optionalText(120),
    status: blankToNull(z.enum(assetStatuses)).transform((v) => v ?? DEFAULT_ASSET_STATUS),
    purchase_date: calendarDay,
    purchase_cost: decimalOrNull,
    seller_details: z
      .object({
        name: optionalText(200),
        contact_person: optionalText(120),
        phone: optionalText(40),
        email: optionalText(254),
        address: optionalText(1000),
      })
      .nullish()
      .transform((v) => v ?? { name: null, contact_person: null, phone: null, email: null, address: null }),
    warranty_details: z
      .object({ expires_on: calendarDay, details: optionalText(2000) })
      .nullish()
      .transform((v) => v ?? { expires_on: null, details: null }),
    assigned_to_type: blankToNull(z.enum(assignmentTypes)),
    assigned_to_id: z
      .string()
      .nullish()
      .transform((v) => v?.trim() || null),
    assignment_date: calendarDay,
    next_maintenance_due: calendarDay,
    notes: optionalText(5000),
  })
  .superRefine((v, ctx) => {
    const needsTarget = v.assigned_to_type === 'PROJECT' || v.assigned_to_type === 'EMPLOYEE'
    if (needsTarget && !v.assigned_to_id)
      ctx.addIssue({ code: 'custom', message: assetMessages.targetRequired, path: ['assigned_to_id'] })
    if (v.assigned_to_id && !z.uuid().safeParse(v.assigned_to_id).success)
      ctx.addIssue({ code: 'custom', message: assetMessages.targetRequired, path: ['assigned_to_id'] })
  })
  // Only PROJECT and EMPLOYEE point at a record.
  .transform((v) =>
    v.assigned_to_type === 'PROJECT' || v.assigned_to_type === 'EMPLOYEE'
      ? v
      : { ...v, assigned_to_id: null },
  )
export type AssetData = z.output<typeof assetData>

const text = z.string().nullable()

export const assetListItem = z.object({
  asset_id: z.string(),
  asset_display_id: z.string(),
  name: z.string(),
  category: text,
  status: z.enum(assetStatuses),
  assigned_to_type: z.enum(assignmentTypes).nullable(),
  assigned_to_id: text,
  assigned_project_name: text,
  assigned_employee_name: text,
  assigned_employee_username: text,
  purchase_date: z.iso.date().nullable(),
  next_maintenance_due: z.iso.date().nullable(),
  warranty_expires_on: z.iso.date().nullable(),
  updated_at: instant,
})
export type AssetListItem = z.infer<typeof assetListItem>
export const assetList = pageOf('assets', assetListItem)

export const assetDetail = z.object({
  asset_id: z.string(),
  asset_display_id: z.string(),
  name: z.string(),
  category: text,
  status: z.enum(assetStatuses),
  purchase_date: z.iso.date().nullable(),
  purchase_cost: z.number().nullable(),
  seller_details: z.object({ name: text, contact_person: text, phone: text, email: text, address: text }),
  warranty_details: z.object({ expires_on: z.iso.date().nullable(), details: text }),
  assigned_to_type: z.enum(assignmentTypes).nullable(),
  assigned_to_id: text,
  assignment_date: z.iso.date().nullable(),
  next_maintenance_due: z.iso.date().nullable(),
  notes: text,
  assigned_project_name: text,
  assigned_employee_name: text,
  assigned_employee_username: text,
  ...registerDetailTail,
})
export type AssetDetail = z.infer<typeof assetDetail>

/** How many assets the caller sees in 'Due soon': the sidebar's and the Assets page's count. */
export const assetDueSoonCount = z.object({ count: z.number().int() })

export const assetEndpoints = {
  ...registerReadEndpoints('/assets', assetListQuery, assetList, assetDetail),
  /** Not retired, with maintenance due (or overdue) or a warranty ending within ASSET_DUE_SOON_DAYS. */
  dueSoon: endpoint('GET', '/assets/due-soon', { querystring: assetListQuery, response: { 200: assetList } }),
  dueSoonExport: exportEndpoint('/assets/due-soon/export', assetListQuery),
  dueSoonCount: endpoint('GET', '/assets/due-soon/count', { response: { 200: assetDueSoonCount } }),
  ...registerWriteEndpoints('/assets', assetData),
}
