import { z } from 'zod'
import {
  blankIsNone,
  idTo,
  idToMessage,
  isCalendarDay,
  labelled,
  messageResponse,
  pageFields,
  requiredText,
} from './contract.ts'
import { exportQueryOf } from './export-query.ts'
import { endpoint } from './http.ts'

export const TASK_STATUS = {
  inProgress: 'In Progress',
  pendingApproval: 'Pending Approval',
  completed: 'Completed',
  deleted: 'Deleted',
} as const
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS]
export const taskStatuses = [
  TASK_STATUS.inProgress,
  TASK_STATUS.pendingApproval,
  TASK_STATUS.completed,
  TASK_STATUS.deleted,
] as const

export const TASK_PAGE_SIZE = 20
export const taskSorts = ['deadline', 'firstAdded', 'lastAdded'] as const
export type TaskSort = (typeof taskSorts)[number]
export const finishedSorts = ['lastFinished', 'firstFinished'] as const
export type FinishedSort = (typeof finishedSorts)[number]
export const deletedSorts = ['lastDeleted', 'firstDeleted'] as const
export type DeletedSort = (typeof deletedSorts)[number]

export const taskMessages = {
  titleRequired: 'Title is required.',
  notFound: 'Task not found.',
  created: 'Task Created',
  updated: 'Task Updated',
  deleted: 'Task Deleted',
  approved: 'Task Approved',
  rejected: 'Task Rejected',
  commentAdded: 'Comment Added',
  submitting: 'Task submitted for approval...',
  submitted: 'Task submitted successfully!',
  deleteFailed: 'Error: Could not delete task. Restoring list.',
  completeFailed: 'Error: Could not complete task. Restoring task.',
  createFailed: 'Error creating task',
  updateFailed: 'Error updating task',
  ccDuplicate: 'CC cannot contain the same user twice.',
  unknownUser: 'The assignee or a CC user is not a registered user.',
  commentBlank: 'Comment cannot be empty.',
  commentClosed: 'Comments cannot be added to a completed or deleted task.',
  notAllowed: 'You are not allowed to do this on this task.',
  wrongState: 'The task is not in a state that allows this.',
} as const

export const comment = z.object({
  comment_id: z.string(),
  task_id: z.string(),
  username: z.string(),
  comment_text: z.string(),
  created_at: z.string(),
})
export type Comment = z.infer<typeof comment>

