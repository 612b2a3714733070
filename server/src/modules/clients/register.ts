import { type ClientData, clientData, clientDisplayId } from '@daftar/domain'
import { nextNumber } from '../../platform/counters.ts'
import { tableRegister } from '../../platform/register-table.ts'
import { clients } from './schema.ts'

export const clientRegister = tableRegister({
  entityType: 'CLIENT',
  label: 'Client',
  schema: clientData,
  table: clients,
  id: clients.clientId,
  columns: (data: ClientData) => ({
    name: data.name,
    officeAddress: data.office_address,
    stateCode: data.state_code,
    gstin: data.gstin,
    pan: data.pan,
    contacts: data.contacts,
    notes: data.notes,
  }),
  data: (row) => ({
    name: row.name,
    office_address: row.officeAddress,
    state_code: row.stateCode,
    gstin: row.gstin,
    pan: row.pan,
    contacts: row.contacts,
    notes: row.notes,
  }),
  onCreate: async (tx, ctx) => ({ displayNumber: await nextNumber(tx, ctx.orgId, 'client') }),
  displayId: (row) => clientDisplayId(row.displayNumber),
  describe: (data) => data.name,
})
