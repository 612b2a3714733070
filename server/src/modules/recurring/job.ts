import { addDays, occurrencesBetween, todayIn } from '@daftar/domain'
import { and, eq, lte } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { insertTask } from '../tasks/actions.ts'
import { users } from '../users/schema.ts'
import { recurringOccurrences, recurringTasks } from './schema.ts'
import { firstDateFrom, type SeriesRow, taskInputOf, usernamesOf } from './service.ts'

/** Series dealt with per run; the rest wait for the next run (JOBS_INTERVAL_SECONDS). */
const SERIES_PER_RUN = 200
/** Dates of one 'each' series created per run; a series owing more goes on at the next run. */
export const DATES_PER_RUN = 100

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
 * 'latest' series, only the last one, the others recorded as skipped (planRun).
 */
export async function runSeries(deps: Deps, series: SeriesRow, today: string, hooks: SeriesHooks = {}) {
  if (!series.active || !series.nextDueOn || series.nextDueOn > today) return 0
  const ctx = await ownerContext(deps, series)
  if (!ctx)
    deps.log.warn({ seriesId: series.seriesId }, 'recurring task skipped: its owner is no longer active')
  const plan = ctx
    ? planRun(series, series.nextDueOn, today)
    : { create: [], skipped: [], nextDueOn: dateAfter(series, today) }
  if (plan.skipped.length)
    await deps.db
      .insert(recurringOccurrences)
      .values(plan.skipped.map((date) => ({ seriesId: series.seriesId, occurrenceDate: date })))
      .onConflictDoNothing()
  const created = ctx ? await createDates(deps, ctx, series, plan.create, today, hooks) : 0
  // Guarded by the value read, so a slower instance never moves the series back.
  await deps.db
    .update(recurringTasks)
    .set({ nextDueOn: plan.nextDueOn })
    .where(and(eq(recurringTasks.seriesId, series.seriesId), eq(recurringTasks.nextDueOn, series.nextDueOn)))
  return created
}

/** Creates the task of each date not claimed yet, one transaction a date; answers how many it created. */
async function createDates(
  deps: Deps,
  ctx: RequestContext,
  series: SeriesRow,
  dates: string[],
  today: string,
  hooks: SeriesHooks,
) {
  const people = await usernamesOf(deps.db, series.orgId, [...series.assignedTo, ...series.cc])
  const usernames = {
    assignee: series.assignedTo[0] ? (people.get(series.assignedTo[0])?.username ?? null) : null,
    cc: series.cc.flatMap((id) => people.get(id)?.username ?? []),
  }
  let created = 0
  for (const date of dates) {
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
  return created
}

/**
 * The dates a run creates and skips, and the series' next due date after it. 'each' creates every due
 * date, at most DATES_PER_RUN of them, and leaves the series at the first one not created, where the
 * next run goes on; 'latest' creates the last due date (today when today is one) and skips the others.
 */
function planRun(series: SeriesRow, from: string, today: string) {
  if (series.catchUp === 'latest') {
    const due = occurrencesBetween(series.rule, series.startsOn, from, today)
    return { create: due.slice(-1), skipped: due.slice(0, -1), nextDueOn: dateAfter(series, today) }
  }
  const due = occurrencesBetween(series.rule, series.startsOn, from, today, DATES_PER_RUN + 1)
  const firstNotCreated = due[DATES_PER_RUN]
  return {
    create: due.slice(0, DATES_PER_RUN),
    skipped: [],
    nextDueOn: firstNotCreated ?? dateAfter(series, today),
  }
}

/** The series' first date after `today`, or null when it has ended. */
const dateAfter = (series: SeriesRow, today: string) =>
  firstDateFrom(series.rule, series.startsOn, addDays(today, 1))

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
