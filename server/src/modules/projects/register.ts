import { clientDisplayId, type ProjectData, projectData, projectMessages } from '@daftar/domain'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import { badRequest } from '../../platform/errors.ts'
import { tableRegister } from '../../platform/register-table.ts'
import { annotated } from '../../platform/registers.ts'
import { clientRegister } from '../clients/register.ts'
import { clients } from '../clients/schema.ts'
import { projects } from './schema.ts'

const noContact = { name: null, phone: null, email: null }

async function assertClient(db: DbOrTx, orgId: string, clientId: string) {
  if (!(await clientRegister.exists(db, orgId, clientId))) throw badRequest(projectMessages.clientRequired)
}

/**
 * The client a project's data names, as the approval queue shows it beside the proposed data: its
 * details and its office address (docs/product.md, "The admin approval queue").
 */
async function clientContext(db: DbOrTx, orgId: string, data: Record<string, unknown>) {
  const clientId = typeof data.client_id === 'string' ? data.client_id : null
  const [client] = clientId
    ? await db
        .select({
          displayNumber: clients.displayNumber,
          name: clients.name,
          gstin: clients.gstin,
          officeAddress: clients.officeAddress,
        })
        .from(clients)
        .where(and(eq(clients.clientId, clientId), eq(clients.orgId, orgId)))
    : []
  return {
    client_details: client
      ? {
          // The client's own id is the data's client_id; people know it by its display id.
          client_id_display: clientDisplayId(client.displayNumber),
          name: client.name,
          gstin: client.gstin,
        }
      : null,
    client_address: client?.officeAddress ?? null,
  }
}

const projectContext = { annotate: clientContext }

const table = tableRegister({
  entityType: 'PROJECT',
  label: 'Project',
  schema: projectData,
  table: projects,
  id: projects.projectId,
  columns: (data: ProjectData) => ({
    name: data.name,
    clientId: data.client_id,
    address: data.address,
    zipCode: data.zip_code,
    mapsLink: data.project_address_maps_link,
    contactDetails: data.project_contact_details,
    projectType: data.project_type,
    capacity: data.capacity,
    workOrderNumber: data.work_order_details.number,
    workOrderDate: data.work_order_details.date,
    workOrderTotalValue:
      data.work_order_details.total_value === null ? null : String(data.work_order_details.total_value),
    consultantDetails: data.consultant_details,
    notes: data.notes,
  }),
  data: (row) => ({
    name: row.name,
    client_id: row.clientId,
    address: row.address,
    zip_code: row.zipCode,
    project_address_maps_link: row.mapsLink,
    project_contact_details: row.contactDetails ?? noContact,
    project_type: row.projectType,
    capacity: row.capacity,
    work_order_details: {
      number: row.workOrderNumber,
      date: row.workOrderDate,
      total_value: row.workOrderTotalValue === null ? null : Number(row.workOrderTotalValue),
    },
    consultant_details: row.consultantDetails ?? { ...noContact, contact_person: null },
    notes: row.notes,
    // Not editable through the form; shown so that an archive request reads as a change of state.
    is_archived: row.isArchived,
  }),
  validate: (db, orgId, data) => assertClient(db, orgId, data.client_id),
  stateActions: ['ARCHIVE', 'UNARCHIVE'],
  stateColumns: (action) => ({ isArchived: action === 'ARCHIVE' }),
  describe: (data) => data.name,
})

export const projectRegister: typeof table = {
  ...table,
  annotate: clientContext,
  // The record as it is carries the same context, so the review compares like with like.
  currentData: async (db, orgId, id) => {
    const data = await table.currentData(db, orgId, id)
    return data && annotated(projectContext, db, orgId, data)
  },
}
