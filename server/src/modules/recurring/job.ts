import { occurrencesBetween, todayIn } from '@daftar/domain'
import { and, eq, lte } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { insertTask } from '../tasks/actions.ts'
import { users } from '../users/schema.ts'
import { recurringOccurrences, recurringTasks } from './schema.ts'
import { firstDateFrom, type SeriesRow, taskInputOf, usernamesOf } from './service.ts'

/** Series dealt with per run; the rest wait for the next run (JOBS_INTERVAL_SECONDS). */
const SERIES_PER_RUN = 200

export interface SeriesHooks {
  /** Called after a date is claimed, before its task is written: the tests' "crash half-way". */
  afterClaim?: (seriesId: string, date: string) => void | Promise<void>
}

/**
 * Creates the task of every due date of a series, each exactly once (docs/decisions.md, "Recurring
 * tasks and reminders"): the date is claimed by inserting its row in recurring_occurrences (ON CONFLICT
 * DO NOTHING) in the transaction that creates its task. Another instance doing the same date waits on
 * that row and then finds it taken; a crash rolls both back, and the next run does the date again.
 * Dates before today were missed (the server was down): each is created and marked late, or, for a
 * 'latest' series, only the last one, the others recorded as skipped.
 */
export async function runSeries(deps: Deps, series: SeriesRow, today: string, hooks: SeriesHooks = {}) {
  if (!series.active || !series.nextDueOn || series.nextDueOn > today) return 0
  const due = occurrencesBetween(series.rule, series.startsOn, series.nextDueOn, today)
  const create = series.catchUp === 'latest' ? due.slice(-1) : due
  const skipped = due.slice(0, due.length - create.length)
  const ctx = await ownerContext(deps, series)
  let created = 0
  if (ctx) {
    const people = await usernamesOf(deps.db, series.orgId, [...series.assignedTo, ...series.cc])
    const usernames = {
      assignee: series.assignedTo[0] ? (people.get(series.assignedTo[0])?.username ?? null) : null,
      cc: series.cc.flatMap((id) => people.get(id)?.username ?? []),
    }
    if (skipped.length)
      await deps.db
        .insert(recurringOccurrences)
        .values(skipped.map((date) => ({ seriesId: series.seriesId, occurrenceDate: date })))
        .onConflictDoNothing()
    for (const date of create) {
      const late = date < today
      const made = await deps.db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(recurringOccurrences)
          .values({ seriesId: series.seriesId, occurrenceDate: date, late })
          .onConflictDoNothing()
          .returning({ date: recurringOccurrences.occurrenceDate })
        if (!claim) return false
        await hooks.afterClaim?.(series.seriesId, date)
        const task = await insertTask(tx, ctx, taskInputOf(series, usernames, date), {
          seriesId: series.seriesId,
          createdLate: late,
        })
        await tx
          .update(recurringOccurrences)
          .set({ taskId: task.taskId })
          .where(
            and(
              eq(recurringOccurrences.seriesId, series.seriesId),
              eq(recurringOccurrences.occurrenceDate, date),
            ),
          )
        return true
      })
      if (made) created++
    }
  } else deps.log.warn({ seriesId: series.seriesId }, 'recurring task skipped: its owner is no longer active')
  // Guarded by the value read, so a slower instance never moves the series back.
  await deps.db
    .update(recurringTasks)
    .set({ nextDueOn: firstDateFrom(series.rule, series.startsOn, nextDay(today)) })
    .where(and(eq(recurringTasks.seriesId, series.seriesId), eq(recurringTasks.nextDueOn, series.nextDueOn)))
  return created
}

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/** The owner as the creator of the series' tasks; null when the owner is no longer an active user. */
async function ownerContext(deps: Deps, series: SeriesRow): Promise<RequestContext | null> {
  const [owner] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.userId, series.ownerId), eq(users.orgId, series.orgId), eq(users.isActive, true)))
  if (!owner) return null
  return {
    orgId: owner.orgId,
    userId: owner.userId,
    username: owner.username,
    fullName: owner.fullName,
    sessionId: 'recurring-tasks',
    isAdmin: owner.isAdmin,
    isAccountant: owner.isAccountant,
  }
}

/** The job: every active series with a date due by today (the organisation's), oldest first. */
export async function createDueTasks(deps: Deps, now = new Date(), hooks: SeriesHooks = {}) {
  const today = todayIn(deps.config.TIME_ZONE, now)
  const due = await deps.db
    .select()
    .from(recurringTasks)
    .where(and(eq(recurringTasks.active, true), lte(recurringTasks.nextDueOn, today)))
    .orderBy(recurringTasks.nextDueOn)
    .limit(SERIES_PER_RUN)
  let created = 0
  for (const series of due) {
    try {
      created += await runSeries(deps, series, today, hooks)
    } catch (error) {
      // One series that cannot create its task (its assignee left, its project was deleted) must not
      // stop the others; its date stays unclaimed and is tried again at the next run.
      deps.log.error({ err: error, seriesId: series.seriesId }, 'recurring task failed')
    }
  }
  return created
}
