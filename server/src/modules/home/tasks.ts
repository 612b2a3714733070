import {
  HOME_ITEMS,
  type HomeItem,
  type HomeSection,
  TASK_STATUS,
  type TaskDue,
  taskDues,
} from '@daftar/domain'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection.ts'
import { builtOnce, callerPlaceholders, callerValues, prepared } from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { loadPeople } from '../tasks/people.ts'
import { dueFor, dueOf, myMemberships } from '../tasks/queries.ts'
import { taskMembers, tasks } from '../tasks/schema.ts'

const t = tasks
const creator = sql`${t.assignmentChain}[1]`

type TaskRow = {
  id: string
  title: string
  status: string
  deadline: string | null
  /** The Due filter of the task list it is in, if any (`dueOf`). */
  due: TaskDue | null
  addedDate: Date
  submittedAt: Date | null
  projectName: string | null
  clientName: string | null
  chain: string[]
}

export type TaskSections = {
  tasks_due_today: HomeSection
  tasks_overdue: HomeSection
  my_approvals: HomeSection
}

/**
 * The caller's open tasks that need them today: In Progress and assigned to them (the last of the
 * chain) with a deadline today or past, the task list's Due filter (`dueFor`), and Pending Approval
 * tasks they created (the rules of the task list's tabs, `taskTab`). One read of their member rows
 * (task_members, as the task list reads them) and those tasks by key, then the names of the people
 * the first items show.
 */
export async function taskSections(deps: Deps, ctx: RequestContext, today: string): Promise<TaskSections> {
  const rows: TaskRow[] = await needingMe(deps.db).execute({ ...callerValues(ctx), today })
  // Due today: newest first; overdue: the longest overdue first; approvals: the newest submission first.
  const dueToday = rows.filter((r) => r.due === 'today').sort(byNewest((r) => r.addedDate.toISOString()))
  const overdue = rows.filter((r) => r.due === 'overdue').sort(byOldest((r) => r.deadline!))
  const approvals = rows
    .filter((r) => r.status === TASK_STATUS.pendingApproval)
    .sort(byNewest((r) => r.submittedAt?.toISOString() ?? ''))
  const shown = [dueToday, overdue, approvals].flatMap((list) => list.slice(0, HOME_ITEMS))
  const people = await loadPeople(
    deps.db,
    ctx.orgId,
    shown.flatMap((r) => r.chain.slice(-2)),
  )
  const nameOf = (username: string | undefined) =>
    username ? (people.get(username)?.full_name ?? username) : ''
  const assigned = (r: TaskRow): HomeItem => ({
    ...taskItem(r),
    subtitle: joined(
      r.projectName ?? r.clientName,
      r.chain.length > 1 ? `From ${nameOf(r.chain.at(-2))}` : 'Your own task',
    ),
    date: r.deadline,
  })
  const waiting = (r: TaskRow): HomeItem => ({
    ...taskItem(r),
    subtitle: joined(r.projectName ?? r.clientName, `Submitted by ${nameOf(r.chain.at(-1))}`),
    date: r.submittedAt?.toISOString() ?? null,
  })
  return {
    tasks_due_today: sectionOf(dueToday, assigned),
    tasks_overdue: sectionOf(overdue, assigned),
    my_approvals: sectionOf(approvals, waiting),
  }
}

const needingMe = builtOnce((db: Db) => {
  const ctx = callerPlaceholders()
  const today = sql.placeholder('today')
  const mine = db
    .select({ id: taskMembers.taskId })
    .from(taskMembers)
    .where(myMemberships(ctx, [TASK_STATUS.inProgress, TASK_STATUS.pendingApproval]))
  return prepared(
    db
      .select({
        id: t.taskId,
        title: t.title,
        status: t.status,
        deadline: t.deadline,
        due: sql<TaskDue | null>`case when ${dueFor(ctx, today, taskDues)} then ${dueOf(today)} end`,
        addedDate: t.addedDate,
        submittedAt: t.submittedAt,
        projectName: t.projectName,
        clientName: t.clientName,
        chain: t.assignmentChain,
      })
      .from(t)
      .where(
        and(
          eq(t.orgId, ctx.orgId),
          inArray(t.taskId, mine),
          or(
            dueFor(ctx, today, taskDues),
            and(eq(t.status, TASK_STATUS.pendingApproval), sql`${creator} = ${ctx.username}`),
          ),
        ),
      ),
  )
})

const taskItem = (r: TaskRow) => ({ id: r.id, title: r.title, url: `/tasks?task=${r.id}` })

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ')

function sectionOf(rows: TaskRow[], present: (r: TaskRow) => HomeItem): HomeSection {
  return { count: rows.length, items: rows.slice(0, HOME_ITEMS).map(present) }
}

/** Sort by a text key (ISO days and instants order as text), ties by id so the answer is stable. */
const byOldest = (key: (r: TaskRow) => string) => (a: TaskRow, b: TaskRow) =>
  compare(key(a), key(b)) || compare(a.id, b.id)
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const byNewest = (key: (r: TaskRow) => string) => (a: TaskRow, b: TaskRow) => byOldest(key)(b, a)
