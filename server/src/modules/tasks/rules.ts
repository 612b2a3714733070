import {
  fileTooLargeMessage,
  MAX_FILE_BYTES,
  TASK_STATUS,
  type Task,
  type TaskInput,
  taskMessages,
  taskPermissions,
  titleCase,
} from '@daftar/domain'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts'
import { categories } from '../categories/schema.ts'
import { clients } from '../clients/schema.ts'
import { projects } from '../projects/schema.ts'
import { loadPeople } from './people.ts'
import { visibleTo } from './queries.ts'
import { tasks } from './schema.ts'

export const ATTACHMENT_RULE = {
  area: 'attachment',
  maxBytes: MAX_FILE_BYTES,
  tooLargeMessage: fileTooLargeMessage,
}
export const COMPLETION_RULE = {
  area: 'completionFile',
  maxBytes: MAX_FILE_BYTES,
  tooLargeMessage: fileTooLargeMessage,
}

export type TaskRow = typeof tasks.$inferSelect

/** Loads a visible task with what the permission table needs; 404 for anyone outside it. */
export async function loadForAction(db: DbOrTx, ctx: RequestContext, taskId: string) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.taskId, taskId), visibleTo(ctx)))
  if (!row) throw notFound(taskMessages.notFound)
  const people = await loadPeople(db, ctx.orgId, [row.assignmentChain[0]!, row.assignmentChain.at(-1)!])
  const subject: Pick<Task, 'assignment_chain' | 'status' | 'creator_registered' | 'assignee_registered'> = {
    assignment_chain: row.assignmentChain,
    status: row.status as Task['status'],
    creator_registered: people.has(row.assignmentChain[0]!),
    assignee_registered: people.has(row.assignmentChain.at(-1)!),
  }
  return { row, subject }
}

/** 403 when the caller's relation to the task does not allow the action, 409 when its state does not. */
export function assertAllowed(
  action: keyof typeof taskPermissions,
  subject: Parameters<(typeof taskPermissions)['edit']>[0],
  me: string,
  allowedStatuses: string[],
) {
  if (!allowedStatuses.includes(subject.status)) throw conflict(taskMessages.wrongState)
  if (!taskPermissions[action](subject, me)) throw forbidden(taskMessages.notAllowed)
}

export interface ResolvedTaskFields {
  /** The task's columns as the form sets them, ready for an insert or an update. */
  columns: Pick<
    typeof tasks.$inferInsert,
    | 'title'
    | 'projectName'
    | 'projectId'
    | 'clientName'
    | 'clientId'
    | 'deadline'
    | 'startDate'
    | 'details'
    | 'categoryId'
  > & { cc: string[] }
  /** Username of the assignee. */
  assignee: string
}

/**
 * Checks the references of a task form against the organisation: the assignee and CC users must be
 * registered; a project fixes the client (docs/product.md, "Task fields and validation"); names are title-cased. On an edit, `current` names
 * the task's assignee and CC: they may stay on it even if they are no longer registered users, since
 * the edit form sends them back unchanged; only names new to the task must be registered.
 */
export async function resolveTaskFields(
  db: DbOrTx,
  ctx: RequestContext,
  input: TaskInput,
  current?: { assignee: string; cc: string[] },
): Promise<ResolvedTaskFields> {
  const assignee = input.assignTo ?? current?.assignee ?? ctx.username
  const people = await loadPeople(db, ctx.orgId, [assignee, ...input.cc])
  const kept = (u: string, onTask: string[]) => people.has(u) || onTask.includes(u)
  if (!kept(assignee, current ? [current.assignee] : []) || input.cc.some((u) => !kept(u, current?.cc ?? [])))
    throw badRequest(taskMessages.unknownUser)

  let projectName = input.project ? titleCase(input.project) : null
  let clientName = input.client ? titleCase(input.client) : null
  let clientId = input.clientId
  if (input.projectId) {
    const [project] = await db
      .select({ name: projects.name, clientId: projects.clientId, clientName: clients.name })
      .from(projects)
      .innerJoin(clients, eq(clients.clientId, projects.clientId))
      .where(and(eq(projects.projectId, input.projectId), eq(projects.orgId, ctx.orgId)))
    if (!project) throw badRequest('The selected project does not exist.')
    projectName = project.name
    clientId = project.clientId
    clientName = project.clientName
  } else if (clientId) {
    const [client] = await db
      .select({ name: clients.name })
      .from(clients)
      .where(and(eq(clients.clientId, clientId), eq(clients.orgId, ctx.orgId)))
    if (!client) throw badRequest('The selected client does not exist.')
    clientName = client.name
  }
  if (input.category) {
    const [category] = await db
      .select({ id: categories.categoryId })
      .from(categories)
      .where(and(eq(categories.categoryId, input.category), eq(categories.orgId, ctx.orgId)))
    if (!category) throw badRequest('The selected category does not exist.')
  }
  return {
    columns: {
      title: input.title,
      projectName,
      projectId: input.projectId,
      clientName,
      clientId,
      deadline: input.deadline,
      startDate: input.startDate,
      details: input.details,
      categoryId: input.category,
      cc: input.cc,
    },
    assignee,
  }
}

export const ACTIVE = [TASK_STATUS.inProgress, TASK_STATUS.pendingApproval]
