import { archivedProjectExport, type ProjectSort, projectExport, projectMessages } from '@daftar/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { creator, sortsByChange, sortsByName, updater } from '../../platform/register-queries.ts'
import { listsByFlag, registerList } from '../../platform/register-reads.ts'
import { assertReadable, readAccess } from '../access/service.ts'
import { stateRequestWaiting } from '../approvals/schema.ts'
import { submitStateRequest } from '../approvals/submit.ts'
import { projectInvoices } from '../billing/schema.ts'
import { clients } from '../clients/schema.ts'
import { projectRegister } from './register.ts'
import { projects } from './schema.ts'

const billedAmount = sql<string>`(select coalesce(sum(${projectInvoices.amount}), 0) from ${projectInvoices}
  where ${projectInvoices.projectId} = ${projects.projectId})`
const costIncurred = sql<string>`(select coalesce(sum(${projectInvoices.costIncurred}), 0) from ${projectInvoices}
  where ${projectInvoices.projectId} = ${projects.projectId})`

const money = (v: string | null) => (v === null ? null : Number(v))

const reads = registerList({
  register: projectRegister,
  access: readAccess,
  listKey: 'projects',
  exportSheet: projectExport,
  sorts: {
    ...sortsByName('name', projects.name, projects.projectId),
    client_asc: [sql`lower(${clients.name}) asc`, sql`lower(${projects.name}) asc`, asc(projects.projectId)],
    order_value_desc: [sql`${projects.workOrderTotalValue} desc nulls last`, asc(projects.projectId)],
    ...sortsByChange(projects, projects.projectId),
  } satisfies Record<ProjectSort, unknown>,
  search: [projects.name, clients.name, projects.projectType, projects.workOrderNumber],
  listColumns: {
    projectId: projects.projectId,
    name: projects.name,
    clientId: projects.clientId,
    clientName: clients.name,
    orderValue: projects.workOrderTotalValue,
    billed: billedAmount,
    projectType: projects.projectType,
    isArchived: projects.isArchived,
  },
  // Every project has its client: an inner join, in the page and in the count.
  listJoin: {
    joins: [{ table: clients, on: eq(clients.clientId, projects.clientId), inner: true }],
    fields: {},
  },
  toListRow: (r) => ({
    project_id: r.projectId,
    name: r.name,
    client_id: r.clientId,
    client_name: r.clientName,
    order_value: money(r.orderValue),
    billed_amount: Number(r.billed),
    project_type: r.projectType,
    is_archived: r.isArchived,
  }),
})

/** GET /projects (not archived) and GET /projects/archived, and each list as CSV or XLSX. */
export const projectLists = listsByFlag(reads, projects.isArchived, (archived) =>
  archived ? archivedProjectExport : projectExport,
)

/** The detail is the project's own: full names in System Information, the waiting state request. */
export async function getProject(deps: Deps, ctx: RequestContext, projectId: string) {
  const access = await assertReadable(deps.db, ctx, projectRegister, projectId, projectMessages.notFound)
  const [row] = await deps.db
    .select({
      p: projects,
      clientName: clients.name,
      clientAddress: clients.officeAddress,
      billed: billedAmount,
      cost: costIncurred,
      createdByUsername: creator.username,
      createdByFullname: creator.fullName,
      updatedByUsername: updater.username,
      updatedByFullname: updater.fullName,
      // An archive or unarchive request waiting for approval.
      stateRequest: stateRequestWaiting('PROJECT', projects.orgId, projects.projectId, [
        'ARCHIVE',
        'UNARCHIVE',
      ]),
    })
    .from(projects)
    .innerJoin(clients, eq(clients.clientId, projects.clientId))
    .leftJoin(creator, eq(creator.userId, projects.createdBy))
    .leftJoin(updater, eq(updater.userId, projects.updatedBy))
    .where(and(eq(projects.projectId, projectId), eq(projects.orgId, ctx.orgId)))
  if (!row) throw notFound(projectMessages.notFound)
  const p = row.p
  return {
    project_id: p.projectId,
    name: p.name,
    client_id: p.clientId,
    client_name: row.clientName,
    client_address: row.clientAddress,
    address: p.address,
    zip_code: p.zipCode,
    project_address_maps_link: p.mapsLink,
    project_contact_details: p.contactDetails ?? { name: null, phone: null, email: null },
    project_type: p.projectType,
    capacity: p.capacity,
    work_order_details: {
      number: p.workOrderNumber,
      date: p.workOrderDate,
      total_value: money(p.workOrderTotalValue),
    },
    consultant_details: p.consultantDetails ?? { name: null, contact_person: null, phone: null, email: null },
    notes: p.notes,
    order_value: money(p.workOrderTotalValue),
    billed_amount: Number(row.billed),
    total_cost_incurred: Number(row.cost),
    is_archived: p.isArchived,
    state_request_pending: Boolean(row.stateRequest),
    created_by_username: row.createdByUsername,
    created_by_fullname: row.createdByFullname,
    created_at: p.createdAt.toISOString(),
    updated_by_username: row.updatedByUsername,
    updated_by_fullname: row.updatedByFullname,
    updated_at: p.updatedAt.toISOString(),
    version: p.version,
    access_level: access,
  }
}

export async function projectDropdown(deps: Deps, ctx: RequestContext) {
  return deps.db
    .select({
      project_id: projects.projectId,
      name: projects.name,
      client_id: projects.clientId,
      client_name: clients.name,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.clientId, projects.clientId))
    .where(eq(projects.orgId, ctx.orgId))
    .orderBy(sql`lower(${projects.name})`)
}

export async function requestArchive(deps: Deps, ctx: RequestContext, projectId: string, archive: boolean) {
  return submitStateRequest(deps, ctx, {
    entityType: 'PROJECT',
    actionType: archive ? 'ARCHIVE' : 'UNARCHIVE',
    entityId: projectId,
    notFound: projectMessages.notFound,
    inState: (data) => data.is_archived === archive,
    already: archive ? 'The project is already archived.' : 'The project is not archived.',
  })
}
