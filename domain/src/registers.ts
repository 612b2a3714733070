import { z } from 'zod'
import {
  blankIsNone,
  idParams,
  idTo,
  idToMessage,
  instant,
  isCalendarDay,
  messageResponse,
  pageFields,
} from './contract.ts'
import { exportEndpoint } from './export-query.ts'
import { todayIn } from './format.ts'
import { endpoint } from './http.ts'

/** Entity types of documents, access lists and the approval queue. */
export const entityTypes = [
  'CLIENT',
  'PROJECT',
  'COLLECTION',
  'ASSET',
  'EMPLOYEE',
  'SUPPLIER',
  'TECHNICAL_INFO',
] as const
export type EntityType = (typeof entityTypes)[number]

export { recordPath, registerPaths } from './register-paths.ts'

export const actionTypes = ['CREATE', 'UPDATE', 'ARCHIVE', 'UNARCHIVE', 'ACTIVATE', 'DEACTIVATE'] as const
export type ActionType = (typeof actionTypes)[number]

export const accessLevels = ['READ', 'WRITE'] as const
export type AccessLevel = (typeof accessLevels)[number]

export const actionStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type ActionStatus = (typeof actionStatuses)[number]

export const REGISTER_PAGE_SIZE = 20

/**
 * The organisation's calendar, for a day sent as a date-time (a date picker's ISO timestamp): the
 * server sets it from its TIME_ZONE at start; Asia/Kolkata, that setting's default, until then.
 */
export const organisationCalendar = { timeZone: 'Asia/Kolkata' }

/** Today in the organisation's calendar (YYYY-MM-DD), whatever the browser's own zone. */
export const organisationToday = (now: Date = new Date()) => todayIn(organisationCalendar.timeZone, now)

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i

/**
 * An optional calendar day: YYYY-MM-DD, or a date-time normalised to a day. A date-time with its offset
 * (or Z) is the day it falls on in the organisation's time zone ('2026-03-01T18:30:00.000Z' is 2 March
 * in India); one without is a wall-clock time, so its own date. Blank is null.
 */
export const calendarDayOrDateTime = z
  .string()
  .max(40, 'Dates must be YYYY-MM-DD.')
  .nullish()
  .transform((v) => {
    const text = v?.trim()
    if (!text) return null
    const dateTime = DATE_TIME.exec(text)
    // Not a date-time, or not a real day (2024-02-30, which Date would roll into March): refused below.
    if (!dateTime || !isCalendarDay(dateTime[1]!)) return text
    if (!dateTime[2]) return dateTime[1]!
    const instant = new Date(text)
    return Number.isNaN(instant.getTime()) ? text : todayIn(organisationCalendar.timeZone, instant)
  })
  .refine((v) => v === null || isCalendarDay(v), 'Dates must be YYYY-MM-DD.')

const uuid = z.string().uuid('Invalid id.')

/** 'Grant Access (Optional)' on create forms. */
export const accessPermissionsInput = z
  .array(z.object({ user_id: uuid, level: z.enum(accessLevels).default('READ') }))
  .max(200)
  .default([])
  .transform((list) => {
    // The last choice for a user wins; a user is never listed twice.
    const byUser = new Map(list.map((p) => [p.user_id, p.level]))
    return [...byUser].map(([user_id, level]) => ({ user_id, level }))
  })
export type AccessPermissions = z.output<typeof accessPermissionsInput>

export const accessMessages = {
  /** A user already on the list is not added again (its level is changed in the list, after asking). */
  alreadyGranted: 'This user already has access. Change their level in the list instead.',
} as const

export const grantAccessInput = z.object({
  userId: z
    .string({ error: 'Please select a user to grant access to.' })
    .uuid('Please select a user to grant access to.'),
  entityType: z.enum(entityTypes),
  entityId: uuid,
  level: z.enum(accessLevels).default('READ'),
})

export const accessLevelInput = z.object({ level: z.enum(accessLevels) })

