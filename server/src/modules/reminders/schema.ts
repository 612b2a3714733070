import { date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { parentRef, timestamptz } from '../../db/columns.ts'
import { tasks } from '../tasks/schema.ts'

/**
 * The task reminders sent (docs/decisions.md, "Recurring tasks and reminders"): a reminder is claimed
 * by inserting its row (ON CONFLICT DO NOTHING RETURNING) in the transaction that writes its
 * notifications, so it goes once whichever instance runs the job and however often.
 */
export const taskReminders = pgTable(
  'task_reminders',
  {
    taskId: parentRef('task_id', () => tasks.taskId),
    /** due_before, due_today, overdue, approval_waiting. */
    kind: text('kind').notNull(),
    /** The deadline (or the day of submission) it was about: a moved deadline is reminded again. */
    forDate: date('for_date').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.kind, t.forDate] })],
)
