/**
 * Staff reports (docs/product.md, "Staff reports"): an inventory request, an operations report and an expenses and income
 * report, sent to chosen recipients. One zod schema per report type: the web's forms validate with it
 * and the server parses every request with it, so the server is the authority on what is stored —
 * it drops the blank rows the spec lists and recomputes amounts and totals whatever the client sent.
 */
import { z } from 'zod'
import {
  blankIsNone,
  idTo,
  idToMessage,
  instant,
  isCalendarDay,
  labelled,
  optionalChoice,
  pageOf,
} from './contract.ts'
import { exportEndpoint } from './export-query.ts'
import { endpoint } from './http.ts'

/** The report types, with the names the screens show (cards, list titles, detail headers). */
export const { values: reportTypes, labels: reportTypeLabels } = labelled([
  ['INVENTORY_REQUEST', 'Inventory Request'],
  ['OPERATIONS_REPORT', 'Operations Report'],
  ['EXPENSES_INCOME', 'Expenses (& Income)'],
])
export type ReportType = (typeof reportTypes)[number]
export const reportStatuses = ['OPEN', 'CLOSED'] as const
export type ReportStatus = (typeof reportStatuses)[number]
export const reportSorts = ['submitted_at_desc', 'submitted_at_asc'] as const
export type ReportSort = (typeof reportSorts)[number]

/** docs/product.md, "Constants and limits". */
export const REPORT_PAGE_SIZE = 20
export const REPORT_FILTER_DEBOUNCE_MS = 500
export const reportStartingRows = {
  operators: 4,
  complaints: 3,
  supervisorInspections: 1,
  managerInspections: 1,
  consumables: 4,
  otherExpenses: 4,
  items: 4,
} as const

/** The report paths of the web (docs/product.md, "Staff reports"), shared by links in notifications. */
export const reportFormPaths: Record<ReportType, string> = {
  INVENTORY_REQUEST: '/reports/inventory-request/new',
  OPERATIONS_REPORT: '/reports/operations-report/new',
  EXPENSES_INCOME: '/reports/expenses-income/new',
}
export const reportPath = (reportId: string) => `/reports/view/${reportId}`

export function reportDisplayId(n: number): string {
  return `RPT-${String(n).padStart(4, '0')}`
}

/** 'All Reports', or the type with underscores as spaces plus 'Reports'. */
export function reportListTitle(reportType: string): string {
  return reportType === 'all' ? 'All Reports' : `${reportType.replace(/_/g, ' ')} Reports`
}

export const reportMessages = {
  recipients: 'Please select at least one recipient in the "To" field.',
  /** A row with something typed but not what names it (a blank row is dropped). */
  rowUnnamed: (table: string, row: number, name: string) =>
    `${table}, row ${row}: give ${name}, or clear the row.`,
  period: 'Please select both a start and end date for the report period.',
  periodOrder: '"End Date" cannot be before "Start Date".',
  datesOrder: '"To" date cannot be before "From" date.',
  neededBy: 'Please select the "Inventory Needed By" date.',
  unknownType: 'Unknown report type.',
  unknownTypeView: 'Unknown report type. Cannot display details.',
  recipientsInvalid: 'Recipients must be active users of your organisation.',
  projectNotFound: 'The selected project was not found.',
  notFound: 'Report not found.',
  unexpected: 'An unexpected error occurred.',
  closeConfirm: 'Are you sure you want to mark this report as "CLOSED"?',
  deleteConfirm: 'Are you sure you want to permanently delete this report? This action cannot be undone.',
  submitted: 'Report submitted successfully!',
  statusUpdated: 'Report status updated.',
  feedbackSaved: 'Feedback saved successfully.',
  deleted: 'Report deleted successfully.',
  submitFailed: 'Failed to submit report.',
  statusFailed: 'Failed to update status.',
  feedbackFailed: 'Failed to save feedback.',
  deleteFailed: 'Failed to delete report.',
  feedbackForbidden: 'Only recipients and administrators can give feedback on a report.',
  closeForbidden: 'Only recipients and administrators can close a report.',
  deleteForbidden: 'Only administrators can delete reports.',
  alreadyClosed: 'This report is already closed.',
  feedbackRequired: 'Feedback cannot be empty.',
  loading: 'Loading reports...',
  loadingMore: 'Loading more...',
  end: "You've reached the end.",
  empty: 'No reports found for the selected criteria.',
  loadingDetail: 'Loading Report Details...',
  noFeedback: 'No feedback provided yet.',
  numberInvalid: 'Enter a number of 0 or more.',
  dateInvalid: 'Dates must be YYYY-MM-DD.',
} as const