/** A task as the API returns it, plus who in its chain is still a registered user. */
export const task = z.object({
  task_id: z.string(),
  title: z.string(),
  project: z.string().nullable(),
  project_id: z.string().nullable(),
  client: z.string().nullable(),
  client_id: z.string().nullable(),
  /** Whether the caller may open the linked project / client: else the web shows the name as text. */
  project_readable: z.boolean(),
  client_readable: z.boolean(),
  assignment_chain: z.array(z.string()),
  deadline: z.string().nullable(),
  start_date: z.string().nullable(),
  added_date: z.string(),
  details: z.string().nullable(),
  attachment: z.string().nullable(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  category_color: z.string().nullable(),
  cc: z.array(z.string()),
  status: z.enum(taskStatuses),
  edited_at: z.string().nullable(),
  deletion_date: z.string().nullable(),
  approved_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  completion_file: z.string().nullable(),
  completion_feedback: z.string().nullable(),
  rejection_comments: z.string().nullable(),
  comments: z.array(comment),
  creator_registered: z.boolean(),
  assignee_registered: z.boolean(),
  version: z.number().int(),
  /** The recurring task that created it, and whether it was created after its date (docs/decisions.md). */
  series_id: z.string().nullable(),
  created_late: z.boolean(),
})
export type Task = z.infer<typeof task>

/** Users of the chain and CC, by username, with their names and employee ids for links. */
export const taskPerson = z.object({
  username: z.string(),
  full_name: z.string(),
  employee_id: z.string().nullable(),
})
export type TaskPerson = z.infer<typeof taskPerson>

const peopleByUsername = z.record(z.string(), taskPerson)

/**
 * A task as the lists show it (GET /tasks, /tasks/finished, /tasks/deleted, and the task export):
 * the columns, the tab, the search, the sort and the tint. Opening a task reads its detail.
 */
export const taskListRow = task.pick({
  task_id: true,
  title: true,
  project: true,
  project_id: true,
  project_readable: true,
  client: true,
  client_id: true,
  client_readable: true,
  assignment_chain: true,
  cc: true,
  deadline: true,
  added_date: true,
  status: true,
  category_name: true,
  category_color: true,
})
export type TaskListRow = z.infer<typeof taskListRow>

/** GET /tasks: the caller's active tasks, and the creators and assignees they name (the people the lists show). */
export const activeTaskList = z.object({ tasks: z.array(taskListRow), people: peopleByUsername })
/** GET /tasks/finished and /tasks/deleted: a page of them. */
export const closedTaskPage = activeTaskList.extend(pageFields)
/** One task with its comments and people (GET /tasks/{id}, and what a create, edit or forward answers). */
export const taskWithPeople = task.extend({ people: peopleByUsername })
export const taskChangeResponse = messageResponse.extend({ task: taskWithPeople })
export const commentResponse = messageResponse.extend({ comment })

export const creatorOf = (task: Pick<Task, 'assignment_chain'>) => task.assignment_chain[0]!
export const assigneeOf = (task: Pick<Task, 'assignment_chain'>) => task.assignment_chain.at(-1)!

type Subject = Pick<Task, 'assignment_chain' | 'status' | 'creator_registered' | 'assignee_registered'>

/** The permission table of docs/product.md ("Who may do what on a task"), shared by the server (enforcement) and the web (buttons). */
export const taskPermissions = {
  approveOrReject: (t: Subject, me: string) =>
    t.status === TASK_STATUS.pendingApproval && creatorOf(t) === me,
  edit: (t: Subject, me: string) =>
    t.status === TASK_STATUS.inProgress &&
    (creatorOf(t) === me || (assigneeOf(t) === me && !t.creator_registered)),
  complete: (t: Subject, me: string) =>
    t.status === TASK_STATUS.inProgress &&
    (assigneeOf(t) === me || (creatorOf(t) === me && !t.assignee_registered)),
  delete: (t: Subject, me: string) =>
    t.status !== TASK_STATUS.completed &&
    t.status !== TASK_STATUS.deleted &&
    (creatorOf(t) === me || (assigneeOf(t) === me && !t.creator_registered)),
  /** The current assignee of an In Progress task may pass it on (docs/product.md, "The assignment chain and CC"). */
  forward: (t: Subject, me: string) => t.status === TASK_STATUS.inProgress && assigneeOf(t) === me,
  comment: (t: Subject) => t.status !== TASK_STATUS.completed && t.status !== TASK_STATUS.deleted,
}

export type TaskTab = 'my' | 'delegated' | 'myApproval' | 'othersApproval'

/** Which tab of the task list an active task belongs to for `me`, or null (docs/product.md, "The task list"). */
export function taskTab(task: Pick<Task, 'assignment_chain' | 'status' | 'cc'>, me: string): TaskTab | null {
  const chain = task.assignment_chain
  if (task.status === TASK_STATUS.inProgress) {
    if (chain.at(-1) === me || task.cc.includes(me)) return 'my'
    if (chain.slice(0, -1).includes(me)) return 'delegated'
    return null
  }
  if (task.status === TASK_STATUS.pendingApproval) {
    if (chain[0] === me) return 'myApproval'
    if (chain.includes(me) || task.cc.includes(me)) return 'othersApproval'
  }
  return null
}

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))

const optionalId = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() && v !== 'null' && v !== 'undefined' ? v.trim() : null))
  .pipe(z.string().uuid('Invalid id.').nullable())

const optionalDate = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() && v !== 'null' ? v.trim() : null))
  .refine((v) => v === null || isCalendarDay(v), 'Dates must be YYYY-MM-DD.')