/** An entry of a record's access list (docs/product.md, "Access lists and documents"). */
export const accessEntry = z.object({
  access_id: z.string(),
  user_id: z.string(),
  username: z.string(),
  full_name: z.string(),
  access_level: z.enum(accessLevels),
})
export type AccessEntry = z.infer<typeof accessEntry>

export const accessQuery = z.object({ entityType: z.enum(entityTypes), entityId: uuid })

export const pendingActionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(REGISTER_PAGE_SIZE),
  entityType: blankIsNone(z.enum(entityTypes)),
  actionType: blankIsNone(z.enum(actionTypes)),
  requestedBy: z.string().max(100).optional(),
})
export type PendingActionsQuery = z.output<typeof pendingActionsQuery>

/** The reason is optional; a blank one is none. */
export const rejectActionInput = z.object({
  rejection_reason: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => v?.trim() || null),
})

/**
 * 'Edit & Re-evaluate': the corrected proposed data, judged again by the register's own schema, and for
 * a create the access that approval will grant.
 */
export const editActionInput = z.object({
  proposed_data: z.record(z.string(), z.unknown()),
  access_permissions: accessPermissionsInput.optional(),
})

/**
 * Approving: when the requester has lost the right to the change since asking (deactivated, or no
 * longer WRITE on the record), the admin must say they approve anyway.
 */
export const approveActionInput = z.object({
  approve_without_requester_access: z.boolean().optional(),
  /**
   * The request's version the admin reviewed: approval applies only to it, so data another admin
   * changed through 'Edit & Re-evaluate' meanwhile is not approved unseen (412).
   */
  action_version: z.number().int().min(1).optional(),
})

/**
 * What a register create or update answers: applied at once for an admin (entityId, 201 or 200), or
 * queued for approval (actionId, 202).
 */
export const changeResult = z.object({
  message: z.string(),
  entityId: z.string().optional(),
  actionId: z.string().optional(),
})
export type ChangeResult = z.infer<typeof changeResult>

const recordData = z.record(z.string(), z.unknown())

/** A row of the approval queue. */
export const pendingAction = z.object({
  action_id: z.string(),
  action_type: z.enum(actionTypes),
  entity_type: z.enum(entityTypes),
  entity_id: z.string().nullable(),
  requested_by_username: z.string(),
  requested_by_fullname: z.string(),
  requested_at: instant,
  status: z.enum(actionStatuses),
  proposed_data: recordData.nullable(),
  /** The record's name when the request was made. */
  summary: z.string().nullable(),
  /** The id people know the record by (CL-0004), once it has one. */
  entity_display_id: z.string().nullable(),
})
export type PendingAction = z.infer<typeof pendingAction>

export const pendingActionList = z.object({
  pendingActions: z.array(pendingAction),
  ...pageFields,
  limit: z.number().int(),
})
export type PendingActionList = z.infer<typeof pendingActionList>

/** A grant that approving a create will apply, with the person's name. */
export const proposedGrant = z.object({
  user_id: z.string(),
  username: z.string(),
  full_name: z.string(),
  level: z.enum(accessLevels),
})

/**
 * One action for the review page: what was proposed, the record as it is now (for a requester only
 * while they may still read it), the access a create will grant, and the outcome once decided.
 */
export const pendingActionDetail = pendingAction.extend({
  access_permissions: z.array(proposedGrant),
  /** Why the requester may no longer make this change (approval then needs a confirmation), or null. */
  requester_warning: z.string().nullable(),
  current_data: recordData.nullable(),
  entity_name: z.string().nullable(),
  entity_link: z.string().nullable(),
  /** The record was edited after the request was made. */
  record_changed_since_request: z.boolean(),
  processed_by_fullname: z.string().nullable(),
  processed_at: instant.nullable(),
  rejection_reason: z.string().nullable(),
  version: z.number().int(),
})
export type PendingActionDetail = z.infer<typeof pendingActionDetail>

/**
 * `already_processed`: this admin had already made the same decision (a double click, a retry after a
 * lost answer); it is answered as the first was, and nothing is applied again.
 */
