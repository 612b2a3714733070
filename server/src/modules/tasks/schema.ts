import { sql } from 'drizzle-orm'
import { boolean, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, generatedId, orgId, parentRef, timestamptz, userRef, version } from '../../db/columns.ts'
import { taskStatusEnum } from '../../db/enums.ts'
import { trigramOps } from '../../db/indexes.ts'
import { categories } from '../categories/schema.ts'

export const tasks = pgTable(
  'tasks',
  {
    taskId: generatedId('task_id'),
    orgId: orgId(),
    title: text('title').notNull(),
    /** Names as typed (title-cased); the ids link to the register when the task names one. */
    projectName: text('project'),
    projectId: uuid('project_id'),
    clientName: text('client'),
    clientId: uuid('client_id'),
    /** Usernames, creator first and current assignee last. */
    assignmentChain: text('assignment_chain').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    deadline: date('deadline'),
    startDate: date('start_date'),
    addedDate: timestamptz('added_date').notNull().defaultNow(),
    details: text('details'),
    attachment: text('attachment'),
    attachmentName: text('attachment_name'),
    categoryId: uuid('category_id').references(() => categories.categoryId, { onDelete: 'set null' }),
    status: taskStatusEnum('status').notNull(),
    editedAt: timestamptz('edited_at'),
    deletionDate: timestamptz('deletion_date'),
    approvedAt: timestamptz('approved_at'),
    submittedAt: timestamptz('submitted_at'),
    completionFile: text('completion_file'),
    completionFileName: text('completion_file_name'),
    completionFeedback: text('completion_feedback'),
    rejectionComments: text('rejection_comments'),
    createdBy: userRef('created_by'),
    version: version(),
    /** The recurring task that created it (docs/decisions.md, "Recurring tasks and reminders"). */
    seriesId: uuid('series_id'),
    /** Its series' date, when the task was created after that date (a server was down over it). */
    createdLate: boolean('created_late').notNull().default(false),
  },
  (t) => [
    index('tasks_series_idx').on(t.seriesId).where(sql`series_id is not null`),
    // The reminders job (modules/reminders): open tasks by deadline, waiting approvals by submission.
    index('tasks_open_deadline_idx')
      .on(t.deadline)
      .where(sql`status = 'In Progress' and deadline is not null`),
    index('tasks_waiting_idx').on(t.submittedAt).where(sql`status = 'Pending Approval'`),
    index('tasks_finished_idx').on(t.orgId, t.approvedAt).where(sql`status = 'Completed'`),
    index('tasks_deleted_idx').on(t.orgId, t.deletionDate).where(sql`status = 'Deleted'`),
    index('tasks_attachment_idx').on(t.attachment).where(sql`attachment is not null`),
    index('tasks_completion_file_idx').on(t.completionFile).where(sql`completion_file is not null`),
    // Global search (modules/search, docs/decisions.md "Search"): a task's members (chain and CC) and
    // its words by trigram in one index, so that a word matches among the caller's own tasks only
    // (GIN intersects the member's short list with the words' long ones by skipping through them).
    index('tasks_member_words').using(
      'gin',
      sql`(${t.assignmentChain} || ${t.cc})`,
      trigramOps(t.title),
      trigramOps(t.details),
    ),
  ],
)

/**
 * One row per member (chain or CC) of each task, written only by the database's triggers on `tasks`
 * (migration 0006, docs/decisions.md "Performance"): the task lists and their counts read
 * "my tasks of this status in this order" from one index instead of a GIN lookup plus a heap visit of
 * every task the user ever had.
 */
export const taskMembers = pgTable(
  'task_members',
  {
    taskId: parentRef('task_id', () => tasks.taskId),
    orgId: orgId(),
    username: text('username').notNull(),
    status: taskStatusEnum('status').notNull(),
    /** What the task's list sorts by: approved_at when Completed, deletion_date when Deleted, else added_date. */
    listedAt: timestamptz('listed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.username] }),
    index('task_members_list_idx').on(t.orgId, t.username, t.status, t.listedAt, t.taskId),
  ],
)

export const comments = pgTable(
  'comments',
  {
    commentId: generatedId('comment_id'),
    orgId: orgId(),
    taskId: parentRef('task_id', () => tasks.taskId),
    userId: userRef('user_id'),
    username: text('username').notNull(),
    commentText: text('comment_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_task_idx').on(t.taskId, t.createdAt)],
)
