import {
  type ActiveTaskQuery,
  matchesTaskSearch,
  sortTasks,
  TASK_PAGE_SIZE,
  TASK_STATUS,
  type TaskDue,
  type TaskExportQuery,
  type TaskListRow,
  type TaskPerson,
  type TaskSort,
  type TaskStatus,
  type TaskTab,
  taskMessages,
  taskSorts,
  taskTab,
  todayIn,
} from '@daftar/domain'
import { and, asc, count, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx } from '../../db/connection.ts'
import {
  builtPerShape,
  callerPlaceholders,
  callerValues,
  constant,
  prepared,
  preparedArrays,
} from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { anyLike, likePattern } from '../../platform/listing.ts'
import { countAlongside, countOf, totalPages } from '../../platform/pagination.ts'
import { EXPORT_BATCH } from '../../platform/spreadsheet-export.ts'
import { accessEntries } from '../access/schema.ts'
import { categories } from '../categories/schema.ts'
import { users } from '../users/schema.ts'
import { loadPeople, peopleRecord } from './people.ts'
import { presentTask, type TaskListRowData } from './presenter.ts'
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
export function myMemberships(ctx: Pick<RequestContext, 'orgId' | 'username'>, statuses: TaskStatus[]): SQL {
  return and(
    eq(taskMembers.orgId, ctx.orgId),
    eq(taskMembers.username, ctx.username),
    sql`${taskMembers.status} in (${sql.join(statuses.map(constant), sql`, `)})`,
  )!
}

/**
 * In Progress, the caller its current assignee (the last of the chain: a CC is not an assignment)
 * and its deadline `dues` against `today`, the organisation's day: the home page's 'Overdue tasks'
 * and 'Due today' cards and the task list's Due filter, which their 'View all' opens, so that the list
 * shows exactly what the card counts (docs/decisions.md, "The home page").
 */
export function dueFor(
  caller: Pick<RequestContext, 'username'>,
  today: SQLWrapper | string,
  dues: readonly TaskDue[],
): SQL {
  return and(
    eq(tasks.status, TASK_STATUS.inProgress),
    sql`${tasks.assignmentChain}[array_length(${tasks.assignmentChain}, 1)] = ${caller.username}`,
    sql`${dueOf(today)} in (${sql.join(dues.map(constant), sql`, `)})`,
  )!
}

/** Which Due a task's deadline is on `today`: 'overdue' before it, 'today' on it, else null. */
export const dueOf = (today: SQLWrapper | string) =>
  sql<TaskDue | null>`(case when ${tasks.deadline} < ${today} then 'overdue' when ${tasks.deadline} = ${today} then 'today' end)`

/** Who asks: a prepared list statement names them by placeholders, the one task's read by value. */
type Asker = { isAdmin: SQLWrapper | boolean; userId: SQLWrapper | string }
const askerPlaceholders: Asker = { isAdmin: sql.placeholder('isAdmin'), userId: sql.placeholder('userId') }

/**
 * Whether the caller may open a task's linked project or client, worked out in the statement that
 * reads the task (a list's or the one task's): admins always, others when the record is on their
 * access list.
 */
const mayOpen = (entityType: 'PROJECT' | 'CLIENT', id: PgColumn, asker = askerPlaceholders) =>
  sql<boolean>`(${id} is not null and (${asker.isAdmin}::boolean or exists (select 1 from ${accessEntries} where ${accessEntries.orgId} = ${tasks.orgId} and ${accessEntries.userId} = ${asker.userId} and ${accessEntries.entityType} = ${sql.raw(`'${entityType}'`)} and ${accessEntries.entityId} = ${id})))`

/** A list row's creator and assignee, joined as registered (active) users of its organisation. */
const creator = alias(users, 'task_creator')
const assignee = alias(users, 'task_assignee')
const registered = (user: typeof creator | typeof assignee, username: SQL) =>
  and(eq(user.orgId, tasks.orgId), eq(user.username, username), eq(user.isActive, true))

