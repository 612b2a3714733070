import {
  ASSET_DUE_SOON_DAYS,
  type AssetDetail,
  type AssetListItem,
  type AssetSort,
  addDays,
  assetExport,
  assetMessages,
  dueSoonAssetExport,
  todayIn,
} from '@daftar/domain'
import { and, asc, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { countRows } from '../../platform/listing.ts'
import { sortsByName } from '../../platform/register-queries.ts'
import { type ExportQuery, type ListFilter, registerReads } from '../../platform/register-reads.ts'
import { readAccess, visibleTo } from '../access/service.ts'
import { projects } from '../projects/schema.ts'
import { users } from '../users/schema.ts'
import { assetRegister } from './register.ts'
import { assets } from './schema.ts'

const a = assets
const sorts: Record<AssetSort, SQL[]> = {
  ...sortsByName('name', a.name, a.assetId),
  purchase_date_desc: [sql`${a.purchaseDate} desc nulls last`, asc(a.assetId)],
  maintenance_date_asc: [sql`${a.nextMaintenanceDue} asc nulls last`, asc(a.assetId)],
  last_updated: [desc(a.updatedAt), asc(a.assetId)],
}

/** The project or the person an asset is assigned to, joined by the assignment type. */
const assignment = {
  joins: [
    { table: projects, on: and(eq(a.assignedToType, 'PROJECT'), eq(projects.projectId, a.assignedToId)) },
    { table: users, on: and(eq(a.assignedToType, 'EMPLOYEE'), eq(users.userId, a.assignedToId)) },
  ],
  fields: { projectName: projects.name, employeeName: users.fullName, employeeUsername: users.username },
}

export type AssetView = 'all' | 'due-soon'

/** The organisation's day and the end of the 'Due soon' window. */
function dueSoonWindow(deps: Deps) {
  const today = todayIn(deps.config.TIME_ZONE)
  return { today, horizon: addDays(today, ASSET_DUE_SOON_DAYS) }
}

/**
 * Not retired, and maintenance due within 30 days (or overdue), or a warranty ending within 30 days;
 * the two dates as values or as placeholders.
 */
function dueSoonWhere({ today, horizon }: { today: unknown; horizon: unknown }) {
  return and(
    ne(a.status, 'Retired'),
    or(
      sql`${a.nextMaintenanceDue} <= ${horizon}`,
      sql`${a.warrantyExpiresOn} between ${today} and ${horizon}`,
    ),
  )
}

/**
 * GET /assets/due-soon/count: the 'Due soon' list's size for the caller (what they may see), for the
 * sidebar and the Assets page. Read from the maintenance and warranty indexes.
 */
export async function countDueSoon(deps: Deps, ctx: RequestContext) {
  const where = and(
    eq(a.orgId, ctx.orgId),
    visibleTo(ctx, 'ASSET', a.assetId),
    dueSoonWhere(dueSoonWindow(deps)),
  )
  return { count: await countRows(deps.db, a, where) }
}

const reads = registerReads({
  register: assetRegister,
  access: readAccess,
  notFound: assetMessages.notFound,
  listKey: 'assets',
  exportSheet: assetExport,
  sorts,
  search: [a.name, a.displayId, a.category, sql`${a.status}::text`, projects.name, users.fullName],
  listColumns: { a },
  listJoin: assignment,
  toListRow: (r): AssetListItem => ({
    asset_id: r.a.assetId,
    asset_display_id: r.a.displayId,
    name: r.a.name,
    category: r.a.category,
    status: r.a.status,
    assigned_to_type: r.a.assignedToType,
    assigned_to_id: r.a.assignedToId,
    assigned_project_name: r.projectName,
    assigned_employee_name: r.employeeName,
    assigned_employee_username: r.employeeUsername,
    purchase_date: r.a.purchaseDate,
    next_maintenance_due: r.a.nextMaintenanceDue,
    warranty_expires_on: r.a.warrantyExpiresOn,
    updated_at: r.a.updatedAt.toISOString(),
  }),
  detailJoin: assignment,
  toDetail: (r, tail, row): AssetDetail => ({
    asset_id: r.assetId,
    asset_display_id: r.displayId,
    name: r.name,
    category: r.category,
    status: r.status,
    purchase_date: r.purchaseDate,
    purchase_cost: r.purchaseCost === null ? null : Number(r.purchaseCost),
    seller_details: r.sellerDetails ?? {
      name: null,
      contact_person: null,
      phone: null,
      email: null,
      address: null,
    },
    warranty_details: { expires_on: r.warrantyExpiresOn, details: r.warrantyDetails },
    assigned_to_type: r.assignedToType,
    assigned_to_id: r.assignedToId,
    assignment_date: r.assignmentDate,
    next_maintenance_due: r.nextMaintenanceDue,
    notes: r.notes,
    assigned_project_name: row.projectName,
    assigned_employee_name: row.employeeName,
    assigned_employee_username: row.employeeUsername,
    ...tail,
  }),
})

const dueSoonOfPlaceholders = dueSoonWhere({
  today: sql.placeholder('today'),
  horizon: sql.placeholder('horizon'),
})!

/** The 'Due soon' view of the list: one statement, today's window as its values. */
const dueSoon = (deps: Deps): ListFilter => ({
  shape: 'due-soon',
  where: dueSoonOfPlaceholders,
  values: dueSoonWindow(deps),
})

/**
 * GET /assets, and the 'Due soon' view: assets whose next maintenance or warranty expiry falls
 * within the next 30 days (or has passed without a newer date).
 */
export async function listAssets(
  deps: Deps,
  ctx: RequestContext,
  view: AssetView,
  query: { page: number; searchQuery: string; sortBy: AssetSort },
) {
  return reads.list(deps, ctx, query, view === 'due-soon' ? dueSoon(deps) : undefined)
}

export const getAsset = reads.detail

/** GET /assets/export and /assets/due-soon/export: each view as CSV or XLSX, with its own columns. */
export function exportAssets(
  deps: Deps,
  ctx: RequestContext,
  view: AssetView,
  query: ExportQuery<AssetSort>,
  reply: FastifyReply,
) {
  return view === 'due-soon'
    ? reads.export(deps, ctx, query, reply, dueSoon(deps), dueSoonAssetExport)
    : reads.export(deps, ctx, query, reply)
}