export const approveActionResult = z.object({
  message: z.string(),
  entityId: z.string(),
  already_processed: z.boolean().optional(),
})
export const rejectActionResult = z.object({
  message: z.string(),
  already_processed: z.boolean().optional(),
})
export const editActionResult = z.object({
  message: z.string(),
  pendingAction: z.object({ action_id: z.string(), proposed_data: recordData.nullable() }),
})

export const approvalMessages = {
  notFound: 'Pending action not found or already processed.',
  requesterLostAccess:
    'The requester no longer has the right to make this change. Confirm to approve it anyway.',
  grantToActiveUsers: 'Access can only be granted to active users of the organisation.',
  alreadyWaiting: 'A request for this change is already waiting for approval.',
  alreadyProcessed: 'This action has already been processed.',
  editedMeanwhile: 'Another administrator changed this request since you opened it. Review it again.',
  updated: 'Pending action updated successfully.',
  approved: 'Action approved successfully.',
  rejected: 'Action rejected successfully.',
  approveFailed: 'Error approving action',
  approveUnexpected: 'Error approving action.',
  rejectFailed: 'Error rejecting action',
  rejectUnexpected: 'Error rejecting action.',
  editFailed: 'Failed to update pending action.',
  noEditForm: (type: string) => `No edit form available for entity type: ${type}`,
} as const

const verbs: Record<ActionType, string> = {
  CREATE: 'creation',
  UPDATE: 'update',
  ARCHIVE: 'status change',
  UNARCHIVE: 'status change',
  ACTIVATE: 'status change',
  DEACTIVATE: 'status change',
}

/** 'Client creation request submitted for admin approval.' */
export function requestSubmittedMessage(label: string, action: ActionType): string {
  return `${label} ${verbs[action]} request submitted for admin approval.`
}

/** 'Error submitting client creation request' */
export function requestFailedMessage(label: string, action: ActionType): string {
  return `Error submitting ${label.toLowerCase()} ${verbs[action]} request`
}

const pastTense: Record<ActionType, string> = {
  CREATE: 'created',
  UPDATE: 'updated',
  ARCHIVE: 'archived',
  UNARCHIVE: 'unarchived',
  ACTIVATE: 'activated',
  DEACTIVATE: 'deactivated',
}

/** What an admin's own change answers: 'Client created successfully.' */
export function appliedMessage(label: string, action: ActionType): string {
  return `${label} ${pastTense[action]} successfully.`
}

/**
 * page, searchQuery and sortBy of every register list (`sort` is accepted for sortBy too). A sort the
 * list does not have is refused (400, 'Sort by must be one of: …'), as the accounts and reports lists
 * refuse theirs; the web's list state drops it from the address instead (docs/decisions.md, "Registers,
 * approvals, access and documents").
 */
export const registerListQuery = <const T extends readonly [string, ...string[]]>(
  sorts: T,
  fallback: T[number],
) =>
  z
    .object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      searchQuery: z.string().trim().max(200).optional().default(''),
      sortBy: z.enum(sorts).optional(),
      /** What the spec's client list sends for sortBy. */
      sort: z.enum(sorts).optional(),
    })
    .transform(({ sort, sortBy, ...rest }) => ({ ...rest, sortBy: sortBy ?? sort ?? fallback }))

/** Empty optional text becomes null (docs/product.md, "What every register shares"). */
export const optionalText = (max = 2000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))

/** An optional code (GSTIN, PAN, IFSC): blank is null, anything else upper-cased and checked by `valid`. */
export const upperOptional = (max: number, valid: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim().toUpperCase() : null))
    .refine((v) => v === null || valid(v), message)

export const contactRow = z.object({
  name: optionalText(120),
  phone: optionalText(40),
  email: optionalText(254),
})
export type ContactRow = z.output<typeof contactRow>

/** A contact row as a register's detail answers it. */
export const storedContact = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
})

/** The first contact person, who stands for the record in a register's list (clients, suppliers). */
export const firstContactFields = {
  contact_person_name: z.string().nullable(),
  contact_person_phone: z.string().nullable(),
  contact_person_email: z.string().nullable(),
}

