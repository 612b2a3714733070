import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, generatedId, orgId, parentRef, timestamps, userRef, version } from '../../db/columns.ts'
import { categories } from '../categories/schema.ts'
import { tasks } from '../tasks/schema.ts'

/** A recurring task: the template of the tasks it creates and its RFC 5545 rule (docs/decisions.md). */
export const recurringTasks = pgTable(
  'recurring_tasks',
  {
    seriesId: generatedId('series_id'),
    orgId: orgId(),
    /** The creator of every task of the series; with the admins, the only one who may change it. */
    ownerId: userRef('owner_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    categoryId: uuid('category_id').references(() => categories.categoryId, { onDelete: 'set null' }),
    projectId: uuid('project_id'),
    clientId: uuid('client_id'),
    assignedTo: uuid('assigned_to').array().notNull(),
    cc: uuid('cc').array().notNull(),
    rule: text('rule').notNull(),
    startsOn: date('starts_on').notNull(),
    deadlineDays: integer('deadline_days').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** 'each' (every missed date, marked late) or 'latest' (only the last missed date). */
    catchUp: text('catch_up').notNull().default('each'),
    /** The first date not yet created; null once the rule has no more dates. What the job looks for. */
    nextDueOn: date('next_due_on'),
    ...timestamps(),
    version: version(),
  },
  (t) => [
    index('recurring_tasks_list_idx').on(t.orgId, t.createdAt, t.seriesId),
    index('recurring_tasks_due_idx').on(t.nextDueOn).where(sql`active`),
  ],
)

/**
 * One row per date of a series that was dealt with: the claim that makes "exactly once" hold. It is
 * inserted (ON CONFLICT DO NOTHING) in the transaction that creates the date's task, so a second
 * instance, a retry after a crash or a restart finds it and creates nothing.
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    seriesId: parentRef('series_id', () => recurringTasks.seriesId),
    occurrenceDate: date('occurrence_date').notNull(),
    /** Null for a missed date skipped by a 'latest' series. */
    taskId: uuid('task_id').references(() => tasks.taskId, { onDelete: 'set null' }),
    late: boolean('late').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.occurrenceDate] }),
    index('recurring_occurrences_task_idx').on(t.taskId).where(sql`task_id is not null`),
  ],
)
