import { z } from 'zod'
import { idTo, idToMessage, instant, pageOf } from './contract.ts'
import { endpoint } from './http.ts'

export const announcementMessages = {
  required: 'Title and content are required.',
  created: 'Announcement created and notifications sent.',
  updated: 'Announcement updated successfully.',
  deleted: 'Announcement deleted successfully.',
  notFound: 'Announcement not found.',
  adminsOnly: 'Only administrators can manage announcements.',
  selectUsers: 'Select at least one user to show the announcement to.',
  createFailed: 'Failed to create announcement.',
  updateFailed: 'Failed to update announcement.',
  deleteFailed: 'Failed to delete announcement. Restoring...',
  /** The modal's fallbacks (docs/product.md, "Messages"). */
  modalCreateFailed: 'Failed to create.',
  modalUpdateFailed: 'Failed to update.',
  unexpected: 'An unexpected error occurred.',
} as const

export const ANNOUNCEMENT_EXCERPT = 200
export const ANNOUNCEMENT_PAGE_SIZE = 10

const required = z
  .string({ error: announcementMessages.required })
  .trim()
  .min(1, announcementMessages.required)

/** PUT /announcements/{id}: the text only; visibility is chosen at creation (docs/product.md, "Announcements"). */
export const announcementUpdateInput = z.object({
  title: required.pipe(z.string().max(200)),
  content: required.pipe(z.string().max(20000)),
})

/** POST /announcements: public, or visible to the selected users (`accessPermissions`). */
export const announcementCreateInput = announcementUpdateInput
  .extend({
    is_public: z.boolean().optional().default(true),
    accessPermissions: z
      .array(z.object({ user_id: z.uuid(), level: z.enum(['READ', 'WRITE']).optional() }))
      .max(500)
      .optional()
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.is_public && v.accessPermissions.length === 0)
      ctx.addIssue({ code: 'custom', message: announcementMessages.selectUsers, path: ['accessPermissions'] })
  })

export const announcementListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})

export const announcement = z.object({
  announcement_id: z.string(),
  title: z.string(),
  content: z.string(),
  is_public: z.boolean(),
  created_by_fullname: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
  version: z.number().int(),
  /** For admins: who sees a private announcement. */
  visible_to: z.array(z.object({ user_id: z.string(), full_name: z.string(), username: z.string() })),
})
export type Announcement = z.infer<typeof announcement>

export const announcementList = pageOf('announcements', announcement)
export type AnnouncementList = z.infer<typeof announcementList>

/** The first 200 characters, and an ellipsis when there is more. */
export function announcementExcerpt(content: string): string {
  return content.length > ANNOUNCEMENT_EXCERPT
    ? `${content.slice(0, ANNOUNCEMENT_EXCERPT).trimEnd()}…`
    : content
}

export const announcementCreated = z.object({ message: z.string(), announcement_id: z.string() })

/** GET, POST /announcements; GET, PUT (If-Match), DELETE /announcements/{id}. */
export const announcementEndpoints = {
  list: endpoint('GET', '/announcements', {
    querystring: announcementListQuery,
    response: { 200: announcementList },
  }),
  detail: endpoint('GET', '/announcements/:id', idTo(announcement)),
  create: endpoint(
    'POST',
    '/announcements',
    { body: announcementCreateInput, response: { 201: announcementCreated } },
    { idempotent: true },
  ),
  update: endpoint('PUT', '/announcements/:id', { ...idToMessage, body: announcementUpdateInput }),
  remove: endpoint('DELETE', '/announcements/:id', idToMessage),
}
