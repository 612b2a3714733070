import { and, count, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { countRows } from '../../platform/listing.ts'
import { enqueue } from '../../platform/outbox.ts'
import { pageWindow, totalPages } from '../../platform/pagination.ts'
import { users } from '../users/schema.ts'
import { notifications } from './schema.ts'

export const ALREADY_READ = 'Notification was already marked as read or no update was needed.'

export interface NewNotification {
  orgId: string
  userIds: string[]
  type: string
  message: string
  link?: string | null
  entityType?: string | null
  entityId?: string | null
  triggeringUserId?: string | null
}

/** Written in the caller's transaction, so a notification exists exactly when its event does. */
export async function notify(tx: DbOrTx, n: NewNotification): Promise<void> {
  const recipients = [...new Set(n.userIds)].filter((id) => id !== n.triggeringUserId)
  if (recipients.length === 0) return
  const rows = await tx
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        orgId: n.orgId,
        userId,
        type: n.type,
        message: n.message,
        link: n.link ?? null,
        entityType: n.entityType ?? null,
        entityId: n.entityId ?? null,
        triggeringUserId: n.triggeringUserId ?? null,
      })),
    )
    .returning({ id: notifications.notificationId })
  // Web push is a best-effort copy, delivered after commit; the in-app notification never depends on it.
  await enqueue(tx, 'push', { notificationIds: rows.map((r) => r.id) }, n.orgId)
}

const triggering = alias(users, 'triggering_user')

export async function listNotifications(deps: Deps, ctx: RequestContext, page: number, limit: number) {
  const mine = and(eq(notifications.userId, ctx.userId), eq(notifications.orgId, ctx.orgId))
  const { offset } = pageWindow(page, limit)
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        n: notifications,
        username: triggering.username,
        fullName: triggering.fullName,
        photo: triggering.displayPhoto,
      })
      .from(notifications)
      .leftJoin(triggering, eq(triggering.userId, notifications.triggeringUserId))
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.notificationId))
      .limit(limit)
      .offset(offset),
    deps.db.select({ n: count() }).from(notifications).where(mine),
  ])
  return {
    currentPage: page,
    totalPages: totalPages(total?.n ?? 0, limit),
    notifications: rows.map(({ n, username, fullName, photo }) => ({
      notification_id: n.notificationId,
      message: n.message,
      is_read: n.isRead,
      created_at: n.createdAt.toISOString(),
      link: n.link,
      type: n.type,
      entity_type: n.entityType,
      entity_id: n.entityId,
      triggering_username: username,
      triggering_user_fullname: fullName,
      triggering_user_display_photo: photo,
    })),
  }
}

export async function unreadCount(deps: Deps, ctx: RequestContext) {
  const unread = and(
    eq(notifications.userId, ctx.userId),
    eq(notifications.orgId, ctx.orgId),
    eq(notifications.isRead, false),
  )
  return { unreadCount: await countRows(deps.db, notifications, unread) }
}

export async function markRead(deps: Deps, ctx: RequestContext, id: number) {
  const mine = and(eq(notifications.notificationId, id), eq(notifications.userId, ctx.userId))
  const updated = await deps.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(mine, eq(notifications.isRead, false)))
    .returning({ id: notifications.notificationId })
  if (updated.length > 0) return { message: 'Notification marked as read.' }
  const [exists] = await deps.db.select({ id: notifications.notificationId }).from(notifications).where(mine)
  if (!exists) throw notFound('Notification not found.')
  return { message: ALREADY_READ }
}

export async function markAllRead(deps: Deps, ctx: RequestContext) {
  const updated = await deps.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, ctx.userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.notificationId })
  return { message: `${updated.length} notification${updated.length === 1 ? '' : 's'} marked as read.` }
}
