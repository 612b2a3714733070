import { z } from 'zod'
import { optionalText, registerListQuery } from './registers.ts'

export const projectMessages = {
  nameRequired: 'Project name is required.',
  clientRequired: 'A client must be selected for the project.',
  notFound: 'Project not found.',
} as const

export const projectSorts = [
  'name_asc',
  'name_desc',
  'client_asc',
  'order_value_desc',
  'last_updated',
  'first_added',
] as const
export type ProjectSort = (typeof projectSorts)[number]
export const projectListQuery = registerListQuery(projectSorts, 'name_asc')

const isoDate = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Dates must be YYYY-MM-DD.')

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
  name: z
    .string({ error: projectMessages.nameRequired })
    .trim()
    .min(1, projectMessages.nameRequired)
    .max(200),
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
    .object({ number: optionalText(120), date: isoDate, total_value: decimalOrNull })
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
