import {
  addDays,
  describeRule,
  NEXT_OCCURRENCES,
  nextOccurrences,
  RECURRING_PAGE_SIZE,
  type RecurringTask,
  type RecurringTaskInput,
  recurringMessages,
  startsInReach,
  type TaskInput,
  todayIn,
} from '@daftar/domain'
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, forbidden, notFound, preconditionFailed } from '../../platform/errors.ts'
import { totalPages } from '../../platform/pagination.ts'
import { visibleTo } from '../tasks/queries.ts'
import { resolveTaskFields } from '../tasks/rules.ts'
import { tasks } from '../tasks/schema.ts'
import { users } from '../users/schema.ts'
import { runSeries } from './job.ts'
import { recurringOccurrences, recurringTasks } from './schema.ts'

const s = recurringTasks
export type SeriesRow = typeof s.$inferSelect

/** Who sees a series: its owner, its assignee and CC, and the admins (docs/decisions.md). */
function visible(ctx: RequestContext): SQL | undefined {
  if (ctx.isAdmin) return eq(s.orgId, ctx.orgId)
  return and(
    eq(s.orgId, ctx.orgId),
    or(
      eq(s.ownerId, ctx.userId),
      sql`${ctx.userId}::uuid = any(${s.assignedTo})`,
      sql`${ctx.userId}::uuid = any(${s.cc})`,
    ),
  )
}

const mayEdit = (ctx: RequestContext, row: SeriesRow) => ctx.isAdmin || row.ownerId === ctx.userId

/** The task a date of the series creates, as Create Task's form would send it. */
export function taskInputOf(
  row: Pick<SeriesRow, 'title' | 'description' | 'categoryId' | 'projectId' | 'clientId' | 'deadlineDays'>,
  usernames: { assignee: string | null; cc: string[] },
  date: string,
): TaskInput {
  return {
    title: row.title,
    project: null,
    projectId: row.projectId,
    client: null,
    clientId: row.clientId,
    assignTo: usernames.assignee,
    deadline: addDays(date, row.deadlineDays),
    startDate: date,
    details: row.description,
    category: row.categoryId,
    cc: usernames.cc,
    removeAttachment: false,
  }
}

/** Usernames of the given user ids of the organisation (active or not), in one query. */
export async function usernamesOf(db: DbOrTx, orgId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { username: string; fullName: string }>()
  const rows = await db
    .select({ id: users.userId, username: users.username, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.userId, ids)))
  return new Map(rows.map((r) => [r.id, { username: r.username, fullName: r.fullName }]))
}

/** The first date not yet due: the first of the rule on or after `from`, or null when it has ended. */
export const firstDateFrom = (rule: string, startsOn: string, from: string) =>
  nextOccurrences(rule, startsOn, from, 1)[0] ?? null

/**
 * The next `count` dates a series will create a task on: none once it has ended; from its next due
 * day, or from tomorrow once that day has come.
 */
function comingDates(series: SeriesRow, today: string, count: number) {
  if (!series.active || !series.nextDueOn) return []
  const from = series.nextDueOn > today ? series.nextDueOn : addDays(today, 1)
  return nextOccurrences(series.rule, series.startsOn, from, count)
}

