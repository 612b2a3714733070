import { type PushSubscribeInput, pushMessages } from '@daftar/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict } from '../../platform/errors.ts'
import { PushGoneError } from '../../platform/push.ts'
import { notifications } from '../notifications/schema.ts'
import { pushSubscriptions } from './schema.ts'

/**
 * Stores a browser's subscription for the caller. The endpoint must be https on a public host (the
 * server will connect to it), and an endpoint another user holds is not taken over: a browser's
 * subscription is removed when its user signs out (docs/security.md).
 */
export async function subscribe(
  deps: Deps,
  ctx: RequestContext,
  input: PushSubscribeInput,
  userAgent?: string,
) {
  const { endpoint, keys } = input.subscription
  if (!(await deps.push.acceptsEndpoint(endpoint))) throw badRequest(pushMessages.notPublic)
  const stored = await deps.db
    .insert(pushSubscriptions)
    .values({
      orgId: ctx.orgId,
      userId: ctx.userId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      userAgent: userAgent?.slice(0, 300),
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: keys.p256dh, auth: keys.auth, userAgent: userAgent?.slice(0, 300) },
      setWhere: eq(pushSubscriptions.userId, ctx.userId),
    })
    .returning({ id: pushSubscriptions.subscriptionId })
  if (stored.length === 0) throw conflict(pushMessages.heldByAnother)
  return { message: pushMessages.subscribed }
}

export async function unsubscribe(deps: Deps, ctx: RequestContext, endpoint: string) {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, ctx.userId)))
  return { message: pushMessages.unsubscribed }
}

/**
 * Outbox handler: pushes each notification to every browser of its user. Gone subscriptions are
 * removed; other failures are retried later (the browser collapses repeats by the notification's tag).
 */
export async function deliverPush(deps: Deps, payload: { notificationIds: number[] }) {
  if (!payload.notificationIds?.length) return
  const rows = await deps.db
    .select({ n: notifications, s: pushSubscriptions })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
    .where(inArray(notifications.notificationId, payload.notificationIds))
  let transientFailures = 0
  for (const { n, s } of rows) {
    const body = JSON.stringify({
      title: 'Daftar',
      body: n.message,
      link: n.link ?? '/',
      tag: `notification-${n.notificationId}`,
    })
    try {
      await deps.push.send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, body)
    } catch (error) {
      if (error instanceof PushGoneError) {
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.subscriptionId, s.subscriptionId))
      } else {
        transientFailures++
        deps.log.warn({ err: error, endpoint: new URL(s.endpoint).host }, 'push delivery failed')
      }
    }
  }
  if (transientFailures > 0) throw new Error(`${transientFailures} push deliveries failed`)
}
