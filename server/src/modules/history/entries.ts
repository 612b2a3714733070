/**
 * An audit event as people read it: what happened in words and, field by field, what changed, with the
 * register's labels; secrets masked as the record's own answer masks them and passwords never shown
 * (docs/decisions.md, "History and activity").
 */
import {
  type DiffRow,
  describeRule,
  diff,
  type EntityType,
  entityTypes,
  flatten,
  formatFileSize,
  type HistoryChange,
  type HistoryEntry,
  registerFieldLabels,
} from '@daftar/domain'
import type { RegisterRegistry } from '../../platform/registers.ts'

/** The row an entry is made from: the event and the names of its actor and requester. */
export interface EventRow {
  id: number
  action: string
  entityType: string
  entityId: string
  before: unknown
  after: unknown
  details: unknown
  createdAt: Date
  actorUserId: string | null
  actorName: string | null
  requesterId: string | null
  requesterName: string | null
}

const verbs: Record<string, string> = {
  CREATE: 'create',
  UPDATE: 'update',
  ARCHIVE: 'archive',
  UNARCHIVE: 'restore',
  ACTIVATE: 'activate',
  DEACTIVATE: 'deactivate',
}

const words: Record<string, string> = {
  CREATE: 'Created',
  UPDATE: 'Updated',
  DELETE: 'Deleted',
  ARCHIVE: 'Archived',
  UNARCHIVE: 'Restored',
  ACTIVATE: 'Activated',
  DEACTIVATE: 'Deactivated',
  EDIT_PENDING: 'Edited a pending request',
  ACCESS_GRANT: 'Access granted',
  ACCESS_UPDATE: 'Access changed',
  ACCESS_REVOKE: 'Access revoked',
  FILE_UPLOAD: 'Document added',
  FOLDER_CREATE: 'Folder added',
  DOCUMENT_RENAME: 'Document renamed',
  DOCUMENT_DELETE: 'Document deleted',
  SEND: 'Marked as sent',
  RECEIVE: 'Marked as received',
  CANCEL: 'Cancelled',
  EMAIL: 'Invoice emailed',
  PAYMENT_CREATE: 'Payment recorded',
  PAYMENT_UPDATE: 'Payment edited',
  PAYMENT_DELETE: 'Payment deleted',
  TASK_CREATE: 'Created',
  TASK_UPDATE: 'Updated',
  TASK_DELETE: 'Deleted',
  TASK_SUBMIT: 'Marked complete, for approval',
  TASK_APPROVE: 'Completion approved',
  TASK_REJECT: 'Completion sent back',
  TASK_FORWARD: 'Forwarded',
  TASK_COMMENT: 'Commented',
  REPORT_CREATE: 'Submitted',
  REPORT_FEEDBACK: 'Feedback given',
  REPORT_CLOSE: 'Closed',
  REPORT_DELETE: 'Deleted',
  EMPLOYEE_REVEAL: 'Sensitive numbers revealed',
  USER_CREATE: 'User created',
  PROFILE_UPDATE: 'Profile updated',
  PASSWORD_CHANGE: 'Password changed',
  ANNOUNCEMENT_CREATE: 'Announcement posted',
  ANNOUNCEMENT_UPDATE: 'Announcement edited',
  ANNOUNCEMENT_DELETE: 'Announcement deleted',
  IMPORT_CREATE: 'Imported',
  IMPORT_UPDATE: 'Updated by an import',
  IMPORT: 'Imported a file',
  RECURRING_TASK_CREATE: 'Recurring task created',
  RECURRING_TASK_UPDATE: 'Recurring task edited',
  RECURRING_TASK_END: 'Recurring task ended',
  REMIND: 'Payment reminder sent',
  PASSWORD_RESET: 'Password reset',
  TWO_FACTOR_ENABLED: 'Two-factor sign-in turned on',
  TWO_FACTOR_DISABLED: 'Two-factor sign-in turned off',
  PASSKEY_ADDED: 'Passkey added',
  PASSKEY_REMOVED: 'Passkey removed',
}