// ---- field shapes ---------------------------------------------------------------------------------

/** Free text: trimmed, blank is ''. Form inputs send '' for empty. */
const text = (max = 500) =>
  z
    .string()
    .max(max, `Keep this under ${max} characters.`)
    .nullish()
    .transform((v) => v?.trim() ?? '')
/** The limits of a report's context names and of its long texts, which the forms count and show. */
export const REPORT_NAME_MAX = 200
export const REPORT_LONG_TEXT_MAX = 5000
const longText = text(REPORT_LONG_TEXT_MAX)

/** An optional day: '' and null are none. */
const day = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : ''))
  .refine((v) => v === '' || isCalendarDay(v), reportMessages.dateInvalid)

/** An optional number of 0 or more: '' and null are none; a numeric string is read as a number. */
const quantity = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
    const n = typeof v === 'number' ? v : Number(v)
    if (!Number.isFinite(n) || n < 0 || n > 1e12) {
      ctx.addIssue({ code: 'custom', message: reportMessages.numberInvalid })
      return z.NEVER
    }
    return n
  })

const rows = <T extends z.ZodType>(row: T, max = 200) => z.array(row).max(max).default([])

/** Whether a row holds anything typed (a computed amount is not typed). */
const hasContent = (row: Record<string, unknown>) =>
  Object.entries(row).some(([key, value]) => key !== 'amount' && value !== null && value !== '')

/**
 * Rows of a table whose blank rows are dropped on submit, as the spec says: a row is blank when what
 * names it is empty. A row with figures or words typed but not its name is refused, on its name's
 * cell, so nothing typed is thrown away unseen (docs/product.md, "Staff reports").
 */
const namedRows = <T extends z.ZodType<Record<string, unknown>>>(
  row: T,
  named: (r: z.output<T>) => boolean,
  nameKey: string,
  message: (n: number) => string,
) =>
  rows(row).superRefine((list, ctx) => {
    list.forEach((r, i) => {
      if (!named(r) && hasContent(r))
        ctx.addIssue({ code: 'custom', path: [i, nameKey], message: message(i + 1) })
    })
  })

/**
 * Rows named by one field, `key`: a row without it is refused when something else was typed in it
 * (the message names the `table` and `what` names a row) and dropped when blank.
 */
const rowsNamedBy = <T extends z.ZodType<Record<string, unknown>>>(
  row: T,
  key: keyof z.output<T> & string,
  table: string,
  what: string,
) =>
  namedRows(
    row,
    (r) => Boolean(r[key]),
    key,
    (n) => reportMessages.rowUnnamed(table, n, what),
  ).transform((list) => list.filter((r) => r[key]))

/** Rupees to two decimals, without binary-fraction drift (2.675 → 2.68). */
export function roundMoney(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100
}

/** A consumable's amount: rate × quantity to two decimals; empty unless both are numbers (docs/product.md, "Staff reports"). */
export function consumableAmount(rate: number | null, quantity: number | null): number | null {
  return rate === null || quantity === null ? null : roundMoney(rate * quantity)
}

/**
 * Period: both dates required (operations and expenses reports), the end not before the start (in the
 * words of the list's own date rule; docs/decisions.md, "Reports").
 */
const period = z
  .object({ start: z.string().nullish(), end: z.string().nullish() }, { error: reportMessages.period })
  .nullish()
  .transform((v, ctx) => {
    const start = v?.start?.trim() ?? ''
    const end = v?.end?.trim() ?? ''
    if (!start || !end) {
      ctx.addIssue({ code: 'custom', message: reportMessages.period })
      return z.NEVER
    }
    if (!isCalendarDay(start) || !isCalendarDay(end)) {
      ctx.addIssue({ code: 'custom', message: reportMessages.dateInvalid })
      return z.NEVER
    }
    if (end < start) {
      ctx.addIssue({ code: 'custom', message: reportMessages.periodOrder, path: ['end'] })
      return z.NEVER
    }
    return { start, end }
  })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A linked project, or none (a free-text name). */