/** The columns of a list row (domain `taskListRow`) and of the people it names, in the statement's order. */
const listColumns = () => ({
  taskId: tasks.taskId,
  title: tasks.title,
  projectName: tasks.projectName,
  projectId: tasks.projectId,
  clientName: tasks.clientName,
  clientId: tasks.clientId,
  assignmentChain: tasks.assignmentChain,
  cc: tasks.cc,
  deadline: tasks.deadline,
  addedDate: tasks.addedDate,
  status: tasks.status,
  categoryName: categories.categoryName,
  categoryColor: categories.categoryColor,
  projectReadable: mayOpen('PROJECT', tasks.projectId),
  clientReadable: mayOpen('CLIENT', tasks.clientId),
  creatorName: creator.fullName,
  creatorEmployeeId: creator.employeeId,
  assigneeName: assignee.fullName,
  assigneeEmployeeId: assignee.employeeId,
})
type ListColumn = keyof ReturnType<typeof listColumns>
const LIST_COLUMNS = Object.keys(listColumns()) as ListColumn[]

/** A list's statement: its row columns after `extra`'s, which ride along (a page's count). */
const taskListRows = <Extra extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra = {} as Extra) =>
  db
    .select({ ...extra, ...listColumns() })
    .from(tasks)
    .leftJoin(categories, eq(categories.categoryId, tasks.categoryId))
    .leftJoin(creator, registered(creator, sql`${tasks.assignmentChain}[1]`))
    .leftJoin(
      assignee,
      registered(assignee, sql`${tasks.assignmentChain}[array_length(${tasks.assignmentChain}, 1)]`),
    )

type ListedRow = TaskListRowData & {
  creatorName: string | null
  creatorEmployeeId: string | null
  assigneeName: string | null
  assigneeEmployeeId: string | null
}

/** A list row's value of `column`, as its statement reads it. */
const cell = <K extends ListColumn>(row: unknown[], at: Record<ListColumn, number>, column: K) =>
  row[at[column]] as ListedRow[K]

/**
 * A list's answer from its rows as arrays, in one pass: the rows, and the creators and assignees they
 * name (the people the lists show), read with the rows. A name missing is "no longer a registered
 * user".
 */
function present(rows: unknown[][], at: Record<ListColumn, number>) {
  const people: Record<string, TaskPerson> = {}
  const add = (username: string | undefined, fullName: string | null, employeeId: string | null) => {
    if (username && fullName !== null)
      people[username] = { username, full_name: fullName, employee_id: employeeId }
  }
  const list = rows.map((row): TaskListRow => {
    const chain = cell(row, at, 'assignmentChain')
    add(chain[0], cell(row, at, 'creatorName'), cell(row, at, 'creatorEmployeeId'))
    add(chain.at(-1), cell(row, at, 'assigneeName'), cell(row, at, 'assigneeEmployeeId'))
    return {
      task_id: cell(row, at, 'taskId'),
      title: cell(row, at, 'title'),
      project: cell(row, at, 'projectName'),
      project_id: cell(row, at, 'projectId'),
      project_readable: cell(row, at, 'projectReadable'),
      client: cell(row, at, 'clientName'),
      client_id: cell(row, at, 'clientId'),
      client_readable: cell(row, at, 'clientReadable'),
      assignment_chain: chain,
      cc: cell(row, at, 'cc'),
      deadline: cell(row, at, 'deadline'),
      added_date: cell(row, at, 'addedDate').toISOString(),
      status: cell(row, at, 'status'),
      category_name: cell(row, at, 'categoryName'),
      category_color: cell(row, at, 'categoryColor'),
    }
  })
  return { tasks: list, people }
}

const listValues = (ctx: RequestContext) => ({ ...callerValues(ctx), isAdmin: ctx.isAdmin })

/**
 * Every active task of the caller (the three tabs are worked out in the browser, see taskTab), or
 * only those of a Due filter (`dueFor`), judged on the organisation's day.
 */
export async function listActiveTasks(deps: Deps, ctx: RequestContext, query: ActiveTaskQuery = {}) {
  const { due } = query
  return activeTasks(deps.db, due ?? null).execute({
    ...listValues(ctx),
    today: due ? todayIn(deps.config.TIME_ZONE) : undefined,
  })
}