const usernameList = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    if (!raw?.trim()) return []
    try {
      const list = JSON.parse(raw)
      if (Array.isArray(list) && list.every((u) => typeof u === 'string'))
        return list.map((u: string) => u.trim()).filter(Boolean)
    } catch {
      // fall through
    }
    ctx.addIssue({ code: 'custom', message: 'CC must be a JSON list of usernames.' })
    return z.NEVER
  })
  .refine((list) => new Set(list).size === list.length, taskMessages.ccDuplicate)
  .refine((list) => list.length <= 50, 'At most 50 CC users.')

/** Multipart fields of POST /tasks and PUT /tasks/{id}; the attachment travels beside them. */
export const taskInput = z.object({
  title: requiredText(taskMessages.titleRequired, 300),
  project: optionalText(200),
  projectId: optionalId,
  client: optionalText(200),
  clientId: optionalId,
  assignTo: optionalText(100),
  deadline: optionalDate,
  startDate: optionalDate,
  details: optionalText(10_000),
  category: optionalId,
  cc: usernameList,
  removeAttachment: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})
export type TaskInput = z.output<typeof taskInput>

/**
 * Create Task and Edit Task as the form holds them: the request's fields with CC as a list (the
 * request carries it as JSON text beside the attachment).
 */
export const taskFormInput = taskInput.omit({ cc: true, removeAttachment: true }).extend({
  cc: z
    .array(z.string())
    .refine((list) => new Set(list).size === list.length, taskMessages.ccDuplicate)
    .refine((list) => list.length <= 50, 'At most 50 CC users.'),
})

export const completeTaskInput = z.object({ completionFeedback: optionalText(10_000) })
export const rejectTaskInput = z.object({ rejectionComment: optionalText(5_000) })
export const forwardTaskInput = z.object({
  assignTo: z.string().trim().min(1, 'Choose whom to forward the task to.').max(100),
})
export const commentInput = z.object({
  task_id: z.string().uuid('Invalid id.'),
  comment_text: z
    .string({ error: taskMessages.commentBlank })
    .trim()
    .min(1, taskMessages.commentBlank)
    .max(5_000),
})

/**
 * The active list's Due filter: the In Progress tasks I am the current assignee of, past their
 * deadline or due today on the organisation's day. It is what the home page's 'Overdue tasks' and
 * 'Due today' cards count, and their 'View all' opens the list with it (docs/product.md, "The task
 * list").
 */
export const { values: taskDues, labels: taskDueLabels } = labelled([
  ['overdue', 'My overdue tasks'],
  ['today', 'My tasks due today'],
])
export type TaskDue = (typeof taskDues)[number]
const dueFilter = blankIsNone(z.enum(taskDues))

/** GET /tasks: the Due filter, none when absent or blank. */
export const activeTaskQuery = z.object({ due: dueFilter })
export type ActiveTaskQuery = z.output<typeof activeTaskQuery>

/** A closed list's query; a sort it does not have is refused (400), as every list's is (docs/decisions.md, "Tasks and notifications"). */
const listQuery = <const T extends readonly [string, ...string[]]>(sorts: T) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    searchQuery: z.string().trim().max(200).optional().default(''),
    selectedCategory: z.string().trim().max(100).optional().default(''),
    sortBy: z.enum(sorts).default(sorts[0]),
  })
export const finishedQuery = listQuery(finishedSorts)
/** GET /tasks/export: the list (`view`) and its filters; the active list's sort is the browser's. */
export type TaskExportQuery = z.output<typeof taskExportQuery>
export const taskExportQuery = exportQueryOf(
  listQuery([...finishedSorts, ...deletedSorts, ...taskSorts]).extend({
    view: z.enum(['active', 'finished', 'deleted']).default('active'),
    /** The active list's tab (My Tasks, Delegated, Approval); all three unless given. */
    tab: blankIsNone(z.enum(['my', 'delegated', 'approval'])),
    /** The active list's Due filter (`activeTaskQuery`). */
    due: dueFilter,
  }),
)
export const deletedQuery = listQuery(deletedSorts)

