import { sql } from 'drizzle-orm'
import type { Db } from '../db/connection.ts'
import { tooManyRequests } from './errors.ts'

export interface Limit {
  key: string
  max: number
  windowSeconds: number
}

/**
 * Fixed-window counters in PostgreSQL (shared by every instance). Counts one hit on each key and throws
 * 429 when any of them is over its limit.
 */
export async function consumeRateLimit(db: Db, limits: Limit[], message?: string): Promise<void> {
  for (const limit of limits) {
    if ((await countHit(db, limit)) > limit.max) throw tooManyRequests(message)
  }
}

/** Counts one hit on the key (a new window when the last one has ended); answers the window's count. */
export async function countHit(db: Db, limit: Omit<Limit, 'max'>): Promise<number> {
  return (await upsertHit(db, limit, null)) ?? 0
}

/**
 * Counts one attempt only while the key is under its limit, in one guarded statement: the check and
 * the count cannot be split by a parallel request, so no number of attempts at once gets past `max`.
 * Answers the new count, or null when the limit was already reached (nothing counted).
 */
export function takeAttempt(db: Db, limit: Limit): Promise<number | null> {
  return upsertHit(db, limit, limit.max)
}

/** The one counting statement; with `guardMax`, a key already at it is left alone (no row returned). */
async function upsertHit(db: Db, limit: Omit<Limit, 'max'>, guardMax: number | null): Promise<number | null> {
  const guard =
    guardMax === null ? sql`` : sql`where rate_limits.reset_at <= now() or rate_limits.count < ${guardMax}`
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${limit.key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    ${guard}
    returning count`)
  const row = result.rows[0]
  return row ? Number(row.count) : null
}

/** Takes back one attempt counted by `takeAttempt` (one that turned out not to be a failure). */
export async function giveBackAttempt(db: Db, key: string): Promise<void> {
  await db.execute(
    sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`,
  )
}

/** The key's count in its current window, without counting a hit. */
export async function currentCount(db: Db, key: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key} and reset_at > now()`,
  )
  return Number(result.rows[0]?.count ?? 0)
}

export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`)
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now()`)
}
