/** The answers of the notification endpoints (in-app list, unread count, web push key). */
import { z } from 'zod'
import { instant, pageOf } from './contract.ts'

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

export const notificationPage = pageOf('notifications', appNotification)
export type NotificationPage = z.infer<typeof notificationPage>

export const unreadCountResponse = z.object({ unreadCount: z.number().int() })
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>

/** GET /notifications/vapid-public-key: the public half only; the private key never leaves. */
export const vapidPublicKeyResponse = z.object({ publicKey: z.string() })