/** 'TWO_FACTOR_ENABLE' → 'Two factor enable': a code this list does not know yet still reads. */
const humanise = (code: string) => {
  const text = code.toLowerCase().replace(/_/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function summaryOf(action: string): string {
  const decided = /^(APPROVE|REJECT|REQUEST)_(\w+)$/.exec(action)
  const verb = decided && (verbs[decided[2]!] ?? humanise(decided[2]!).toLowerCase())
  if (decided?.[1] === 'REQUEST') return `Requested to ${verb}, for approval`
  if (decided) return `${decided[1] === 'APPROVE' ? 'Approved' : 'Rejected'} a request to ${verb}`
  return words[action] ?? humanise(action)
}

/** The names of fields that are not registers' (documents, payments, tasks, access). */
const otherLabels: Record<string, Record<string, string>> = {
  RECEIVABLE: {
    number: 'Invoice No',
    document_date: 'Invoice Date',
    is_rcm: 'Reverse Charge',
    gst_type: 'GST Type',
    transaction_id: 'Transaction ID',
  },
  PAYABLE: {
    number: 'Vendor Bill No',
    document_date: 'Bill Date',
    is_rcm: 'Reverse Charge',
    gst_type: 'GST Type',
    transaction_id: 'Transaction ID',
  },
  TASK: { chain: 'Assigned To', to: 'Forwarded To', text: 'Comment', series_id: 'From a recurring task' },
  RECURRING_TASK: { title: 'Title', rule: 'Repeats', active: 'Active' },
  REPORT: {},
}
const commonLabels: Record<string, string> = {
  user_id: 'User',
  level: 'Access Level',
  is_folder: 'Folder',
  reason: 'Reason',
  recipients: 'Sent To',
  client_id: 'Client',
  project_id: 'Project',
  supplier_id: 'Supplier',
  isadmin: 'Administrator',
  is_accountant: 'Accountant',
}

/**
 * What a record's Documents tab did names the file or folder, not the record: its `name` is the file's
 * ('Client Name: doc.pdf' read as if the client had been renamed), its size in bytes read as a size.
 */
const DOCUMENT_ACTIONS = new Set(['FILE_UPLOAD', 'FOLDER_CREATE', 'DOCUMENT_RENAME', 'DOCUMENT_DELETE'])
const documentLabels: Record<string, string> = {
  name: 'Name',
  size: 'Size',
  is_folder: 'Folder',
  items: 'Files and folders inside',
}
function documentData(data: Record<string, unknown> | null) {
  if (!data || typeof data.size !== 'number') return data
  return { ...data, size: formatFileSize(data.size) }
}

/** A register edit, applied or approved: its before is kept since History (docs/decisions.md, "History and activity"). */
const REGISTER_EDITS = new Set(['UPDATE', 'APPROVE_UPDATE'])

/** Fields in the order people read them (the database keeps JSON keys in its own order). */
const commonOrder = ['user_id', 'level']
const documentOrder = [
  'number',
  'document_date',
  'due_date',
  'description',
  'gst_type',
  'is_rcm',
  'amount',
  'payment_date',
  'mode',
  'transaction_id',
  'notes',
  'total_amount',
  'amount_paid',
  'status',
]
const otherOrder: Record<string, string[]> = { RECEIVABLE: documentOrder, PAYABLE: documentOrder }

/** Ids that mean nothing to a reader (the row of a payment, an access entry, a document). */
const INTERNAL = new Set(['payment_id', 'access_id', 'document_id', 'comment_id', 'action_id', 'version'])
const SECRET = /password|secret|token/i

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Passwords (and their hashes), secrets and tokens never leave the server, at any depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET.test(key) && !INTERNAL.has(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  )
}

const isRegister = (type: string): type is EntityType => (entityTypes as readonly string[]).includes(type)

/** What an event's data may show: the register's own redaction (masked numbers), then no secrets. */
function shown(registers: RegisterRegistry, type: string, data: unknown): Record<string, unknown> | null {
  if (!isObject(data)) return null
  const register = isRegister(type) ? registers.get(type) : undefined
  const redacted = register?.redact ? register.redact(data) : data
  return withoutSecrets(redacted) as Record<string, unknown>
}

const text = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Keys whose values are ids of people or records, read as their names (the kind of record each names). */
export const NAMED_KEYS = {
  user_id: ['user'],
  recipients: ['user'],
  client_id: ['client'],
  project_id: ['project'],
  supplier_id: ['supplier'],
  /** An asset's 'Assigned Target': a project or a person (a user), as its assigned_to_type says. */
  assigned_to_id: ['project', 'user'],
} as const
export type NamedKind = (typeof NAMED_KEYS)[keyof typeof NAMED_KEYS][number]

/**
 * Keys that hold people by username, by the kind of record whose trail writes them: a task's chain
 * ('Assigned To') and whom it was forwarded to. Read as full names, as the rest of the app names people
 * (docs/decisions.md, "History and activity"); elsewhere `to` is an e-mail address and stays as it is.
 */
export const USERNAME_KEYS: Record<string, readonly string[]> = { TASK: ['chain', 'to'] }

/** The ids and usernames the events' data names, to be read as names in one statement a kind. */
export interface NamedInEvents {
  ids: Record<NamedKind, string[]>
  usernames: string[]
}

/** The names a page of events reads its ids and usernames as. */
export interface Names {
  /** A record's or person's id → its name. */
  byId: Map<string, string>
  /** A username → that person's full name. */
  byUsername: Map<string, string>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every value held under one of `keys` at any depth of `data` (a list's items each). */
function valuesUnder(data: unknown, keys: readonly string[], out: unknown[] = []): unknown[] {
  if (Array.isArray(data)) for (const item of data) valuesUnder(item, keys, out)
  else if (isObject(data))
    for (const [key, value] of Object.entries(data)) {
      if (keys.includes(key)) out.push(...(Array.isArray(value) ? value : [value]))
      else valuesUnder(value, keys, out)
    }
  return out
}

/**
 * The ids and usernames the events' data names, at any depth (a pending request's
 * `access_permissions[].user_id`), to be read as names in one statement each.
 */
export function namedIn(rows: EventRow[]): NamedInEvents {
  const ids: Record<NamedKind, Set<string>> = {
    user: new Set(),
    client: new Set(),
    project: new Set(),
    supplier: new Set(),
  }
  const usernames = new Set<string>()
  for (const row of rows)
    for (const side of [row.before, row.after]) {
      for (const [key, kinds] of Object.entries(NAMED_KEYS))
        for (const v of valuesUnder(side, [key]))
          if (typeof v === 'string' && UUID.test(v)) for (const kind of kinds) ids[kind].add(v)
      for (const v of valuesUnder(side, USERNAME_KEYS[row.entityType] ?? []))
        if (typeof v === 'string' && v) usernames.add(v)
    }
  return {
    ids: Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, [...v]])) as Record<NamedKind, string[]>,
    usernames: [...usernames],
  }
}