/** One statement per Due filter (none, overdue, today); a filter reads only In Progress member rows. */
const activeTasks = builtPerShape(
  (due: TaskDue | null) => due ?? '',
  (db: Db, due: TaskDue | null) => {
    const caller = callerPlaceholders()
    const mine = db
      .select({ id: taskMembers.taskId })
      .from(taskMembers)
      .where(
        myMemberships(
          caller,
          due ? [TASK_STATUS.inProgress] : [TASK_STATUS.inProgress, TASK_STATUS.pendingApproval],
        ),
      )
    return preparedArrays(
      db,
      taskListRows(db)
        .where(
          and(
            eq(tasks.orgId, caller.orgId),
            inArray(tasks.taskId, mine),
            due ? dueFor(caller, sql.placeholder('today'), [due]) : undefined,
          ),
        )
        .orderBy(asc(tasks.addedDate))
        .limit(2000),
      LIST_COLUMNS,
      present,
    )
  },
)

type ClosedKind = 'finished' | 'deleted'

/** What changes a closed list's statements; the caller, the search and the category are placeholders. */
interface ClosedShape {
  kind: ClosedKind
  oldestFirst: boolean
  search: boolean
  category: boolean
  /** A page of the list, or a batch of its export: a constant of the statement (see `constant`). */
  pageSize: number
}

const paged = <Q extends PgSelect>(qb: Q, pageSize: number) =>
  qb.limit(constant(pageSize) as unknown as number).offset(sql.placeholder('offset') as unknown as number)

/**
 * A filtered closed list's ids and count: the caller's member ids first (`= any(array(…))`), then only
 * their tasks, matched. Joined, the planner scanned every task of the organisation for the terms
 * (docs/decisions.md, "Statements built once").
 */
function matchingTasks(db: DbOrTx, caller: RequestContext, mine: SQL, filters: SQL, order: SQL[]) {
  const matching = and(
    eq(tasks.orgId, caller.orgId),
    sql`${tasks.taskId} = any(array(${db.select({ id: taskMembers.taskId }).from(taskMembers).where(mine)}))`,
    filters,
  )
  const filtered = <Q extends PgSelect>(qb: Q) =>
    qb.leftJoin(categories, eq(categories.categoryId, tasks.categoryId)).where(matching)
  return {
    page: filtered(db.select({ id: tasks.taskId }).from(tasks).$dynamic()).orderBy(...order),
    total: filtered(db.select({ n: count() }).from(tasks).$dynamic()),
  }
}

/**
 * A closed list's page and count, built once per shape (platform/built-once.ts). task_members.listed_at
 * is the list's date for its status, so the page and the count come from the member index; the tasks
 * themselves are read only for the page (or when a filter needs their columns).
 */
const closedStatements = builtPerShape(
  (shape: ClosedShape) => JSON.stringify(shape),
  (db: Db, shape: ClosedShape) => {
    const caller = callerPlaceholders()
    const status = shape.kind === 'finished' ? TASK_STATUS.completed : TASK_STATUS.deleted
    const when = shape.kind === 'finished' ? tasks.approvedAt : tasks.deletionDate
    const filters = and(
      shape.search
        ? anyLike(
            [
              tasks.title,
              tasks.projectName,
              tasks.clientName,
              sql`array_to_string(${tasks.assignmentChain}, ' ')`,
            ],
            sql.placeholder('pattern'),
          )
        : undefined,
      shape.category
        ? sql`lower(${categories.categoryName}) = lower(${sql.placeholder('category')})`
        : undefined,
    )
    const direction = shape.oldestFirst ? asc : desc
    const searched = { planEach: shape.search }
    const mine = myMemberships(caller, [status])
    const { page, total } = filters
      ? matchingTasks(db, caller, mine, filters, [direction(when), direction(tasks.taskId)])
      : {
          page: db
            .select({ id: taskMembers.taskId })
            .from(taskMembers)
            .where(mine)
            .orderBy(direction(taskMembers.listedAt), direction(taskMembers.taskId))
            .$dynamic(),
          total: db.select({ n: count() }).from(taskMembers).where(mine),
        }
    return {
      rows: preparedArrays(
        db,
        taskListRows(db, { total: countAlongside(total) })
          .where(and(eq(tasks.orgId, caller.orgId), inArray(tasks.taskId, paged(page, shape.pageSize))))
          .orderBy(direction(when), direction(tasks.taskId)),
        ['total', ...LIST_COLUMNS],
        (rows, at) => ({ ...present(rows, at), counted: rows[0]?.[at.total] as number | undefined }),
        searched,
      ),
      total: prepared(total, searched),
    }
  },
)