/**
 * The task endpoints (docs/architecture.md, "One contract"). Create and edit are multipart (the
 * attachment travels beside the fields); an edit carries the version it was made on (If-Match).
 * A repeated comment (double click, retry) answers 200 with the comment already added.
 */
export const taskEndpoints = {
  active: endpoint('GET', '/tasks', { querystring: activeTaskQuery, response: { 200: activeTaskList } }),
  finished: endpoint('GET', '/tasks/finished', {
    querystring: finishedQuery,
    response: { 200: closedTaskPage },
  }),
  deleted: endpoint('GET', '/tasks/deleted', {
    querystring: deletedQuery,
    response: { 200: closedTaskPage },
  }),
  /**
   * A task list as CSV or XLSX: `view` is the list (active, finished or deleted) with its search,
   * category and sort (docs/decisions.md, "Exports").
   */
  export: endpoint('GET', '/tasks/export', { querystring: taskExportQuery }, { file: true }),
  finishedDetail: endpoint('GET', '/tasks/finished/:id', idTo(taskWithPeople)),
  deletedDetail: endpoint('GET', '/tasks/deleted/:id', idTo(taskWithPeople)),
  detail: endpoint('GET', '/tasks/:id', idTo(taskWithPeople)),
  create: endpoint(
    'POST',
    '/tasks',
    { response: { 201: taskChangeResponse } },
    { multipart: taskInput, files: ['attachment'], idempotent: true },
  ),
  update: endpoint('PUT', '/tasks/:id', idTo(taskChangeResponse), {
    multipart: taskInput,
    files: ['attachment'],
  }),
  remove: endpoint('DELETE', '/tasks/:id', idToMessage),
  complete: endpoint('PUT', '/tasks/:id/complete', idToMessage, {
    multipart: completeTaskInput,
    files: ['completionFile'],
  }),
  approve: endpoint('PUT', '/tasks/:id/approve', idToMessage),
  reject: endpoint('PUT', '/tasks/:id/reject', { ...idToMessage, body: rejectTaskInput }),
  forward: endpoint('PUT', '/tasks/:id/forward', { ...idTo(taskChangeResponse), body: forwardTaskInput }),
  comment: endpoint('POST', '/comments', {
    body: commentInput,
    response: { 200: commentResponse, 201: commentResponse },
  }),
}

/**
 * ISO dates and timestamps order as plain strings; `localeCompare` would ask the collator (several
 * times slower, and a list sorts on every render of its page).
 */
const compareIso = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** By deadline with no-deadline last (docs/product.md, "The task list"); or by added date either way. Search and category too. */
export function sortTasks<T extends Pick<Task, 'deadline' | 'added_date'>>(tasks: T[], sort: TaskSort): T[] {
  const copy = [...tasks]
  if (sort === 'deadline') {
    return copy.sort((a, b) => {
      if (a.deadline === b.deadline) return compareIso(a.added_date, b.added_date)
      if (!a.deadline) return 1
      if (!b.deadline) return -1
      return compareIso(a.deadline, b.deadline)
    })
  }
  const direction = sort === 'firstAdded' ? 1 : -1
  return copy.sort((a, b) => direction * compareIso(a.added_date, b.added_date))
}

/** Search matches title, project, client and assignment chain members. */
export function matchesTaskSearch(
  task: Pick<Task, 'title' | 'project' | 'client' | 'assignment_chain'>,
  query: string,
): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  return [task.title, task.project ?? '', task.client ?? '', ...task.assignment_chain].some((v) =>
    v.toLowerCase().includes(q),
  )
}

export function isPastDeadline(task: Pick<Task, 'deadline' | 'status'>, today: string): boolean {
  return (
    Boolean(task.deadline) &&
    task.deadline! < today &&
    (task.status === TASK_STATUS.inProgress || task.status === TASK_STATUS.pendingApproval)
  )
}
