import { z } from 'zod'
import { GSTIN_LENGTH, invalidGstin, invalidPan, isValidGstin, isValidPan, PAN_LENGTH } from './gstin.ts'
import { contactRows, optionalText, registerListQuery } from './registers.ts'

export const clientMessages = {
  nameRequired: 'Client name is required.',
  notFound: 'Client not found.',
} as const

export const clientSorts = [
  'name_asc',
  'name_desc',
  'contact_person_asc',
  'contact_person_desc',
  'last_updated',
  'first_added',
] as const
export type ClientSort = (typeof clientSorts)[number]
export const clientListQuery = registerListQuery(clientSorts, 'name_asc')

const upperOptional = (max: number, valid: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim().toUpperCase() : null))
    .refine((v) => v === null || valid(v), message)

export const gstinField = upperOptional(GSTIN_LENGTH, isValidGstin, invalidGstin)
export const panField = upperOptional(PAN_LENGTH, isValidPan, invalidPan)

/** The proposed data of a CLIENT action: the client's editable fields. */
export const clientData = z.object({
  name: z.string({ error: clientMessages.nameRequired }).trim().min(1, clientMessages.nameRequired).max(200),
  office_address: optionalText(1000),
  gstin: gstinField,
  pan: panField,
  contacts: contactRows,
  notes: optionalText(5000),
})
export type ClientData = z.output<typeof clientData>

export function clientDisplayId(n: number): string {
  return `CL-${String(n).padStart(4, '0')}`
}
