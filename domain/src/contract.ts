/**
 * Shapes shared by many endpoints of the API contract. Each area's request and response schemas live
 * beside its rules (clients.ts, projects.ts …); the server declares them on its routes and the web
 * imports their types, so one side cannot rename a field without the other failing to compile.
 */
import { z } from 'zod'

/** A required text field: trimmed, refused with `message` when blank, at most `max` characters. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max)

/** An instant, ISO-8601 in UTC. */
export const instant = z.iso.datetime()
/** A calendar day, YYYY-MM-DD. */
export const calendarDate = z.iso.date()

/** `{ error }`: every failed call. */
export const errorResponse = z.object({ error: z.string() })

/**
 * `{ password }`: the admin's own password, confirming a deletion. It goes in the body: a password never
 * goes in a URL, where request logs, proxies and browser history keep it (docs/decisions.md, "Registers,
 * approvals, access and documents").
 */
export const passwordConfirmation = (message: string) =>
  z.object({ password: z.string({ error: message }).min(1, message).max(128) })

/** `{ message }`: the successes the spec says carry a message. */
export const messageResponse = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof messageResponse>

/**
 * A path id: a UUID (any version; published as `format: uuid`). A malformed one names no record, so it
 * answers 404 like an unknown one.
 */
export const idParams = z.object({ id: z.guid() })

/** The schema of an endpoint that answers `{ message }` with 200; spread it to add a body. */
export const toMessage = { response: { 200: messageResponse } }

/**
 * The schema of an endpoint on one record (`…/:id`) that answers `answer` with 200 (a detail, a change's
 * result); spread it to add a body or a query.
 */
export const idTo = <T extends z.ZodType>(answer: T) => ({ params: idParams, response: { 200: answer } })

/** `idTo` for the answer `{ message }` (delete, cancel, approve …). */
export const idToMessage = idTo(messageResponse)

/** A path id of a numbered row (notifications): digits only; anything else answers 404. */
export const numberIdParams = z.object({ id: z.string().regex(/^\d{1,15}$/) })

/** What the caller may do with a record: admins have effective WRITE on everything. */
export const recordAccess = z.enum(['ADMIN', 'READ', 'WRITE'])
export type RecordAccess = z.infer<typeof recordAccess>

/** Who created and last changed a record, and when (System Information). */
export const auditFields = {
  created_by_username: z.string().nullable(),
  created_at: instant,
  updated_by_username: z.string().nullable(),
  updated_at: instant,
}

/** What every register detail ends with: System Information, the version to edit and the caller's level. */
export const registerDetailTail = {
  ...auditFields,
  version: z.number().int(),
  access_level: recordAccess,
}

/** The paging fields of every paged list. */
export const pageFields = { totalPages: z.number().int().min(1), currentPage: z.number().int().min(1) }

/** `{ <key>: items[], totalPages, currentPage }`, the shape of every paged list (docs/architecture.md, "One contract"). */
export function pageOf<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), ...pageFields } as { [P in K]: z.ZodArray<T> } & typeof pageFields)
}

/** An optional filter of a list's query: absent, or blank (an empty field of a form's address), is none. */
export const blankIsNone = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined))

/** An optional choice of a form: one of `values`, or null when blank or absent. */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null)

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  // Year 0000 is a day to JavaScript (1 BC) and none to PostgreSQL, whose calendar has no year zero.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

/** An optional date input: blank becomes null; anything else must be a real YYYY-MM-DD day. */
export const calendarDay = z
  .string()
  .max(10, 'Dates must be YYYY-MM-DD.')
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || isCalendarDay(v), 'Dates must be YYYY-MM-DD.')

/**
 * A closed set of values, each written once beside the words the screens show for it: `values` keeps
 * their order and literal types (for `z.enum` and the database's enums), `labels` names each value.
 */
export function labelled<const T extends readonly (readonly [string, string])[]>(entries: T) {
  return {
    values: entries.map(([value]) => value) as unknown as { [K in keyof T]: T[K][0] },
    labels: Object.fromEntries(entries) as Record<T[number][0], string>,
  }
}
