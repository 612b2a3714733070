import { type ProjectData, projectData, projectMessages } from '@daftar/domain'
import type { DbOrTx } from '../../db/connection.ts'
import { badRequest } from '../../platform/errors.ts'
import { tableRegister } from '../../platform/register-table.ts'
import { clientRegister } from '../clients/register.ts'
import { projects } from './schema.ts'

const noContact = { name: null, phone: null, email: null }

async function assertClient(db: DbOrTx, orgId: string, clientId: string) {
  if (!(await clientRegister.exists(db, orgId, clientId))) throw badRequest(projectMessages.clientRequired)
}

export const projectRegister = tableRegister({
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
  link: (id) => `/projects/${id}`,
})
