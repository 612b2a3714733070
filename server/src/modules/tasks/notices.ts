import type { DbOrTx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import { notify } from '../notifications/service.ts'
import { loadPeople } from './people.ts'
import type { TaskRow } from './rules.ts'

/** Notification types of task events (docs/product.md, "Notifications"). */
export type TaskEvent =
  | 'TASK_ASSIGNED'
  | 'TASK_CC'
  | 'TASK_UPDATED'
  | 'TASK_SUBMITTED'
  | 'TASK_APPROVED'
  | 'TASK_REJECTED'
  | 'TASK_DELETED'
  | 'TASK_COMMENT'

/**
 * Where a notification opens the task: the list it now lives in, with its detail over it. The active
 * list is /tasks since / became the home page; links stored before still open it (docs/decisions.md,
 * "The home page").
 */
export function taskLink(row: Pick<TaskRow, 'taskId' | 'status'>): string {
  const list =
    row.status === 'Completed' ? '/finished-tasks' : row.status === 'Deleted' ? '/deleted-tasks' : '/tasks'
  return `${list}?task=${row.taskId}`
}

/** Notifies the given usernames (those still registered), never the person who acted. */
export async function notifyTask(
  tx: DbOrTx,
  ctx: RequestContext,
  row: Pick<TaskRow, 'taskId' | 'status' | 'title'>,
  type: TaskEvent,
  usernames: string[],
  message: string,
) {
  const people = await loadPeople(
    tx,
    ctx.orgId,
    usernames.filter((u) => u !== ctx.username),
  )
  if (people.size === 0) return
  await notify(tx, {
    orgId: ctx.orgId,
    userIds: [...people.values()].map((p) => p.user_id),
    type,
    message,
    link: taskLink(row),
    entityType: 'TASK',
    entityId: row.taskId,
    triggeringUserId: ctx.userId,
  })
}

/** Everyone on the task: its chain and its CC. */
export const everyoneOn = (row: Pick<TaskRow, 'assignmentChain' | 'cc'>) => [
  ...new Set([...row.assignmentChain, ...row.cc]),
]