const projectId = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || UUID.test(v), reportMessages.projectNotFound)

const inventoryContext = z
  .object({
    projectName: text(REPORT_NAME_MAX),
    projectId,
    clientName: text(REPORT_NAME_MAX),
    projectType: text(REPORT_NAME_MAX),
  })
  .default({ projectName: '', projectId: null, clientName: '', projectType: '' })

const siteContext = z
  .object({
    projectName: text(REPORT_NAME_MAX),
    projectId,
    clientName: text(REPORT_NAME_MAX),
    projectType: text(REPORT_NAME_MAX),
    projectCapacity: text(REPORT_NAME_MAX),
    description: longText,
  })
  .default({
    projectName: '',
    projectId: null,
    clientName: '',
    projectType: '',
    projectCapacity: '',
    description: '',
  })

// ---- the three report_data schemas ----------------------------------------------------------------

const inventoryItem = z.object({
  itemName: text(200),
  size: text(100),
  quantity,
  units: text(50),
  moc: text(100),
  make: text(100),
})
const isBlankItem = (i: z.output<typeof inventoryItem>) =>
  !i.itemName && !i.size && i.quantity === null && !i.units && !i.moc && !i.make

/** Inventory request. Fully blank item rows (the form starts with four) are dropped. */
export const inventoryRequestData = z.object({
  neededBy: z
    .string({ error: reportMessages.neededBy })
    .trim()
    .min(1, reportMessages.neededBy)
    .refine(isCalendarDay, reportMessages.dateInvalid),
  context: inventoryContext,
  description: longText,
  items: rows(inventoryItem).transform((items) => items.filter((i) => !isBlankItem(i))),
})
export type InventoryRequestData = z.output<typeof inventoryRequestData>

export const yesNo = ['Yes', 'No'] as const
const answer = optionalChoice(yesNo)

const operator = z.object({
  name: text(200),
  duties: quantity,
  knowledge: text(40),
  punctuality: text(40),
  grooming: text(40),
  performance: text(40),
})
const complaint = z.object({
  nature: text(1000),
  dateOfComplaint: day,
  dateResolved: day,
  prevention: text(1000),
})
const inspection = z.object({ name: text(200), date: day, remarks: text(1000) })

const inspections = (title: string) => rowsNamedBy(inspection, 'name', title, 'a name')

/**
 * Operations report. Operators without a name, complaints without a nature and inspections without a
 * name are dropped when blank, refused when something else in them was typed.
 */
export const operationsReportData = z.object({
  period,
  context: siteContext,
  operators: rowsNamedBy(operator, 'name', 'Operators Particulars', "the operator's name"),
  incidentDetails: longText,
  complaints: rowsNamedBy(complaint, 'nature', 'Customer Complaints', 'the nature of the complaint'),
  supervisorInspections: inspections('Supervisor Inspections'),
  managerInspections: inspections('Manager Inspections'),
  suggestions: longText,
  workingConditions: longText,
  questions: z
    .object({ logbookStatus: answer, energyMeterStatus: answer, flowMeterStatus: answer })
    .default({ logbookStatus: null, energyMeterStatus: null, flowMeterStatus: null }),
})
export type OperationsReportData = z.output<typeof operationsReportData>

const consumable = z.object({
  date: day,
  invoiceNo: text(100),
  vendor: text(200),
  itemName: text(200),
  rate: quantity,
  quantity,
  /** Whatever the client sends here is replaced by rate × quantity. */
  amount: z.unknown().optional(),
})
const otherExpense = z.object({ date: day, particulars: text(500), income: quantity, expenses: quantity })

const consumableNamed = (c: { itemName: string; invoiceNo: string; vendor: string }) =>
  Boolean(c.itemName || c.invoiceNo || c.vendor)

/**
 * Expenses and income report. Consumables with no item name, invoice number or vendor and other
 * expenses without particulars are dropped when blank (refused when figures were typed in them); each
 * amount and the three totals are computed here.
 */
