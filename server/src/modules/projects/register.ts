import { type ProjectData, projectData, projectMessages } from '@daftar/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import { badRequest } from '../../platform/errors.ts'
import { type RegisterDefinition, versionIs } from '../../platform/registers.ts'
import { clientRegister } from '../clients/register.ts'
import { projects } from './schema.ts'

const byId = (orgId: string, id: string) => and(eq(projects.projectId, id), eq(projects.orgId, orgId))

function columns(data: ProjectData) {
  return {
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
  }
}

async function assertClient(db: DbOrTx, orgId: string, clientId: string) {
  if (!(await clientRegister.exists(db, orgId, clientId))) throw badRequest(projectMessages.clientRequired)
}

export const projectRegister: RegisterDefinition<ProjectData> = {
  entityType: 'PROJECT',
  label: 'Project',
  schema: projectData,
  stateActions: ['ARCHIVE', 'UNARCHIVE'],
  async exists(db: DbOrTx, orgId, id) {
    const [row] = await db.select({ id: projects.projectId }).from(projects).where(byId(orgId, id))
    return Boolean(row)
  },
  async currentData(db, orgId, id) {
    const [row] = await db.select().from(projects).where(byId(orgId, id))
    if (!row) return null
    return {
      name: row.name,
      client_id: row.clientId,
      address: row.address,
      zip_code: row.zipCode,
      project_address_maps_link: row.mapsLink,
      project_contact_details: row.contactDetails ?? { name: null, phone: null, email: null },
      project_type: row.projectType,
      capacity: row.capacity,
      work_order_details: {
        number: row.workOrderNumber,
        date: row.workOrderDate,
        total_value: row.workOrderTotalValue === null ? null : Number(row.workOrderTotalValue),
      },
      consultant_details: row.consultantDetails ?? {
        name: null,
        contact_person: null,
        phone: null,
        email: null,
      },
      notes: row.notes,
      // Not editable through the form; shown so that an archive request reads as a change of state.
      is_archived: row.isArchived,
      version: row.version,
    }
  },
  validate: (db, orgId, data) => assertClient(db, orgId, data.client_id),
  describe: (data) => data.name,
  async create(tx, ctx, data) {
    const [row] = await tx
      .insert(projects)
      .values({
        orgId: ctx.orgId,
        ...columns(data),
        createdBy: ctx.requesterUserId,
        updatedBy: ctx.requesterUserId,
      })
      .returning({ id: projects.projectId })
    return row!.id
  },
  async update(tx, ctx, id, data, expectedVersion) {
    const rows = await tx
      .update(projects)
      .set({
        ...columns(data),
        updatedBy: ctx.requesterUserId,
        updatedAt: new Date(),
        version: sql`${projects.version} + 1`,
      })
      .where(and(byId(ctx.orgId, id), versionIs(projects.version, expectedVersion)))
      .returning({ id: projects.projectId })
    return rows.length > 0
  },
  async changeState(tx, ctx, id, action, expectedVersion) {
    const rows = await tx
      .update(projects)
      .set({
        isArchived: action === 'ARCHIVE',
        updatedBy: ctx.requesterUserId,
        updatedAt: new Date(),
        version: sql`${projects.version} + 1`,
      })
      .where(and(byId(ctx.orgId, id), versionIs(projects.version, expectedVersion)))
      .returning({ id: projects.projectId })
    return rows.length > 0
  },
  link: (id) => `/projects/${id}`,
}