async function present(deps: Deps, ctx: RequestContext, rows: SeriesRow[]): Promise<RecurringTask[]> {
  if (rows.length === 0) return []
  const ids = [...new Set(rows.flatMap((r) => [r.ownerId, ...r.assignedTo, ...r.cc]))]
  const seriesIds = rows.map((r) => r.seriesId)
  const [people, last] = await Promise.all([
    usernamesOf(deps.db, ctx.orgId, ids),
    // The task of each series' latest created date, in one query (read from the primary key).
    deps.db.execute<{ series_id: string; task_id: string }>(sql`
      select distinct on (series_id) series_id, task_id from ${recurringOccurrences}
      where series_id in (${sql.join(
        seriesIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and task_id is not null
      order by series_id, occurrence_date desc`),
  ])
  const lastBySeries = new Map(last.rows.map((r) => [r.series_id, r.task_id]))
  const today = todayIn(deps.config.TIME_ZONE)
  const ref = (id: string) => ({
    user_id: id,
    username: people.get(id)?.username ?? '',
    full_name: people.get(id)?.fullName ?? '',
  })
  return rows.map((r) => ({
    series_id: r.seriesId,
    title: r.title,
    description: r.description,
    category_id: r.categoryId,
    project_id: r.projectId,
    client_id: r.clientId,
    assigned_to: r.assignedTo,
    cc: r.cc,
    people: [...new Set([...r.assignedTo, ...r.cc])].map(ref),
    rule: r.rule,
    rule_text: describeRule(r.rule, r.startsOn),
    starts_on: r.startsOn,
    deadline_days: r.deadlineDays,
    active: r.active,
    catch_up: r.catchUp as RecurringTask['catch_up'],
    owner: ref(r.ownerId),
    can_edit: mayEdit(ctx, r),
    next_occurrences: comingDates(r, today, NEXT_OCCURRENCES),
    last_created_task_id: lastBySeries.get(r.seriesId) ?? null,
    created_at: r.createdAt.toISOString(),
    version: r.version,
  }))
}

export async function listSeries(deps: Deps, ctx: RequestContext, page: number) {
  const where = visible(ctx)
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(s)
      .where(where)
      .orderBy(desc(s.createdAt), desc(s.seriesId))
      .limit(RECURRING_PAGE_SIZE)
      .offset((page - 1) * RECURRING_PAGE_SIZE),
    deps.db.select({ n: count() }).from(s).where(where),
  ])
  return {
    recurring_tasks: await present(deps, ctx, rows),
    totalPages: totalPages(total?.n ?? 0, RECURRING_PAGE_SIZE),
    currentPage: page,
  }
}

async function load(deps: Deps, ctx: RequestContext, id: string) {
  const [row] = await deps.db
    .select()
    .from(s)
    .where(and(eq(s.seriesId, id), visible(ctx)))
  if (!row) throw notFound(recurringMessages.notFound)
  return row
}

export async function getSeries(deps: Deps, ctx: RequestContext, id: string) {
  return (await present(deps, ctx, [await load(deps, ctx, id)]))[0]!
}

/**
 * The series' template checked as Create Task checks a hand-made task, by the one who saves it: only
 * a task they could create by hand may repeat (users of the organisation, its project, client and
 * category).
 */
async function checkTemplate(deps: Deps, ctx: RequestContext, input: RecurringTaskInput) {
  const people = await usernamesOf(deps.db, ctx.orgId, [...input.assigned_to, ...input.cc])
  const name = (id: string) => {
    const person = people.get(id)
    if (!person) throw badRequest('The assignee or a CC user is not a registered user.')
    return person.username
  }
  const usernames = {
    assignee: input.assigned_to[0] ? name(input.assigned_to[0]) : null,
    cc: input.cc.map(name),
  }
  await resolveTaskFields(
    deps.db,
    ctx,
    taskInputOf(
      {
        title: input.title,
        description: input.description,
        categoryId: input.category_id,
        projectId: input.project_id,
        clientId: input.client_id,
        deadlineDays: input.deadline_days,
      },
      usernames,
      input.starts_on,
    ),
  )
}

const columnsOf = (input: RecurringTaskInput) => ({
  title: input.title,
  description: input.description,
  categoryId: input.category_id,
  projectId: input.project_id,
  clientId: input.client_id,
  assignedTo: input.assigned_to,
  cc: input.cc,
  rule: input.rule,
  startsOn: input.starts_on,
  deadlineDays: input.deadline_days,
  active: input.active,
  catchUp: input.catch_up,
  nextDueOn: firstDateFrom(input.rule, input.starts_on, input.starts_on),
})

/** Creates the dates on or before today at once, as the job would (docs/decisions.md). */
async function catchUpNow(deps: Deps, seriesId: string) {
  const [row] = await deps.db.select().from(s).where(eq(s.seriesId, seriesId))
  if (row) await runSeries(deps, row, todayIn(deps.config.TIME_ZONE))
}