export const expensesIncomeData = z
  .object({
    period,
    context: siteContext,
    consumables: namedRows(consumable, consumableNamed, 'itemName', (n) =>
      reportMessages.rowUnnamed('Consumable & Site Expenses', n, 'an item name, invoice no. or vendor'),
    ),
    otherExpenses: rowsNamedBy(otherExpense, 'particulars', 'Income & Other Expenses', 'the particulars'),
  })
  .transform((v) => {
    const consumables = v.consumables
      .filter(consumableNamed)
      .map(({ amount: _ignored, ...c }) => ({ ...c, amount: consumableAmount(c.rate, c.quantity) }))
    const sum = (values: (number | null)[]) => roundMoney(values.reduce<number>((s, n) => s + (n ?? 0), 0))
    return {
      ...v,
      consumables,
      totals: {
        consumables: sum(consumables.map((c) => c.amount)),
        income: sum(v.otherExpenses.map((e) => e.income)),
        expenses: sum(v.otherExpenses.map((e) => e.expenses)),
      },
    }
  })
export type ExpensesIncomeData = z.output<typeof expensesIncomeData>

export const reportDataSchemas = {
  INVENTORY_REQUEST: inventoryRequestData,
  OPERATIONS_REPORT: operationsReportData,
  EXPENSES_INCOME: expensesIncomeData,
} as const
export type ReportData = InventoryRequestData | OperationsReportData | ExpensesIncomeData

// ---- requests ----------------------------------------------------------------------------------

/** Recipients: at least one; one recipient however often sent. */
export const recipientIds = z
  .array(z.string().max(64), { error: reportMessages.recipients })
  .max(500)
  .nullish()
  .transform((ids, ctx) => {
    const unique = [...new Set((ids ?? []).map((id) => id.trim()).filter(Boolean))]
    if (unique.length === 0) {
      ctx.addIssue({ code: 'custom', message: reportMessages.recipients })
      return z.NEVER
    }
    if (!unique.every((id) => UUID.test(id))) {
      ctx.addIssue({ code: 'custom', message: reportMessages.recipientsInvalid })
      return z.NEVER
    }
    return unique
  })

const createFor = <T extends ReportType, S extends z.ZodType>(type: T, data: S) =>
  z.object({
    report_type: z.literal(type),
    to_user_ids: recipientIds,
    report_data: data,
  })

export const inventoryRequestInput = createFor('INVENTORY_REQUEST', inventoryRequestData)
export const operationsReportInput = createFor('OPERATIONS_REPORT', operationsReportData)
export const expensesIncomeInput = createFor('EXPENSES_INCOME', expensesIncomeData)

/** POST /api/reports {report_type, report_data, to_user_ids}. */
export const reportCreateInput = z.discriminatedUnion(
  'report_type',
  [inventoryRequestInput, operationsReportInput, expensesIncomeInput],
  { error: reportMessages.unknownType },
)
export type ReportCreateInput = z.input<typeof reportCreateInput>
export type ReportCreate = z.output<typeof reportCreateInput>

/** A list's date filter: none, or a real day (null as well as '' is none, so a parsed query is sent again as it is). */
const optionalDay = z
  .string()
  .max(10)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || isCalendarDay(v), reportMessages.dateInvalid)

