import { randomUUID } from 'node:crypto'
import type { NotificationType } from '@daftar/domain'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx } from '../../db/connection.ts'
import {
  builtOnce,
  builtPerShape,
  constant,
  fixedLimit,
  prepared,
  preparedArrays,
} from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { enqueue, enqueueMany } from '../../platform/outbox.ts'
import { countAlongside, countOf, pageWindow, totalPages } from '../../platform/pagination.ts'
import { users } from '../users/schema.ts'
import type { NotificationMail } from './mail.ts'
import { channelsOf } from './preferences.ts'
import { notifications } from './schema.ts'

export const ALREADY_READ = 'Notification was already marked as read or no update was needed.'

export interface NewNotification {
  orgId: string
  userIds: string[]
  /**
   * One of the domain's types (a register's request for approval is `<ENTITY>_APPROVAL_PENDING`): a
   * new type is added to `notificationTypeInfo` first, which gives it its preferences.
   */
  type: NotificationType | `${string}_APPROVAL_PENDING`
  message: string
  link?: string | null
  entityType?: string | null
  entityId?: string | null
  triggeringUserId?: string | null
}

/**
 * Written in the caller's transaction, so a notification exists exactly when its event does. The
 * recipients' preferences are read in the same transaction, in one query for all of them: the in-app
 * row, the push deliveries (one per browser of each recipient who wants push) and the mails (through
 * the outbox, retried as every mail is) are written for those who want each
 * (docs/decisions.md, "Notification preferences and mail").
 */
export async function notify(tx: DbOrTx, n: NewNotification): Promise<void> {
  const ids = [...new Set(n.userIds)].filter((id) => id !== n.triggeringUserId)
  if (ids.length === 0) return
  const recipients = await channelsOf(tx, ids, n.type)
  const inApp = recipients.filter((r) => r.inApp)
  const rows =
    inApp.length === 0
      ? []
      : await tx
          .insert(notifications)
          .values(
            inApp.map((r) => ({
              orgId: n.orgId,
              userId: r.userId,
              type: n.type,
              message: n.message,
              link: n.link ?? null,
              entityType: n.entityType ?? null,
              entityId: n.entityId ?? null,
              triggeringUserId: n.triggeringUserId ?? null,
            })),
          )
          .returning({ id: notifications.notificationId, userId: notifications.userId })
  const idOf = new Map(rows.map((r) => [r.userId, r.id]))
  // Web push is a best-effort copy, delivered after commit; the in-app notification never depends on it.
  const pushTo = recipients.filter((r) => r.push)
  if (pushTo.length > 0) {
    // The tag lets the browser replace a repeated delivery; without an in-app row, one per event.
    const eventTag = `event-${randomUUID()}`
    const targets = pushTo.map((r) => {
      const id = idOf.get(r.userId) ?? null
      return { user_id: r.userId, notification_id: id, tag: id ? `notification-${id}` : eventTag }
    })
    const created = await tx.execute<{ delivery_id: number }>(sql`
      insert into push_deliveries (org_id, subscription_id, notification_id, payload)
      select ${n.orgId}::uuid, s.subscription_id, t.notification_id,
        jsonb_build_object('title', 'Daftar', 'body', ${n.message}::text, 'link', ${n.link ?? '/'}::text, 'tag', t.tag)
      from jsonb_to_recordset(${JSON.stringify(targets)}::jsonb) as t(user_id uuid, notification_id bigint, tag text)
      join push_subscriptions s on s.user_id = t.user_id
      returning delivery_id`)
    if (created.rows.length > 0)
      await enqueue(tx, 'push', { deliveryIds: created.rows.map((r) => Number(r.delivery_id)) }, n.orgId)
  }
  const mailTo = recipients.filter((r) => r.mail && r.email)
  if (mailTo.length > 0)
    await enqueueMany(
      tx,
      'notification-mail',
      mailTo.map(
        (r): NotificationMail => ({
          to: r.email!,
          name: r.fullName,
          type: n.type,
          message: n.message,
          link: n.link ?? null,
        }),
      ),
      n.orgId,
    )
}