export async function createSeries(deps: Deps, ctx: RequestContext, input: RecurringTaskInput) {
  await checkTemplate(deps, ctx, input)
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s)
      .values({ orgId: ctx.orgId, ownerId: ctx.userId, ...columnsOf(input) })
      .returning()
    await audit(tx, ctx, {
      action: 'RECURRING_TASK_CREATE',
      entityType: 'RECURRING_TASK',
      entityId: row!.seriesId,
      after: { title: row!.title, rule: row!.rule },
    })
    return row!
  })
  await catchUpNow(deps, row.seriesId)
  return { message: recurringMessages.created, recurring_task: await getSeries(deps, ctx, row.seriesId) }
}

/**
 * An edit (pause and resume are edits of `active`). The dates already created stay; the rule's dates
 * from today on follow the new rule, and none already dealt with is created again (the claim rows).
 */
export async function updateSeries(
  deps: Deps,
  ctx: RequestContext,
  id: string,
  input: RecurringTaskInput,
  version?: number,
) {
  const row = await load(deps, ctx, id)
  if (!mayEdit(ctx, row)) throw forbidden(recurringMessages.notAllowed)
  if (version !== undefined && version !== row.version) throw preconditionFailed()
  const today = todayIn(deps.config.TIME_ZONE)
  // The start already saved stays, however far back; a moved one is bounded as a new series' is.
  if (input.starts_on !== row.startsOn && !startsInReach(input.starts_on, today))
    throw badRequest(recurringMessages.startsTooEarly)
  await checkTemplate(deps, ctx, input)
  const columns = columnsOf(input)
  // An edit takes effect from today: earlier dates were the old rule's, and a paused series resumed
  // does not make up the dates of its pause. Only dates an active series still owes (a server was
  // down over them) are kept owed.
  const from = row.active && row.nextDueOn !== null && row.nextDueOn <= today ? row.nextDueOn : today
  columns.nextDueOn = firstDateFrom(input.rule, input.starts_on, [input.starts_on, from].sort()[1]!)
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(s)
      .set({ ...columns, updatedAt: new Date(), version: sql`${s.version} + 1` })
      .where(and(eq(s.seriesId, id), eq(s.version, row.version)))
      .returning({ id: s.seriesId })
    if (!updated) throw preconditionFailed()
    await audit(tx, ctx, {
      action: 'RECURRING_TASK_UPDATE',
      entityType: 'RECURRING_TASK',
      entityId: id,
      before: { title: row.title, rule: row.rule, active: row.active },
      after: { title: input.title, rule: input.rule, active: input.active },
    })
  })
  await catchUpNow(deps, id)
  return { message: recurringMessages.updated, recurring_task: await getSeries(deps, ctx, id) }
}

/** Ending a series deletes it; the tasks it created stay, unlinked (docs/decisions.md). */
export async function endSeries(deps: Deps, ctx: RequestContext, id: string) {
  const row = await load(deps, ctx, id)
  if (!mayEdit(ctx, row)) throw forbidden(recurringMessages.notAllowed)
  await deps.db.transaction(async (tx) => {
    await tx.update(tasks).set({ seriesId: null }).where(eq(tasks.seriesId, id))
    await tx.delete(s).where(eq(s.seriesId, id))
    await audit(tx, ctx, {
      action: 'RECURRING_TASK_END',
      entityType: 'RECURRING_TASK',
      entityId: id,
      before: { title: row.title, rule: row.rule },
    })
  })
  return { message: recurringMessages.ended }
}

/** The series of a task the caller may see, for the line on its detail. */
export async function seriesOfTask(deps: Deps, ctx: RequestContext, taskId: string) {
  const [row] = await deps.db
    .select({ series: s })
    .from(tasks)
    .leftJoin(s, eq(s.seriesId, tasks.seriesId))
    .where(and(eq(tasks.taskId, taskId), eq(tasks.orgId, ctx.orgId), visibleTo(ctx)))
  if (!row) throw notFound('Task not found.')
  const series = row.series
  if (!series) return { series: null }
  const today = todayIn(deps.config.TIME_ZONE)
  return {
    series: {
      series_id: series.seriesId,
      rule: series.rule,
      starts_on: series.startsOn,
      active: series.active,
      next_occurrence: comingDates(series, today, 1)[0] ?? null,
    },
  }
}
