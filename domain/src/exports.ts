/**
 * Exports of the lists as CSV and XLSX (docs/decisions.md, "Exports"): the query every
 * export takes (the list's own filters and `format`), and the columns of each list as the web's table
 * shows them, with the kind of each cell (a date, an amount or text) so the file gets real numbers and
 * dates. The server writes the files from these; nothing here does I/O.
 */
import type { AssetListItem } from './assets.ts'
import type { ClientListItem } from './clients.ts'
import type { CollectionListItem } from './collections.ts'
import type { EmployeeListItem } from './employees.ts'
import type { ProjectListItem } from './projects.ts'
import { type ReportListRow, reportTypeLabels } from './reports.ts'
import type { SupplierListItem } from './suppliers.ts'
import { assigneeOf, creatorOf, type TaskListRow, type TaskPerson } from './tasks.ts'
import type { TechnicalInfoListItem } from './technical-info.ts'

export { type ExportFormat, exportFormats, exportQueryOf } from './export-query.ts'

/** How a cell is written: text (neutralised), a calendar day, an instant, an amount or a count. */
export type ExportCellKind = 'text' | 'date' | 'instant' | 'money' | 'number'

export interface ExportColumn<R> {
  header: string
  kind?: ExportCellKind
  /** Width in characters in XLSX (a guess from the header and kind unless given). */
  width?: number
  value(row: R): string | number | null | undefined
}

/** A list's export: the file's name before the date ('clients-export'), its sheet and its columns. */
export interface ExportSheet<R> {
  fileName: string
  sheetName: string
  columns: ExportColumn<R>[]
}

const sheet = <R>(fileName: string, sheetName: string, columns: ExportColumn<R>[]): ExportSheet<R> => ({
  fileName,
  sheetName,
  columns,
})

// ---- the registers: the columns of web/src/features/<register>/register.tsx ----

export const clientExport = sheet<ClientListItem>('clients-export', 'Clients', [
  { header: 'Name', value: (c) => c.name, width: 32 },
  { header: 'Client ID', value: (c) => c.client_id_display },
  { header: 'Contact Person', value: (c) => c.contact_person_name, width: 24 },
  { header: 'Phone', value: (c) => c.contact_person_phone },
  { header: 'Email', value: (c) => c.contact_person_email, width: 28 },
])

export const projectExport = sheet<ProjectListItem>('projects-export', 'Projects', [
  { header: 'Project Name', value: (p) => p.name, width: 32 },
  { header: 'Client Name', value: (p) => p.client_name, width: 28 },
  { header: 'Order Value', kind: 'money', value: (p) => p.order_value },
  { header: 'Billed Amount', kind: 'money', value: (p) => p.billed_amount },
  { header: 'Project Type', value: (p) => p.project_type, width: 20 },
])
export const archivedProjectExport = { ...projectExport, fileName: 'archived-projects-export' }

export const supplierExport = sheet<SupplierListItem>('suppliers-export', 'Suppliers', [
  { header: 'Name', value: (s) => s.name, width: 32 },
  { header: 'Category', value: (s) => s.product_category, width: 20 },
  { header: 'Contact', value: (s) => s.contact_person_name, width: 24 },
  { header: 'Phone', value: (s) => s.contact_person_phone },
  { header: 'Email', value: (s) => s.contact_person_email, width: 28 },
  { header: 'Website', value: (s) => s.website, width: 28 },
])

/** 'Asha Verma (@asha)', the project's name, 'Office' or nothing: the list's Assigned To. */
const assignedTo = (a: AssetListItem) =>
  a.assigned_to_type === 'PROJECT'
    ? (a.assigned_project_name ?? 'Project')
    : a.assigned_to_type === 'EMPLOYEE'
      ? `${a.assigned_employee_name ?? ''}${a.assigned_employee_username ? ` (@${a.assigned_employee_username})` : ''}`.trim() ||
        null
      : a.assigned_to_type === 'OFFICE'
        ? 'Office'
        : null

