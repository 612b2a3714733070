import { z } from 'zod'
import { instant, pageOf } from './contract.ts'

/**
 * docs/product.md, "Messages": a message containing 'failed' or 'error' (case-insensitive) shows as an error, others as
 * success; in the OTP step 'incorrect' also counts as an error.
 */
export function isErrorMessage(message: string, alsoError: readonly string[] = []): boolean {
  const text = message.toLowerCase()
  return ['failed', 'error', ...alsoError].some((word) => text.includes(word))
}

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

/** GET /notifications/vapid-public-key: the public half only; the private key never leaves. */
export const vapidPublicKeyResponse = z.object({ publicKey: z.string() })
