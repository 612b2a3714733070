import type { Comment, Task } from '@daftar/domain'
import type { Person } from './people.ts'
import type { comments, tasks } from './schema.ts'

type TaskRow = typeof tasks.$inferSelect
type CommentRow = typeof comments.$inferSelect

export interface CategoryInfo {
  name: string | null
  color: string | null
}

export function presentTask(
  row: TaskRow,
  category: CategoryInfo,
  people: Map<string, Person>,
  /** Whether the caller may open the linked project and client (queries.ts, `mayOpen`). */
  readable: { project: boolean; client: boolean },
  commentRows: CommentRow[] = [],
): Task {
  const chain = row.assignmentChain
  return {
    task_id: row.taskId,
    title: row.title,
    project: row.projectName,
    project_id: row.projectId,
    client: row.clientName,
    client_id: row.clientId,
    project_readable: readable.project,
    client_readable: readable.client,
    assignment_chain: chain,
    deadline: row.deadline,
    start_date: row.startDate,
    added_date: row.addedDate.toISOString(),
    details: row.details,
    attachment: row.attachment,
    category_id: row.categoryId,
    category_name: category.name,
    category_color: category.color,
    cc: row.cc,
    status: row.status,
    edited_at: row.editedAt?.toISOString() ?? null,
    deletion_date: row.deletionDate?.toISOString() ?? null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    completion_file: row.completionFile,
    completion_feedback: row.completionFeedback,
    rejection_comments: row.rejectionComments,
    comments: commentRows.map(presentComment),
    creator_registered: people.has(chain[0]!),
    assignee_registered: people.has(chain.at(-1)!),
    version: row.version,
    series_id: row.seriesId,
    created_late: row.createdLate,
  }
}

/** A list row as its statement reads it (queries.ts, `taskListRows`). */
export type TaskListRowData = Pick<
  TaskRow,
  | 'taskId'
  | 'title'
  | 'projectName'
  | 'projectId'
  | 'clientName'
  | 'clientId'
  | 'assignmentChain'
  | 'cc'
  | 'deadline'
  | 'addedDate'
  | 'status'
> & {
  categoryName: string | null
  categoryColor: string | null
  projectReadable: boolean
  clientReadable: boolean
}

export function presentComment(row: CommentRow): Comment {
  return {
    comment_id: row.commentId,
    task_id: row.taskId,
    username: row.username,
    comment_text: row.commentText,
    created_at: row.createdAt.toISOString(),
  }
}
