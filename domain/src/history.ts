/**
 * The History tab of a record (`GET /history/{entityType}/{id}`) and the organisation's activity
 * (`GET /admin/activity`), both read from the audit trail (docs/decisions.md, "History and activity").
 */
import { z } from 'zod'
import { blankIsNone, calendarDate, instant, pageOf } from './contract.ts'
import { exportEndpoint } from './export-query.ts'
import { endpoint } from './http.ts'
import { entityTypes } from './registers.ts'

/** Records with a History tab: every register, invoices and bills, reports and tasks. */
export const historyEntityTypes = [...entityTypes, 'RECEIVABLE', 'PAYABLE', 'REPORT', 'TASK'] as const
export type HistoryEntityType = (typeof historyEntityTypes)[number]

/** What the activity page may filter on: the records above and the organisation's own settings. */
export const activityEntityTypes = [
  ...historyEntityTypes,
  'USER',
  'ORGANISATION',
  'CATEGORY',
  'ANNOUNCEMENT',
  'RECURRING_TASK',
] as const
export type ActivityEntityType = (typeof activityEntityTypes)[number]

export const activityEntityLabels: Record<ActivityEntityType, string> = {
  CLIENT: 'Client',
  PROJECT: 'Project',
  COLLECTION: 'Collection',
  ASSET: 'Asset',
  EMPLOYEE: 'Employee',
  SUPPLIER: 'Supplier',
  TECHNICAL_INFO: 'Technical info',
  RECEIVABLE: 'Invoice',
  PAYABLE: 'Bill',
  REPORT: 'Report',
  TASK: 'Task',
  USER: 'User',
  ORGANISATION: 'Organisation',
  CATEGORY: 'Category',
  ANNOUNCEMENT: 'Announcement',
  RECURRING_TASK: 'Recurring task',
}

/** Entries of one History page, at most. */
export const HISTORY_PAGE_SIZE = 20

/** A person as the trail names them; null when the system acted (a scheduled job). */
export const historyPerson = z.object({ user_id: z.string(), full_name: z.string() })
export type HistoryPerson = z.infer<typeof historyPerson>

/** One field of a change, as people read it; a secret is masked, a password never appears. */
export const historyChange = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
})
export type HistoryChange = z.infer<typeof historyChange>

export const historyEntry = z.object({
  /** The entry's place in the trail: the cursor of the next page (`before`). */
  id: z.string(),
  at: instant,
  actor: historyPerson.nullable(),
  /** The trail's code of what happened (UPDATE, APPROVE_UPDATE, PAYMENT_CREATE …). */
  action: z.string(),
  /** What happened in words: 'Updated', 'Approved a request to update', 'Payment recorded'. */
  summary: z.string(),
  /** Who asked, for a decided request: the actor is the one who decided. */
  requester: historyPerson.nullable(),
  changes: z.array(historyChange),
  /** False for an edit recorded before the trail kept what a record was: it reads 'changed', no more. */
  detailed: z.boolean(),
})
export type HistoryEntry = z.infer<typeof historyEntry>

export const historyParams = z.object({ entityType: z.enum(historyEntityTypes), id: z.guid() })

/** Newest first; `before` is the id of the last entry already shown. */
export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'Invalid cursor.')
    .optional(),
})
export type HistoryQuery = z.output<typeof historyQuery>

/** GET /admin/activity and its CSV export: by person, kind of record and days (organisation's calendar). */
export const activityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  userId: blankIsNone(z.guid('Invalid user.')),
  entityType: blankIsNone(z.enum(activityEntityTypes)),
  from: blankIsNone(calendarDate),
  to: blankIsNone(calendarDate),
})
export type ActivityQuery = z.output<typeof activityQuery>

export const activityItem = historyEntry.extend({
  entity_type: z.string(),
  entity_id: z.string(),
})
export type ActivityItem = z.infer<typeof activityItem>

export const activityList = pageOf('events', activityItem)
export type ActivityList = z.infer<typeof activityList>

export const ACTIVITY_PAGE_SIZE = 25

export const historyEndpoints = {
  history: endpoint('GET', '/history/:entityType/:id', {
    params: historyParams,
    querystring: historyQuery,
    response: { 200: z.array(historyEntry) },
  }),
  activity: endpoint('GET', '/admin/activity', {
    querystring: activityQuery,
    response: { 200: activityList },
  }),
  activityExport: exportEndpoint('/admin/activity/export', activityQuery),
}
