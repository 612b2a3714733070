/** The answers of the notification endpoints (in-app list, unread count, web push key). */
import { z } from 'zod'
import { instant, messageResponse, numberIdParams, pageOf } from './contract.ts'
import { endpoint } from './http.ts'

/** One in-app notification, as GET /notifications lists it. */
export const appNotification = z.object({
  notification_id: z.number().int(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: instant,
  link: z.string().nullable(),
  type: z.string(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  triggering_username: z.string().nullable(),
  triggering_user_fullname: z.string().nullable(),
  triggering_user_display_photo: z.string().nullable(),
})
export type AppNotification = z.infer<typeof appNotification>

/** GET /notifications?page&limit: 10 a page unless asked (the panel asks 15), at most 50. */
export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
})

export const notificationPage = pageOf('notifications', appNotification)
export type NotificationPage = z.infer<typeof notificationPage>

export const unreadCountResponse = z.object({ unreadCount: z.number().int() })
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>

/** GET /notifications/vapid-public-key: the public half only; the private key never leaves. */
export const vapidPublicKeyResponse = z.object({ publicKey: z.string() })

/** The in-app notifications (docs/product.md, "Notifications"); push has endpoints of its own. */
export const notificationEndpoints = {
  list: endpoint('GET', '/notifications', {
    querystring: notificationListQuery,
    response: { 200: notificationPage },
  }),
  unreadCount: endpoint('GET', '/notifications/unread-count', { response: { 200: unreadCountResponse } }),
  readAll: endpoint('PUT', '/notifications/read-all', { response: { 200: messageResponse } }),
  read: endpoint('PUT', '/notifications/:id/read', {
    params: numberIdParams,
    response: { 200: messageResponse },
  }),
}
