import { z } from 'zod'
import { instant, pageOf, registerDetailTail, requiredText } from './contract.ts'
import { GSTIN_LENGTH, invalidGstin, invalidPan, isValidGstin, isValidPan, PAN_LENGTH } from './gstin.ts'
import { gstr1Messages, gstStateCode } from './gstr1.ts'
import { endpoint } from './http.ts'
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

export const clientMessages = {
  nameRequired: 'Client name is required.',
  notFound: 'Client not found.',
} as const

export const clientSorts = [...bothWays('name'), ...bothWays('contact_person'), ...changeSorts] as const
export type ClientSort = (typeof clientSorts)[number]
export const clientListQuery = registerListQuery(clientSorts, 'name_asc')

export const gstinField = upperOptional(GSTIN_LENGTH, isValidGstin, invalidGstin)
export const panField = upperOptional(PAN_LENGTH, isValidPan, invalidPan)

/**
 * A client's state, for GST's place of supply: its name or its 2-digit GST code, kept as the code;
 * blank is none.
 */
export const stateCodeField = z
  .string()
  .max(100, gstr1Messages.state)
  .nullish()
  .transform((v, ctx) => {
    const code = gstStateCode(v)
    if (code === undefined) {
      ctx.addIssue({ code: 'custom', message: gstr1Messages.state })
      return z.NEVER
    }
    return code
  })

/** The proposed data of a CLIENT action: the client's editable fields. */
export const clientData = z.object({
  name: requiredText(clientMessages.nameRequired, 200),
  office_address: optionalText(1000),
  state_code: stateCodeField,
  gstin: gstinField,
  pan: panField,
  contacts: contactRows,
  notes: optionalText(5000),
})
export type ClientData = z.output<typeof clientData>

export function clientDisplayId(n: number): string {
  return `CL-${String(n).padStart(4, '0')}`
}

/** A row of GET /clients: the first contact person stands for the client. */
export const clientListItem = z.object({
  client_id: z.string(),
  client_id_display: z.string(),
  name: z.string(),
  gstin: z.string().nullable(),
  ...firstContactFields,
  updated_at: instant,
})
export type ClientListItem = z.infer<typeof clientListItem>
export const clientList = pageOf('clients', clientListItem)
export type ClientList = z.infer<typeof clientList>

/** GET /clients/{id}. */
export const clientDetail = z.object({
  client_id: z.string(),
  client_id_display: z.string(),
  name: z.string(),
  office_address: z.string().nullable(),
  /** The 2-digit GST state code (`gstStates`), when one was given. */
  state_code: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  contacts: z.array(storedContact),
  notes: z.string().nullable(),
  ...registerDetailTail,
})
export type ClientDetail = z.infer<typeof clientDetail>

/** GET /clients/dropdown-list: every client of the organisation, for pickers. */
export const clientOption = z.object({
  client_id: z.string(),
  name: z.string(),
  gstin: z.string().nullable(),
})
export type ClientOption = z.infer<typeof clientOption>

export const clientEndpoints = {
  ...registerReadEndpoints('/clients', clientListQuery, clientList, clientDetail),
  dropdown: endpoint('GET', '/clients/dropdown-list', { response: { 200: z.array(clientOption) } }),
  ...registerWriteEndpoints('/clients', clientData),
}
