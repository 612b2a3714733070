import {
  type ClientDetail,
  type ClientList,
  type ClientSort,
  clientDisplayId,
  clientExport,
  clientMessages,
} from '@daftar/domain'
import { asc, sql } from 'drizzle-orm'
import {
  contactValues,
  firstContact,
  lowerSort,
  sortsByChange,
  sortsByName,
} from '../../platform/register-queries.ts'
import { registerOptions, registerReads } from '../../platform/register-reads.ts'
import { readAccess } from '../access/service.ts'
import { clientRegister } from './register.ts'
import { clients } from './schema.ts'

const contactName = firstContact(clients.contacts, 'name')

/** The list, its export (docs/decisions.md, "Exports") and the detail. */
export const clientReads = registerReads({
  register: clientRegister,
  access: readAccess,
  notFound: clientMessages.notFound,
  listKey: 'clients',
  exportSheet: clientExport,
  sorts: {
    ...sortsByName('name', clients.name, clients.clientId),
    contact_person_asc: [lowerSort(contactName, 'asc', true), asc(clients.clientId)],
    contact_person_desc: [lowerSort(contactName, 'desc', true), asc(clients.clientId)],
    ...sortsByChange(clients, clients.clientId),
  } satisfies Record<ClientSort, unknown>,
  search: [
    clients.name,
    clients.gstin,
    contactValues(clients.contacts),
    sql`'CL-' || lpad(${clients.displayNumber}::text, 4, '0')`,
  ],
  listColumns: {
    clientId: clients.clientId,
    displayNumber: clients.displayNumber,
    name: clients.name,
    gstin: clients.gstin,
    contactName,
    contactPhone: firstContact(clients.contacts, 'phone'),
    contactEmail: firstContact(clients.contacts, 'email'),
    updatedAt: clients.updatedAt,
  },
  toListRow: (r): ClientList['clients'][number] => ({
    client_id: r.clientId,
    client_id_display: clientDisplayId(r.displayNumber),
    name: r.name,
    gstin: r.gstin,
    contact_person_name: r.contactName,
    contact_person_phone: r.contactPhone,
    contact_person_email: r.contactEmail,
    updated_at: r.updatedAt.toISOString(),
  }),
  toDetail: (c, tail): ClientDetail => ({
    client_id: c.clientId,
    client_id_display: clientDisplayId(c.displayNumber),
    name: c.name,
    office_address: c.officeAddress,
    state_code: c.stateCode,
    gstin: c.gstin,
    pan: c.pan,
    contacts: c.contacts,
    notes: c.notes,
    ...tail,
  }),
})

/** Every client of the organisation, for pickers (tasks and invoices reference any client). */
export const clientDropdown = registerOptions(
  clients,
  { client_id: clients.clientId, name: clients.name, gstin: clients.gstin },
  clients.name,
)
