import { z } from 'zod'

/** Entity types of documents, access lists and the approval queue (spec 2 §3). */
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

export const actionTypes = ['CREATE', 'UPDATE', 'ARCHIVE', 'UNARCHIVE', 'ACTIVATE', 'DEACTIVATE'] as const
export type ActionType = (typeof actionTypes)[number]

export const accessLevels = ['READ', 'WRITE'] as const
export type AccessLevel = (typeof accessLevels)[number]

export const actionStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type ActionStatus = (typeof actionStatuses)[number]

export const REGISTER_PAGE_SIZE = 20

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

export const grantAccessInput = z.object({
  userId: z
    .string({ error: 'Please select a user to grant access to.' })
    .uuid('Please select a user to grant access to.'),
  entityType: z.enum(entityTypes),
  entityId: uuid,
  level: z.enum(accessLevels).default('READ'),
})

export const accessLevelInput = z.object({ level: z.enum(accessLevels) })

export const accessQuery = z.object({ entityType: z.enum(entityTypes), entityId: uuid })

export const pendingActionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(REGISTER_PAGE_SIZE),
  entityType: z
    .enum(entityTypes)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  actionType: z
    .enum(actionTypes)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  requestedBy: z.string().max(100).optional(),
})

export const rejectActionInput = z.object({ rejection_reason: z.string().trim().max(2000).nullish() })

export const approvalMessages = {
  notFound: 'Pending action not found or already processed.',
  alreadyProcessed: 'This action has already been processed.',
  updated: 'Pending action updated successfully.',
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

/** Sort whitelist helper for list queries: unknown values fall back to the default. */
export function sortParam<T extends string>(values: readonly T[], fallback: T) {
  return z
    .string()
    .optional()
    .transform((v) => (v && (values as readonly string[]).includes(v) ? (v as T) : fallback))
}

/** page, searchQuery and sortBy of every register list (`sort` is accepted for sortBy too). */
export const registerListQuery = <T extends string>(sorts: readonly T[], fallback: T) =>
  z.preprocess(
    (raw) => {
      const query = { ...(raw as Record<string, unknown>) }
      if (query.sortBy === undefined && query.sort !== undefined) query.sortBy = query.sort
      return query
    },
    z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      searchQuery: z.string().trim().max(200).optional().default(''),
      sortBy: sortParam(sorts, fallback),
    }),
  )

/** Empty optional text becomes null (spec: "Empty optional fields are sent as null"). */
export const optionalText = (max = 2000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))

export const contactRow = z.object({
  name: optionalText(120),
  phone: optionalText(40),
  email: optionalText(254),
})
export type ContactRow = z.output<typeof contactRow>

/** Blank contact rows are dropped. */
export const contactRows = z
  .array(contactRow)
  .max(50)
  .nullish()
  .transform((rows) => (rows ?? []).filter((r) => r.name || r.phone || r.email))