const assetId: ExportColumn<AssetListItem> = { header: 'Asset ID', value: (a) => a.asset_display_id }
const assetName: ExportColumn<AssetListItem> = { header: 'Asset Name', value: (a) => a.name, width: 28 }
const assetStatus: ExportColumn<AssetListItem> = { header: 'Status', value: (a) => a.status }
const assetAssigned: ExportColumn<AssetListItem> = { header: 'Assigned To', value: assignedTo, width: 28 }
const nextMaintenance: ExportColumn<AssetListItem> = {
  header: 'Next Maintenance',
  kind: 'date',
  value: (a) => a.next_maintenance_due,
}

export const assetExport = sheet<AssetListItem>('assets-export', 'Assets', [
  assetId,
  assetName,
  { header: 'Category', value: (a) => a.category, width: 20 },
  assetStatus,
  assetAssigned,
  { header: 'Purchase Date', kind: 'date', value: (a) => a.purchase_date },
  nextMaintenance,
])

/** 'Due soon' shows its maintenance date and when its warranty ends, as the web's view does. */
export const dueSoonAssetExport = sheet<AssetListItem>('assets-due-soon-export', 'Assets due soon', [
  assetId,
  assetName,
  assetStatus,
  assetAssigned,
  nextMaintenance,
  { header: 'Warranty Ends', kind: 'date', value: (a) => a.warranty_expires_on },
])

export const employeeExport = sheet<EmployeeListItem>('employees-export', 'Employees', [
  { header: 'Name', value: (e) => e.full_name, width: 28 },
  { header: 'Employee ID', value: (e) => e.employee_official_id },
  { header: 'Department', value: (e) => e.department, width: 20 },
  { header: 'Contact No.', value: (e) => e.contact_phone },
  { header: 'Official Email', value: (e) => e.contact_email, width: 28 },
])
export const oldEmployeeExport = { ...employeeExport, fileName: 'old-employees-export' }

/** The list shows previews; the file holds the whole text. */
export const technicalInfoExport = sheet<TechnicalInfoListItem>('technical-info-export', 'Technical Info', [
  { header: 'Title', value: (t) => t.title, width: 40 },
  { header: 'Keywords', value: (t) => t.keywords.join(', '), width: 28 },
  { header: 'When to Use', value: (t) => t.when_to_use, width: 40 },
  { header: 'Prerequisites', value: (t) => t.prerequisites, width: 40 },
])

export const collectionExport = sheet<CollectionListItem>('collections-export', 'Collections', [
  { header: 'Name', value: (c) => c.name, width: 32 },
  { header: 'Description', value: (c) => c.description, width: 60 },
])

// ---- tasks and reports ----

export const taskExportViews = ['active', 'finished', 'deleted'] as const
export type TaskExportView = (typeof taskExportViews)[number]

/** A task with the people its chain names (their full names, as the list shows them). */
export type TaskExportRow = { task: TaskListRow; people: Record<string, TaskPerson> }
const personName = (r: TaskExportRow, username: string | undefined) =>
  username ? (r.people[username]?.full_name ?? username) : null

export const taskExport = sheet<TaskExportRow>('tasks-export', 'Tasks', [
  { header: 'Task Title', value: (r) => r.task.title, width: 40 },
  { header: 'Project', value: (r) => r.task.project, width: 28 },
  { header: 'Client', value: (r) => r.task.client, width: 28 },
  { header: 'Creator', value: (r) => personName(r, creatorOf(r.task)), width: 24 },
  { header: 'Assignee', value: (r) => personName(r, assigneeOf(r.task)), width: 24 },
  { header: 'Deadline', kind: 'date', value: (r) => r.task.deadline },
])

export const reportExport = sheet<ReportListRow>('reports-export', 'Reports', [
  { header: 'Report ID', value: (r) => r.report_id_display },
  { header: 'Report Type', value: (r) => reportTypeLabels[r.report_type], width: 24 },
  { header: 'Project Name', value: (r) => r.project_name, width: 28 },
  { header: 'From', value: (r) => r.submitted_by_fullname || r.submitted_by_username, width: 24 },
  {
    header: 'To',
    value: (r) =>
      r.recipients.length ? r.recipients.map((p) => p.full_name || p.username).join(', ') : 'Admins Only',
    width: 32,
  },
  { header: 'Sent At', kind: 'instant', value: (r) => r.submitted_at },
  { header: 'Status', value: (r) => r.status },
])
