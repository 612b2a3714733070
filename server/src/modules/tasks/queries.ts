import { TASK_PAGE_SIZE, TASK_STATUS, type TaskPerson, type TaskStatus, taskMessages } from '@daftar/domain'
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { searchAny } from '../../platform/listing.ts'
import { totalPages } from '../../platform/pagination.ts'
import { accessEntries } from '../access/schema.ts'
import { categories } from '../categories/schema.ts'
import { users } from '../users/schema.ts'
import { type CommentRow, presentTask } from './presenter.ts'
import { comments, taskMembers, tasks } from './schema.ts'

/** A task is visible to the members of its assignment chain and its CC, nobody else (docs/product.md, "The assignment chain and CC"). */
export function visibleTo(ctx: Pick<RequestContext, 'orgId' | 'username'>): SQL {
  const me = sql`array[${ctx.username}]::text[]`
  return and(eq(tasks.orgId, ctx.orgId), sql`(${tasks.assignmentChain} @> ${me} or ${tasks.cc} @> ${me})`)!
}

/**
 * The caller's member rows of tasks in `statuses` (task_members mirrors chain and CC, so this is
 * `visibleTo` for lists): one range of task_members_list_idx, read index-only.
 */
function myMemberships(ctx: Pick<RequestContext, 'orgId' | 'username'>, statuses: TaskStatus[]): SQL {
  return and(
    eq(taskMembers.orgId, ctx.orgId),
    eq(taskMembers.username, ctx.username),
    statuses.length === 1 ? eq(taskMembers.status, statuses[0]!) : inArray(taskMembers.status, statuses),
  )!
}

/**
 * Whether the caller may open the record `id` of `type` links to (admins: every one; others: those on
 * their access list), so the web links only those (issue 10, defect 10).
 */
function readable(
  ctx: Pick<RequestContext, 'orgId' | 'userId' | 'isAdmin'>,
  id: PgColumn,
  type: 'PROJECT' | 'CLIENT',
) {
  if (ctx.isAdmin) return sql<boolean>`(${id} is not null)`
  return sql<boolean>`exists (select 1 from ${accessEntries} where ${and(
    eq(accessEntries.orgId, ctx.orgId),
    eq(accessEntries.userId, ctx.userId),
    eq(accessEntries.entityType, type),
    eq(accessEntries.entityId, id),
  )})`
}

/** The registered (active) users a task names in its chain and CC: see loadPeople. */
const namedPeople = sql<TaskPerson[]>`(select coalesce(json_agg(json_build_object(
    'username', ${users.username}, 'full_name', ${users.fullName}, 'employee_id', ${users.employeeId})), '[]'::json)
  from ${users}
  where ${users.orgId} = ${tasks.orgId} and ${users.isActive}
    and ${users.username} = any(${tasks.assignmentChain} || ${tasks.cc}))`

/**
 * A task with its category, the people it names and the caller's access to its links, in one row:
 * a list is one round trip (docs/decisions.md, "Task lists in one round trip (issue 12, third round)").
 */
const taskFields = (ctx: RequestContext) => ({
  t: tasks,
  categoryName: categories.categoryName,
  categoryColor: categories.categoryColor,
  people: namedPeople,
  projectReadable: readable(ctx, tasks.projectId, 'PROJECT'),
  clientReadable: readable(ctx, tasks.clientId, 'CLIENT'),
})

const taskWithCategory = (db: DbOrTx, ctx: RequestContext) =>
  db.select(taskFields(ctx)).from(tasks).leftJoin(categories, eq(categories.categoryId, tasks.categoryId))

type TaskListRow = Awaited<ReturnType<ReturnType<typeof taskWithCategory>['execute']>>[number]

function presentRow(r: TaskListRow, people: ReadonlyMap<string, TaskPerson>, commentRows?: CommentRow[]) {
  return presentTask(
    r.t,
    { name: r.categoryName, color: r.categoryColor },
    people,
    { project: r.projectReadable, client: r.clientReadable },
    commentRows,
  )
}

/** The people record of a list: everyone its tasks name who is a registered user. */
function peopleOf(rows: TaskListRow[]): Map<string, TaskPerson> {
  return new Map(rows.flatMap((r) => r.people.map((p) => [p.username, p] as const)))
}

