/** The answers of the notification endpoints (in-app list, unread count, web push key). */
import { z } from 'zod'
import { instant, labelled, numberIdParams, pageOf, toMessage } from './contract.ts'
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
  readAll: endpoint('PUT', '/notifications/read-all', toMessage),
  read: endpoint('PUT', '/notifications/:id/read', { params: numberIdParams, ...toMessage }),
}

/**
 * Every notification type, with what the profile's Notifications tab calls it and whether its in-app
 * copy may be turned off (docs/decisions.md, "Notification preferences and mail"). Preferences are
 * derived from this list alone: a new type added here gets its row, its defaults and its channels.
 * Requests for one's approval and assignments cannot be hidden from the app.
 */
export const notificationTypeInfo = {
  TASK_ASSIGNED: { label: 'A task is assigned to me', inAppLocked: true },
  TASK_CC: { label: "I am CC'd on a task", inAppLocked: false },
  TASK_UPDATED: { label: 'A task I am on is edited', inAppLocked: false },
  TASK_COMMENT: { label: 'A comment on a task I am on', inAppLocked: false },
  TASK_SUBMITTED: { label: 'A task waits for my approval', inAppLocked: true },
  TASK_APPROVED: { label: 'A task I am on is approved', inAppLocked: false },
  TASK_REJECTED: { label: 'My task is sent back', inAppLocked: false },
  TASK_DELETED: { label: 'A task I am on is deleted', inAppLocked: false },
  TASK_DUE_SOON: { label: 'My task is due soon', inAppLocked: false },
  TASK_OVERDUE: { label: 'My task is overdue', inAppLocked: false },
  APPROVAL_WAITING: { label: 'A task has waited 2 days for my approval', inAppLocked: true },
  APPROVAL_PENDING: { label: 'A register change waits for my approval', inAppLocked: true },
  ACTION_APPROVED: { label: 'My register change is approved', inAppLocked: false },
  ACTION_REJECTED: { label: 'My register change is rejected', inAppLocked: false },
  ACCESS_GRANTED: { label: 'I am given access to a record', inAppLocked: false },
  ANNOUNCEMENT: { label: 'A new announcement', inAppLocked: false },
  REPORT_RECEIVED: { label: 'A report is sent to me', inAppLocked: false },
  REPORT_FEEDBACK: { label: 'Feedback on my report', inAppLocked: false },
  REPORT_CLOSED: { label: 'My report is closed', inAppLocked: false },
  ASSET_MAINTENANCE_DUE: { label: 'An asset is due for maintenance', inAppLocked: false },
  ASSET_WARRANTY_EXPIRING: { label: "An asset's warranty is expiring", inAppLocked: false },
} as const satisfies Record<string, { label: string; inAppLocked: boolean }>

export type NotificationType = keyof typeof notificationTypeInfo
export const notificationTypes = Object.keys(notificationTypeInfo) as [
  NotificationType,
  ...NotificationType[],
]
export const notificationType = z.enum(notificationTypes)

/**
 * The preference a stored type falls under: a register's request for approval is stored as
 * `<ENTITY>_APPROVAL_PENDING` (CLIENT_APPROVAL_PENDING …) and has one preference for every register.
 */
export function preferenceTypeOf(type: string): NotificationType | null {
  if (type in notificationTypeInfo) return type as NotificationType
  if (type.endsWith('_APPROVAL_PENDING')) return 'APPROVAL_PENDING'
  return null
}

export const { values: notificationChannels, labels: notificationChannelLabels } = labelled([
  ['in_app', 'In app'],
  ['push', 'Push'],
  ['email', 'Email'],
])
export type NotificationChannel = (typeof notificationChannels)[number]

/** When a user has said nothing about a type (docs/decisions.md, "Notification preferences and mail"). */
export const defaultChannels = { in_app: true, push: true, email: false } as const

export const notificationPreferenceMessages = {
  lockedInApp: (label: string) =>
    `In-app notifications cannot be turned off for '${label}': approvals and assignments always show in the app.`,
  saved: 'Notification preferences saved.',
} as const

const channels = z.object({ in_app: z.boolean(), push: z.boolean(), email: z.boolean() })

/** One type's row in GET /users/me/notification-preferences. */
export const notificationPreference = channels.extend({
  type: notificationType,
  label: z.string(),
  /** Channels the user cannot turn off for this type. */
  locked: z.array(z.enum(notificationChannels)),
})
export type NotificationPreference = z.infer<typeof notificationPreference>

export const notificationPreferences = z.object({
  /** Every type of `notificationTypes`, in its order. */
  preferences: z.array(notificationPreference),
  /** A mail at 08:00 organisation time with what is due today, overdue and waiting for my approval. */
  daily_digest: z.boolean(),
})
export type NotificationPreferences = z.infer<typeof notificationPreferences>

/**
 * PUT /users/me/notification-preferences: the types to change (others are kept) and the digest
 * switch. A locked channel turned off is refused with 400.
 */
export const notificationPreferencesInput = z
  .object({
    preferences: z
      .array(channels.extend({ type: notificationType }))
      .max(notificationTypes.length)
      .refine((rows) => new Set(rows.map((r) => r.type)).size === rows.length, 'Each type may appear once.'),
    daily_digest: z.boolean(),
  })
  .superRefine((input, ctx) => {
    input.preferences.forEach((row, index) => {
      const info = notificationTypeInfo[row.type]
      if (info.inAppLocked && !row.in_app)
        ctx.addIssue({
          code: 'custom',
          path: ['preferences', index, 'in_app'],
          message: notificationPreferenceMessages.lockedInApp(info.label),
        })
    })
  })
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>

export const notificationPreferenceEndpoints = {
  get: endpoint('GET', '/users/me/notification-preferences', { response: { 200: notificationPreferences } }),
  update: endpoint('PUT', '/users/me/notification-preferences', {
    body: notificationPreferencesInput,
    response: { 200: notificationPreferences.extend({ message: z.string() }) },
  }),
}
