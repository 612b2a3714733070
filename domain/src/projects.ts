import { z } from 'zod'
import { auditFields, calendarDate, calendarDay, pageOf, recordAccess, requiredText } from './contract.ts'
import { exportEndpoint } from './export-query.ts'
import { endpoint } from './http.ts'
import {
  bothWays,
  changeSorts,
  optionalText,
  registerChangeEndpoint,
  registerListQuery,
  registerReadEndpoints,
  registerWriteEndpoints,
} from './registers.ts'

export const projectMessages = {
  nameRequired: 'Project name is required.',
  clientRequired: 'A client must be selected for the project.',
  notFound: 'Project not found.',
} as const

export const projectSorts = [...bothWays('name'), 'client_asc', 'order_value_desc', ...changeSorts] as const
export type ProjectSort = (typeof projectSorts)[number]
export const projectListQuery = registerListQuery(projectSorts, 'name_asc')

/** "Total value is parsed as a decimal or null." */
export const decimalOrNull = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || (typeof v === 'string' && !v.trim())) return null
    const n = typeof v === 'number' ? v : Number(v)
    return Number.isFinite(n) ? Math.round(n * 100) / 100 : Number.NaN
  })
  .refine((v) => v === null || (!Number.isNaN(v) && v >= 0 && v < 1e12), 'Enter a valid amount.')

const url = z
  .string()
  .max(2000)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), 'Enter a valid URL.')

export const projectData = z.object({
  name: requiredText(projectMessages.nameRequired, 200),
  client_id: z.string({ error: projectMessages.clientRequired }).uuid(projectMessages.clientRequired),
  address: optionalText(1000),
  zip_code: optionalText(20),
  project_address_maps_link: url,
  project_contact_details: z
    .object({ name: optionalText(120), phone: optionalText(40), email: optionalText(254) })
    .nullish()
    .transform((v) => v ?? { name: null, phone: null, email: null }),
  project_type: optionalText(120),
  capacity: optionalText(120),
  work_order_details: z
    .object({ number: optionalText(120), date: calendarDay, total_value: decimalOrNull })
    .nullish()
    .transform((v) => v ?? { number: null, date: null, total_value: null }),
  consultant_details: z
    .object({
      name: optionalText(120),
      contact_person: optionalText(120),
      phone: optionalText(40),
      email: optionalText(254),
    })
    .nullish()
    .transform((v) => v ?? { name: null, contact_person: null, phone: null, email: null }),
  notes: optionalText(5000),
})
export type ProjectData = z.output<typeof projectData>

export const archiveProjectInput = z.object({ archive: z.boolean() })

/** A row of GET /projects and GET /projects/archived. */
export const projectListItem = z.object({
  project_id: z.string(),
  name: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  order_value: z.number().nullable(),
  billed_amount: z.number(),
  project_type: z.string().nullable(),
  is_archived: z.boolean(),
})
export type ProjectListItem = z.infer<typeof projectListItem>
export const projectList = pageOf('projects', projectListItem)
export type ProjectList = z.infer<typeof projectList>

const nullableString = z.string().nullable()

/** GET /projects/{id}: the editable fields, the client, the billing figures and the audit fields. */
export const projectDetail = z.object({
  project_id: z.string(),
  name: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  client_address: nullableString,
  address: nullableString,
  zip_code: nullableString,
  project_address_maps_link: nullableString,
  project_contact_details: z.object({ name: nullableString, phone: nullableString, email: nullableString }),
  project_type: nullableString,
  capacity: nullableString,
  work_order_details: z.object({
    number: nullableString,
    date: calendarDate.nullable(),
    total_value: z.number().nullable(),
  }),
  consultant_details: z.object({
    name: nullableString,
    contact_person: nullableString,
    phone: nullableString,
    email: nullableString,
  }),
  notes: nullableString,
  order_value: z.number().nullable(),
  billed_amount: z.number(),
  total_cost_incurred: z.number(),
  is_archived: z.boolean(),
  /** An archive or unarchive request waits for approval: the page offers no second one. */
  state_request_pending: z.boolean(),
  ...auditFields,
  created_by_fullname: nullableString,
  updated_by_fullname: nullableString,
  version: z.number().int(),
  access_level: recordAccess,
})
export type ProjectDetail = z.infer<typeof projectDetail>

/** GET /projects/dropdown-list: every project of the organisation, for pickers. */
export const projectOption = z.object({
  project_id: z.string(),
  name: z.string(),
  client_id: z.string(),
  client_name: z.string(),
})
export type ProjectOption = z.infer<typeof projectOption>

export const projectEndpoints = {
  ...registerReadEndpoints('/projects', projectListQuery, projectList, projectDetail),
  archived: endpoint('GET', '/projects/archived', {
    querystring: projectListQuery,
    response: { 200: projectList },
  }),
  archivedExport: exportEndpoint('/projects/archived/export', projectListQuery),
  dropdown: endpoint('GET', '/projects/dropdown-list', { response: { 200: z.array(projectOption) } }),
  ...registerWriteEndpoints('/projects', projectData),
  archive: registerChangeEndpoint('/projects/:id/archive', archiveProjectInput),
}