function present(rows: TaskListRow[]) {
  const people = peopleOf(rows)
  return {
    tasks: rows.map((r) => presentRow(r, people)),
    people: Object.fromEntries(people),
  }
}

/** Every active task of the caller (the three tabs are worked out in the browser, see taskTab). */
export async function listActiveTasks(deps: Deps, ctx: RequestContext) {
  const mine = deps.db
    .select({ id: taskMembers.taskId })
    .from(taskMembers)
    .where(myMemberships(ctx, [TASK_STATUS.inProgress, TASK_STATUS.pendingApproval]))
  const rows = await taskWithCategory(deps.db, ctx)
    .where(and(eq(tasks.orgId, ctx.orgId), inArray(tasks.taskId, mine)))
    .orderBy(asc(tasks.addedDate))
    .limit(2000)
  return present(rows)
}

type ClosedKind = 'finished' | 'deleted'

export async function listClosedTasks(
  deps: Deps,
  ctx: RequestContext,
  kind: ClosedKind,
  query: { page: number; searchQuery: string; selectedCategory: string; sortBy: string },
) {
  const status = kind === 'finished' ? TASK_STATUS.completed : TASK_STATUS.deleted
  const when = kind === 'finished' ? tasks.approvedAt : tasks.deletionDate
  const oldestFirst = query.sortBy === 'firstFinished' || query.sortBy === 'firstDeleted'
  const filters = and(
    searchAny(query.searchQuery, [
      tasks.title,
      tasks.projectName,
      tasks.clientName,
      sql`array_to_string(${tasks.assignmentChain}, ' ')`,
    ]),
    query.selectedCategory
      ? sql`lower(${categories.categoryName}) = lower(${query.selectedCategory})`
      : undefined,
  )
  // task_members.listed_at is `when` for this status, so the page and the count come from the member
  // index; the tasks themselves are read only for the page (or when a filter needs their columns).
  const direction = oldestFirst ? asc : desc
  const scope = <Q extends PgSelect>(qb: Q) =>
    filters
      ? qb
          .innerJoin(tasks, eq(tasks.taskId, taskMembers.taskId))
          .leftJoin(categories, eq(categories.categoryId, tasks.categoryId))
          .where(and(myMemberships(ctx, [status]), filters))
      : qb.where(myMemberships(ctx, [status]))
  // The count rides on the page as a window over the member rows (taken before the offset), so the
  // page, its count, people and links are one statement.
  const page = scope(
    deps.db
      .select({ id: taskMembers.taskId, total: sql<number>`count(*) over ()`.as('total') })
      .from(taskMembers)
      .$dynamic(),
  )
    .orderBy(direction(taskMembers.listedAt), direction(taskMembers.taskId))
    .limit(TASK_PAGE_SIZE)
    .offset((query.page - 1) * TASK_PAGE_SIZE)
    .as('page')
  const rows = await deps.db
    .select({ ...taskFields(ctx), total: page.total })
    .from(page)
    .innerJoin(tasks, eq(tasks.taskId, page.id))
    .leftJoin(categories, eq(categories.categoryId, tasks.categoryId))
    .where(eq(tasks.orgId, ctx.orgId))
    .orderBy(direction(when), direction(tasks.taskId))
  // A page past the end has no row to carry the count: only then is it asked for on its own.
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((await scope(deps.db.select({ n: count() }).from(taskMembers).$dynamic()))[0]?.n ?? 0)
      : 0)
  return { ...present(rows), totalPages: totalPages(total, TASK_PAGE_SIZE), currentPage: query.page }
}

/** One visible task with its comments; `status` narrows it to the finished or deleted list's tasks. */
export async function getTask(deps: Deps, ctx: RequestContext, taskId: string, status?: TaskStatus) {
  const [row] = await taskWithCategory(deps.db, ctx).where(
    and(eq(tasks.taskId, taskId), visibleTo(ctx), status ? eq(tasks.status, status) : undefined),
  )
  if (!row) throw notFound(taskMessages.notFound)
  const commentRows = await deps.db
    .select()
    .from(comments)
    .where(eq(comments.taskId, taskId))
    .orderBy(asc(comments.createdAt))
  const people = peopleOf([row])
  return { ...presentRow(row, people, commentRows), people: Object.fromEntries(people) }
}