export async function listClosedTasks(
  deps: Deps,
  ctx: RequestContext,
  kind: ClosedKind,
  query: { page: number; searchQuery: string; selectedCategory: string; sortBy: string },
  pageSize = TASK_PAGE_SIZE,
) {
  const oldestFirst = query.sortBy === 'firstFinished' || query.sortBy === 'firstDeleted'
  const shape = {
    kind,
    oldestFirst,
    search: query.searchQuery !== '',
    category: query.selectedCategory !== '',
    pageSize,
  }
  const { rows: page, total: counted } = closedStatements(deps.db, shape)
  const values = {
    ...listValues(ctx),
    pattern: shape.search ? likePattern(query.searchQuery) : undefined,
    category: shape.category ? query.selectedCategory : undefined,
  }
  const { counted: alongside, ...answer } = await page.execute({
    ...values,
    offset: (query.page - 1) * pageSize,
  })
  const total = await countOf(alongside, query.page, () => counted.execute(values))
  return {
    ...answer,
    totalPages: totalPages(total, pageSize),
    currentPage: query.page,
  }
}

/** One visible task with its comments; `status` narrows it to the finished or deleted list's tasks. */
export async function getTask(deps: Deps, ctx: RequestContext, taskId: string, status?: TaskStatus) {
  const [row] = await deps.db
    .select({
      t: tasks,
      categoryName: categories.categoryName,
      categoryColor: categories.categoryColor,
      project: mayOpen('PROJECT', tasks.projectId, ctx),
      client: mayOpen('CLIENT', tasks.clientId, ctx),
    })
    .from(tasks)
    .leftJoin(categories, eq(categories.categoryId, tasks.categoryId))
    .where(and(eq(tasks.taskId, taskId), visibleTo(ctx), status ? eq(tasks.status, status) : undefined))
  if (!row) throw notFound(taskMessages.notFound)
  const [commentRows, people] = await Promise.all([
    deps.db.select().from(comments).where(eq(comments.taskId, taskId)).orderBy(asc(comments.createdAt)),
    loadPeople(deps.db, ctx.orgId, [...row.t.assignmentChain, ...row.t.cc]),
  ])
  return {
    ...presentTask(
      row.t,
      { name: row.categoryName, color: row.categoryColor },
      people,
      { project: row.project, client: row.client },
      commentRows,
    ),
    people: peopleRecord(people),
  }
}

/**
 * GET /tasks/export: the rows of one task list with its filters, in its order (docs/decisions.md,
 * "Exports"). The active list is the caller's own (at most what GET /tasks answers, with its Due
 * filter), filtered and sorted as the browser does, and narrowed to a tab when one is asked; the
 * finished and deleted lists are read EXPORT_BATCH at a time.
 */
export async function* taskExportRows(deps: Deps, ctx: RequestContext, query: TaskExportQuery) {
  const { view } = query
  if (view === 'active') {
    const { tasks: all, people } = await listActiveTasks(deps, ctx, query)
    const category = query.selectedCategory.toLowerCase()
    const filtered = all.filter(
      (t) =>
        (!category || (t.category_name ?? '').toLowerCase() === category) &&
        matchesTaskSearch(t, query.searchQuery),
    )
    const sort = (taskSorts as readonly string[]).includes(query.sortBy)
      ? (query.sortBy as TaskSort)
      : 'deadline'
    const tabs: TaskTab[] | null =
      query.tab === 'approval' ? ['myApproval', 'othersApproval'] : query.tab ? [query.tab] : null
    const sorted = sortTasks(filtered, sort)
    const ordered = tabs
      ? tabs.flatMap((tab) => sorted.filter((t) => taskTab(t, ctx.username) === tab))
      : sorted.filter((t) => taskTab(t, ctx.username) !== null)
    for (const task of ordered) yield { task, people }
    return
  }
  for (let page = 1; ; page++) {
    const result = await listClosedTasks(deps, ctx, view, { ...query, page }, EXPORT_BATCH)
    for (const task of result.tasks) yield { task, people: result.people }
    if (result.tasks.length < EXPORT_BATCH) return
  }
}