/** GET /api/reports: filters of the list, 20 a page. */
export const reportListQuery = z
  .object({
    reportType: z
      .enum(reportTypes, { error: reportMessages.unknownType })
      .optional()
      .or(z.enum(['', 'all']).transform(() => undefined)),
    startDate: optionalDay,
    endDate: optionalDay,
    status: blankIsNone(z.enum(reportStatuses)),
    searchQuery: z
      .string()
      .max(200)
      .optional()
      .transform((v) => v?.trim() ?? ''),
    sortBy: z.enum(reportSorts).default('submitted_at_desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  // On endDate: a list whose address holds the two the wrong way round drops only the To date.
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: reportMessages.datesOrder,
    path: ['endDate'],
  })
export type ReportListQuery = z.output<typeof reportListQuery>

/** PUT /api/reports/{id}/feedback. */
export const reportFeedbackInput = z.object({
  feedback: z
    .string({ error: reportMessages.feedbackRequired })
    .trim()
    .min(1, reportMessages.feedbackRequired)
    .max(5000, 'Keep feedback under 5000 characters.'),
})

/** PUT /api/reports/{id}/status: reports move OPEN → CLOSED only (reopening is not offered). */
export const reportStatusInput = z.object({
  status: z.literal('CLOSED', { error: 'A report can only be marked as CLOSED.' }),
})

// ---- responses ---------------------------------------------------------------------------------

export const reportRecipient = z.object({ user_id: z.string(), username: z.string(), full_name: z.string() })
export type ReportRecipient = z.infer<typeof reportRecipient>

/** A report as the API returns it, plus the feedback author's full name for 'Last updated by'. */
export const report = z.object({
  report_id: z.string(),
  /** The organisation's running number, 'RPT-0001': what people see and search for. */
  report_id_display: z.string(),
  report_type: z.enum(reportTypes),
  /** As stored: the output of the type's schema. */
  report_data: z.record(z.string(), z.unknown()),
  status: z.enum(reportStatuses),
  submitted_at: instant,
  submitted_by_user_id: z.string().nullable(),
  submitted_by_username: z.string().nullable(),
  submitted_by_fullname: z.string().nullable(),
  project_id: z.string().nullable(),
  project_name: z.string().nullable(),
  recipients: z.array(reportRecipient),
  admin_feedback: z.string().nullable(),
  feedback_by_username: z.string().nullable(),
  feedback_by_fullname: z.string().nullable(),
  feedback_at: instant.nullable(),
  version: z.number().int(),
})
export type Report = z.infer<typeof report>

/** A report as lists and exports show it: without its contents and feedback, which only its page reads. */
export const reportListRow = report.omit({
  report_data: true,
  admin_feedback: true,
  feedback_by_username: true,
  feedback_by_fullname: true,
  feedback_at: true,
})
export type ReportListRow = z.infer<typeof reportListRow>

export const reportList = pageOf('reports', reportListRow)
export type ReportList = z.infer<typeof reportList>

export const reportCreated = z.object({ message: z.string(), report_id: z.string() })

/** GET /api/reports/open-count: open reports addressed to me (the sidebar's count). */
export const reportOpenCount = z.object({ count: z.number().int().min(0) })

/** What feedback and closing answer: the report as it is now. */
export const reportChanged = z.object({ message: z.string(), report })

/** The report paths (docs/decisions.md, "Reports"). */
export const reportEndpoints = {
  create: endpoint(
    'POST',
    '/reports',
    { body: reportCreateInput, response: { 201: reportCreated } },
    { idempotent: true },
  ),
  list: endpoint('GET', '/reports', { querystring: reportListQuery, response: { 200: reportList } }),
  /** The filtered list as CSV or XLSX (docs/decisions.md, "Exports"). */
  export: exportEndpoint('/reports/export', reportListQuery),
  openCount: endpoint('GET', '/reports/open-count', { response: { 200: reportOpenCount } }),
  detail: endpoint('GET', '/reports/:id', idTo(report)),
  feedback: endpoint('PUT', '/reports/:id/feedback', { ...idTo(reportChanged), body: reportFeedbackInput }),
  status: endpoint('PUT', '/reports/:id/status', { ...idTo(reportChanged), body: reportStatusInput }),
  remove: endpoint('DELETE', '/reports/:id', idToMessage),
}

// ---- who may do what (docs/product.md, "Staff reports") -----------------------------------------

interface Viewer {
  userId: string
  isAdmin: boolean
}
type ReportPeople = Pick<Report, 'submitted_by_user_id' | 'recipients'>

export const isReportRecipient = (r: ReportPeople, me: Viewer) =>
  r.recipients.some((p) => p.user_id === me.userId)
/** Feedback is given or edited by recipients and admins, never by the sender. */
export const canGiveFeedback = (r: ReportPeople, me: Viewer) =>
  r.submitted_by_user_id !== me.userId && (me.isAdmin || isReportRecipient(r, me))
/** Closing: recipients and admins, while the report is OPEN. */
export const canCloseReport = (r: ReportPeople & Pick<Report, 'status'>, me: Viewer) =>
  r.status === 'OPEN' && (me.isAdmin || isReportRecipient(r, me))
export const canDeleteReport = (me: Viewer) => me.isAdmin
