import { addDays, formatDate, hourIn, todayIn } from '@daftar/domain'
import { type SQL, sql } from 'drizzle-orm'
import type { Deps } from '../../platform/deps.ts'
import { notify } from '../notifications/service.ts'
import { taskLink } from '../tasks/notices.ts'

/** The notification types of the task reminders (docs/product.md, "Notifications"). */
export type TaskReminderType = 'TASK_DUE_SOON' | 'TASK_OVERDUE' | 'APPROVAL_WAITING'

/** Reminders of the day go from this hour of the organisation's morning. */
export const REMINDER_HOUR = 8
/** A pending approval is reminded once it has waited this long. */
export const APPROVAL_WAIT_DAYS = 2
/** Deadlines further back than this are not reminded (a first run must not remind every old task). */
export const OVERDUE_LOOKBACK_DAYS = 7

/** Monday to Friday: the organisation has no working-days setting (docs/decisions.md). */
export const isWorkingDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday !== 0 && weekday !== 6
}
export const nextWorkingDay = (day: string) => {
  let d = addDays(day, 1)
  while (!isWorkingDay(d)) d = addDays(d, 1)
  return d
}

type Claimed = {
  task_id: string
  org_id: string
  title: string
  status: string
  for_date: string
  user_id: string
}

/**
 * Reminders claimed and told per transaction. A first run, or the day after an import, may find
 * thousands; in one transaction they held the connection (and the embedded database, which has one)
 * for 6 s at bench scale 1, so requests waited. Between batches, requests take their turn.
 */
export const REMIND_BATCH = 200

/**
 * Claims the reminders of one kind and tells their recipients, a batch per transaction: the insert
 * into task_reminders (ON CONFLICT DO NOTHING RETURNING) is the claim, so a reminder goes once
 * whichever instance runs the job, however often, and none is lost if a transaction fails. Each batch
 * takes candidates not claimed yet, so a batch of already-claimed ones never ends the run early.
 */
async function remind(
  deps: Deps,
  kind: string,
  type: TaskReminderType,
  candidates: SQL,
  /** Who is told: 'assignee' (the chain's last) or 'creator' (its first, the approver). */
  to: 'assignee' | 'creator',
  message: (title: string, forDate: string) => string,
) {
  const position = to === 'assignee' ? sql`array_upper(t.assignment_chain, 1)` : sql`1`
  let sent = 0
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute<Claimed>(sql`
        with claimed as (
          insert into task_reminders (task_id, kind, for_date)
          select task_id, ${kind}, for_date from (${candidates}) c
          where not exists (select 1 from task_reminders r
            where r.task_id = c.task_id and r.kind = ${kind} and r.for_date = c.for_date)
          limit ${REMIND_BATCH}
          on conflict do nothing
          returning task_id, for_date)
        select t.task_id, t.org_id, t.title, t.status, c.for_date::text as for_date, u.user_id
        from claimed c
        join tasks t on t.task_id = c.task_id
        left join users u on u.org_id = t.org_id and u.username = t.assignment_chain[${position}] and u.is_active`)
      // Every claim is a row (so a full batch says more may wait); one whose person left tells nobody.
      const told = rows.filter((r) => r.user_id)
      for (const row of told)
        await notify(tx, {
          orgId: row.org_id,
          userIds: [row.user_id],
          type,
          message: message(row.title, row.for_date),
          link: taskLink({ taskId: row.task_id, status: row.status as 'In Progress' }),
          entityType: 'TASK',
          entityId: row.task_id,
        })
      return { claimed: rows.length, told: told.length }
    })
    sent += batch.told
    if (batch.claimed < REMIND_BATCH) return sent
  }
}

/**
 * The task reminders (docs/decisions.md, "Recurring tasks and reminders"), on the organisation's
 * calendar: TASK_DUE_SOON to the assignee on the working day before the deadline and on the day,
 * TASK_OVERDUE the day after, APPROVAL_WAITING to the approver once a submission has waited 2 days.
 * `now` is injected (the tests' clock).
 */
export async function sendTaskReminders(deps: Deps, now = new Date()) {
  const zone = deps.config.TIME_ZONE
  const today = todayIn(zone, now)
  if (hourIn(zone, now) < REMINDER_HOUR) return 0
  let sent = 0
  if (isWorkingDay(today))
    sent += await remind(
      deps,
      'due_before',
      'TASK_DUE_SOON',
      sql`select task_id, deadline as for_date from tasks
        where status = 'In Progress' and deadline > ${today} and deadline <= ${nextWorkingDay(today)}`,
      'assignee',
      (title, due) => `The task '${title}' is due on ${formatDate(due)}.`,
    )
  sent += await remind(
    deps,
    'due_today',
    'TASK_DUE_SOON',
    sql`select task_id, deadline as for_date from tasks where status = 'In Progress' and deadline = ${today}`,
    'assignee',
    (title) => `The task '${title}' is due today.`,
  )
  sent += await remind(
    deps,
    'overdue',
    'TASK_OVERDUE',
    sql`select task_id, deadline as for_date from tasks where status = 'In Progress'
      and deadline < ${today} and deadline >= ${addDays(today, -OVERDUE_LOOKBACK_DAYS)}`,
    'assignee',
    (title, due) => `The task '${title}' is overdue: it was due on ${formatDate(due)}.`,
  )
  const waitedSince = new Date(now.getTime() - APPROVAL_WAIT_DAYS * 24 * 60 * 60_000)
  sent += await remind(
    deps,
    'approval_waiting',
    'APPROVAL_WAITING',
    sql`select task_id, (submitted_at at time zone ${zone})::date as for_date from tasks
      where status = 'Pending Approval' and submitted_at <= ${waitedSince.toISOString()}::timestamptz`,
    'creator',
    (title) => `The task '${title}' has waited ${APPROVAL_WAIT_DAYS} days for your approval.`,
  )
  return sent
}