/**
 * The data with its ids and usernames replaced by the names they stand for, at any depth. An id no
 * longer known stays as it is; a username no longer anyone's reads as the username.
 */
function withNames(type: string, data: Record<string, unknown> | null, names: Names) {
  if (!data) return data
  const byUsername = USERNAME_KEYS[type] ?? []
  const rename = (key: string, value: unknown): unknown => {
    const lookup = byUsername.includes(key)
      ? names.byUsername
      : Object.hasOwn(NAMED_KEYS, key)
        ? names.byId
        : null
    if (!lookup) return walk(value)
    const nameOf = (v: unknown) => (typeof v === 'string' ? (lookup.get(v) ?? v) : v)
    return Array.isArray(value) ? value.map(nameOf) : nameOf(value)
  }
  const walk = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(walk)
      : isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(k, v)]))
        : value
  return walk(data) as Record<string, unknown>
}

/**
 * Values kept as codes, in the words their pages use: a series' rule as its sentence ('Every day', not
 * FREQ=DAILY), and a task made by a series as that fact rather than the series' id.
 */
function inWords(type: string, data: Record<string, unknown> | null) {
  if (!data) return data
  if (type === 'RECURRING_TASK' && typeof data.rule === 'string')
    return { ...data, rule: describeRule(data.rule) }
  if (type === 'TASK' && 'series_id' in data) return { ...data, series_id: true }
  return data
}

export function entryOf(registers: RegisterRegistry, row: EventRow, names: Names): HistoryEntry {
  const ofDocument = DOCUMENT_ACTIONS.has(row.action)
  const recordLabels = isRegister(row.entityType)
    ? registerFieldLabels[row.entityType]
    : otherLabels[row.entityType]
  const naming = {
    order: [...commonOrder, ...(otherOrder[row.entityType] ?? [])],
    labels: { ...commonLabels, ...(ofDocument ? documentLabels : recordLabels) },
  }
  const read = (data: unknown) => {
    const named = withNames(row.entityType, shown(registers, row.entityType, data), names)
    return ofDocument ? documentData(named) : inWords(row.entityType, named)
  }
  const before = read(row.before)
  const after = read(row.after)
  // An edit recorded before the trail kept what a record was: the fields it set cannot be told from
  // the ones it kept, so it says 'changed' and no more.
  const detailed = !(REGISTER_EDITS.has(row.action) && before === null)
  const rows = detailed ? changedRows(before, after, naming) : []
  const changes: HistoryChange[] = rows.map((r) => ({
    field: r.path,
    label: r.label,
    from: text(r.current),
    to: text(r.proposed),
  }))
  const requester =
    row.requesterId && row.requesterName ? { user_id: row.requesterId, full_name: row.requesterName } : null
  return {
    id: String(row.id),
    at: row.createdAt.toISOString(),
    actor: row.actorUserId ? { user_id: row.actorUserId, full_name: row.actorName ?? 'Former user' } : null,
    action: row.action,
    summary: summaryOf(row.action),
    requester,
    changes,
    detailed,
  }
}

/**
 * The fields that differ. An edit compares the fields its after names (a masked number left out is
 * unchanged); a creation lists what it set, a removal what there was.
 */
function changedRows(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  naming: { labels: Record<string, string> },
): DiffRow[] {
  if (before && after) {
    return diff(before, after, false, naming).filter((r) => r.changed)
  }
  const only = after ?? before
  if (!only) return []
  return flatten(only, naming)
    .filter((f) => text(f.value) !== null)
    .map((f) => ({
      path: f.path,
      label: f.label,
      current: after ? null : f.value,
      proposed: after ? f.value : null,
      changed: true,
    }))
}