/** Blank contact rows are dropped. */
export const contactRows = z
  .array(contactRow)
  .max(50)
  .nullish()
  .transform((rows) => (rows ?? []).filter((r) => r.name || r.phone || r.email))

/** `{ accessPermissions }`: what a register create carries besides the record's data. */
export const accessPermissionsBody = z.object({ accessPermissions: accessPermissionsInput })

/** A change applied at once (200, 201) or waiting in the approval queue (202). */
export const changeResponses = { 200: changeResult, 201: changeResult, 202: changeResult } as const

/** A field's two sorts, `<key>_asc` and `<key>_desc`. */
export const bothWays = <const K extends string>(key: K) => [`${key}_asc`, `${key}_desc`] as const
/** 'Last updated' and 'First added'. */
export const changeSorts = ['last_updated', 'first_added'] as const

/**
 * PUT on one register record (`…/:id`, an edit or a state change): `body` is the change, answered as
 * applied or as a request waiting in the approval queue.
 */
export const registerChangeEndpoint = <const P extends string, B extends z.ZodType>(path: P, body: B) =>
  endpoint('PUT', path, { params: idParams, body, response: changeResponses })

/** GET <path> (a page of the list, by its `query`) and GET <path>/:id (the detail) of a register. */
export function registerReadEndpoints<
  const P extends string,
  Q extends z.ZodType,
  L extends z.ZodType,
  D extends z.ZodType,
>(path: P, query: Q, list: L, detail: D) {
  return {
    list: endpoint('GET', path, { querystring: query, response: { 200: list } }),
    /** The list as a CSV or XLSX file, with its search and sort (docs/decisions.md, "Exports"). */
    export: exportEndpoint(`${path}/export`, query),
    detail: endpoint('GET', `${path}/:id`, idTo(detail)),
  }
}

/**
 * POST <path> and PUT <path>/:id of a register: the record's data (with the access grants on create),
 * answered as applied or as a request waiting in the approval queue. `createData` is what a create
 * takes when it carries more than the data (an employee's login account).
 */
export function registerWriteEndpoints<const P extends string, D extends z.ZodType, C extends z.ZodType = D>(
  path: P,
  data: D,
  createData?: C,
) {
  return {
    create: endpoint(
      'POST',
      path,
      { body: z.intersection(createData ?? data, accessPermissionsBody), response: changeResponses },
      { idempotent: true },
    ),
    update: registerChangeEndpoint(`${path}/:id`, data),
  }
}

/** The approval queue and its decisions (docs/architecture.md, "Registers and the approval queue"). */
export const approvalEndpoints = {
  list: endpoint('GET', '/admin-actions/pending', {
    querystring: pendingActionsQuery,
    response: { 200: pendingActionList },
  }),
  detail: endpoint('GET', '/admin-actions/pending/:id', idTo(pendingActionDetail)),
  /** If-Match: the version of the record the admin reviewed (412 when it changed meanwhile). */
  approve: endpoint('PUT', '/admin-actions/pending/:id/approve', {
    ...idTo(approveActionResult),
    body: approveActionInput,
  }),
  reject: endpoint('PUT', '/admin-actions/pending/:id/reject', {
    ...idTo(rejectActionResult),
    body: rejectActionInput,
  }),
  edit: endpoint('PUT', '/admin-actions/pending/:id', { ...idTo(editActionResult), body: editActionInput }),
}

/** Who may read or write a record (docs/product.md, "Access lists and documents"); admins change it. */
export const accessEndpoints = {
  list: endpoint('GET', '/access', { querystring: accessQuery, response: { 200: z.array(accessEntry) } }),
  grant: endpoint('POST', '/access', { body: grantAccessInput, response: { 201: messageResponse } }),
  setLevel: endpoint('PUT', '/access/:id', { ...idToMessage, body: accessLevelInput }),
  revoke: endpoint('DELETE', '/access/:id', idToMessage),
}