const triggering = alias(users, 'triggering_user')

export async function listNotifications(deps: Deps, ctx: RequestContext, page: number, limit: number) {
  const { offset } = pageWindow(page, limit)
  const caller = { userId: ctx.userId, orgId: ctx.orgId }
  const { notifications: listed, counted } = await notificationsPage(deps.db, {
    limit,
    first: page === 1,
  }).execute({ ...caller, offset })
  const total = await countOf(counted, page, () => notificationsCount(deps.db).execute(caller))
  return { currentPage: page, totalPages: totalPages(total, limit), notifications: listed }
}

/** The caller's notifications: the bell asks for them on every open page, so built once. */
const mine = () =>
  and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.orgId, sql.placeholder('orgId')))

/**
 * A page of them: one statement a page size (the panel asks 15, the page 10), the first page apart.
 * Its size, and the first page's offset, are constants of the statement, so that its generic plan is
 * kept (platform/built-once.ts, `constant`).
 */
const notificationsPage = builtPerShape(
  ({ limit, first }: { limit: number; first: boolean }) => `${limit}:${first}`,
  (db: Db, { limit, first }) => {
    const columns = pageColumns(db)
    const page = db
      .select(columns)
      .from(notifications)
      .leftJoin(triggering, eq(triggering.userId, notifications.triggeringUserId))
      .where(mine())
      .orderBy(desc(notifications.createdAt), desc(notifications.notificationId))
      .limit(fixedLimit(limit))
      .$dynamic()
    return preparedArrays(
      db,
      first ? page : page.offset(sql.placeholder('offset')),
      Object.keys(columns) as PageColumn[],
      present,
    )
  },
)

/** A page's columns, in the statement's order: the notification, who triggered it, and the count. */
const pageColumns = (db: Db) => ({
  notificationId: notifications.notificationId,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  link: notifications.link,
  type: notifications.type,
  entityType: notifications.entityType,
  entityId: notifications.entityId,
  username: triggering.username,
  fullName: triggering.fullName,
  photo: triggering.displayPhoto,
  total: countAlongside(db.select({ n: count() }).from(notifications).where(mine())),
})
type PageColumn = keyof ReturnType<typeof pageColumns>

/** A page's answer from its rows as arrays, in one pass (platform/built-once.ts, `preparedArrays`). */
function present(rows: unknown[][], at: Record<PageColumn, number>) {
  const notifications = rows.map((row) => ({
    notification_id: row[at.notificationId] as number,
    message: row[at.message] as string,
    is_read: row[at.isRead] as boolean,
    created_at: (row[at.createdAt] as Date).toISOString(),
    link: row[at.link] as string | null,
    type: row[at.type] as string,
    entity_type: row[at.entityType] as string | null,
    entity_id: row[at.entityId] as string | null,
    triggering_username: row[at.username] as string | null,
    triggering_user_fullname: row[at.fullName] as string | null,
    triggering_user_display_photo: row[at.photo] as string | null,
  }))
  return { notifications, counted: rows[0]?.[at.total] as number | undefined }
}

const notificationsCount = builtOnce((db: Db) =>
  prepared(db.select({ n: count() }).from(notifications).where(mine())),
)

const unreadOf = builtOnce((db: Db) =>
  prepared(
    db
      .select({ n: count() })
      .from(notifications)
      // A constant, so that the generic plan reads the unread rows' partial index (see `constant`).
      .where(and(mine(), eq(notifications.isRead, constant(false)))),
  ),
)

export async function unreadCount(deps: Deps, ctx: RequestContext) {
  const [unread] = await unreadOf(deps.db).execute({ userId: ctx.userId, orgId: ctx.orgId })
  return { unreadCount: unread?.n ?? 0 }
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
