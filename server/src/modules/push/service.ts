import { type PushSubscribeInput, pushMessages } from '@daftar/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict } from '../../platform/errors.ts'
import { PushGoneError } from '../../platform/push.ts'
import { pushDeliveries, pushSubscriptions } from './schema.ts'

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

/** After the nth failed attempt (1-based), the next one waits this long; after the last, none. */
export const PUSH_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const
/** At most this many attempts per notification and browser… */
export const PUSH_MAX_ATTEMPTS = PUSH_RETRY_DELAYS_MS.length + 1
/** …and none once it is a day old (the push services keep a message a day at most: TTL). */
export const PUSH_GIVE_UP_MS = 24 * 3_600_000
/** A claimed delivery whose instance died comes back after this (counted as an attempt). */
const CLAIM_MS = 10 * 60_000
const BATCH = 20

/** A delivery claimed for an attempt, with the subscription it goes to. */
type ClaimedDelivery = {
  delivery_id: number
  attempts: number
  payload: unknown
  created_at: string | Date
  subscription_id: string
  endpoint: string
  p256dh: string
  auth: string
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`

export interface PushRun {
  sent: number
  gone: number
  retried: number
  givenUp: number
}

/**
 * Sends the push deliveries due at `now` (only `deliveryIds` when given: the outbox event of a new
 * notification). Each is claimed in SQL first (`for update skip locked`, its next attempt moved past
 * the claim), so two instances never send one twice. A 404/410 deletes the subscription and its
 * deliveries; another failure waits `PUSH_RETRY_DELAYS_MS` and is given up after
 * `PUSH_MAX_ATTEMPTS` attempts or a day (docs/decisions.md, "Notification preferences and mail").
 */
export async function deliverDuePushes(deps: Deps, now: Date, deliveryIds?: number[]): Promise<PushRun> {
  const run: PushRun = { sent: 0, gone: 0, retried: 0, givenUp: 0 }
  // The job (not each new notification's event, whose deliveries are new) drops those a day old.
  if (!deliveryIds) {
    const expired = await deps.db
      .delete(pushDeliveries)
      .where(sql`${pushDeliveries.createdAt} <= ${at(new Date(now.getTime() - PUSH_GIVE_UP_MS))}`)
      .returning({ id: pushDeliveries.deliveryId })
    run.givenUp += expired.length
  }
  const only = deliveryIds
    ? sql`and delivery_id in (select jsonb_array_elements_text(${JSON.stringify(deliveryIds)}::jsonb)::bigint)`
    : sql``
  for (let batch = 0; batch < 100; batch++) {
    const claimed = await deps.db.execute<ClaimedDelivery>(sql`
      update push_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = ${at(new Date(now.getTime() + CLAIM_MS))}
      from push_subscriptions s
      where s.subscription_id = d.subscription_id and d.delivery_id in (
        select delivery_id from push_deliveries
        where next_attempt_at <= ${at(now)} ${only}
        order by next_attempt_at, delivery_id limit ${BATCH} for update skip locked)
      returning d.delivery_id, d.attempts, d.payload, d.created_at,
        s.subscription_id, s.endpoint, s.p256dh, s.auth`)
    await Promise.all(claimed.rows.map((row) => attempt(deps, now, row, run)))
    if (claimed.rows.length < BATCH) break
  }
  return run
}

async function attempt(deps: Deps, now: Date, row: ClaimedDelivery, run: PushRun) {
  const id = Number(row.delivery_id)
  try {
    await deps.push.send(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(row.payload),
    )
    await deps.db.delete(pushDeliveries).where(eq(pushDeliveries.deliveryId, id))
    run.sent++
  } catch (error) {
    if (error instanceof PushGoneError) {
      // Its other deliveries go with it (on delete cascade).
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.subscriptionId, row.subscription_id))
      run.gone++
      return
    }
    const attempts = Number(row.attempts)
    const next = new Date(now.getTime() + (PUSH_RETRY_DELAYS_MS[attempts - 1] ?? Number.POSITIVE_INFINITY))
    const host = new URL(row.endpoint).host
    if (
      attempts >= PUSH_MAX_ATTEMPTS ||
      next.getTime() - new Date(row.created_at).getTime() > PUSH_GIVE_UP_MS
    ) {
      await deps.db.delete(pushDeliveries).where(eq(pushDeliveries.deliveryId, id))
      deps.log.warn({ err: error, endpoint: host, attempts }, 'push delivery given up')
      run.givenUp++
      return
    }
    await deps.db
      .update(pushDeliveries)
      .set({ nextAttemptAt: next, lastError: String((error as Error).message).slice(0, 500) })
      .where(eq(pushDeliveries.deliveryId, id))
    deps.log.warn({ err: error, endpoint: host, attempts }, 'push delivery failed; retried later')
    run.retried++
  }
}

/**
 * Outbox handler of a new notification's pushes: their first attempt, right after commit. It never
 * fails for a push service's sake (retries are the deliveries' own, above), so the outbox does not
 * send them again. Events written before the deliveries table carry notification ids: nothing to do.
 */
export async function deliverPush(deps: Deps, payload: { deliveryIds?: number[] }) {
  if (!payload.deliveryIds?.length) return
  await deliverDuePushes(deps, new Date(), payload.deliveryIds)
}
