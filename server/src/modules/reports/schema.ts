import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { generatedId, orgId, parentRef, timestamptz, userRef, version } from '../../db/columns.ts'
import { reportStatusEnum, reportTypeEnum } from '../../db/enums.ts'
import { trigramIndex } from '../../db/indexes.ts'
import { projects } from '../projects/schema.ts'

/**
 * Staff reports (docs/product.md, "Staff reports"). report_data is the output of the type's domain schema (blank rows
 * dropped, amounts recomputed), stored as JSON; the columns hold what lists filter and sort on.
 */
export const reports = pgTable(
  'reports',
  {
    reportId: generatedId('report_id'),
    orgId: orgId(),
    /** The organisation's running number, shown as 'RPT-0001' (the 'report' counter of org_counters). */
    displayNumber: integer('display_number').notNull(),
    reportType: reportTypeEnum('report_type').notNull(),
    reportData: jsonb('report_data').$type<Record<string, unknown>>().notNull(),
    status: reportStatusEnum('status').notNull().default('OPEN'),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    submittedBy: userRef('submitted_by'),
    projectId: uuid('project_id').references(() => projects.projectId, { onDelete: 'set null' }),
    projectName: text('project_name'),
    adminFeedback: text('admin_feedback'),
    feedbackBy: userRef('feedback_by'),
    feedbackAt: timestamptz('feedback_at'),
    version: version(),
  },
  (t) => [
    uniqueIndex('reports_display_number_key').on(t.orgId, t.displayNumber),
    // The lists, by organisation and time: all types, one type, one status (docs/decisions.md, Reports).
    index('reports_org_time_idx').on(t.orgId, t.submittedAt, t.reportId),
    index('reports_org_type_time_idx').on(t.orgId, t.reportType, t.submittedAt, t.reportId),
    index('reports_org_status_time_idx').on(t.orgId, t.status, t.reportType, t.submittedAt),
    // What a non-admin sees: what they sent (and the recipients' index below).
    index('reports_sender_idx').on(t.orgId, t.submittedBy, t.submittedAt),
    // Search: linked projects by id, free-text project names by prefix.
    index('reports_project_idx').on(t.orgId, t.projectId),
    index('reports_project_name_idx').on(t.orgId, sql`lower(${t.projectName}) text_pattern_ops`),
    // Global search (modules/search, docs/decisions.md "Search"): RPT- numbers and project names by trigram.
    trigramIndex('reports_number_trgm', sql`'RPT-' || lpad(${t.displayNumber}::text, 4, '0')`),
    trigramIndex('reports_project_name_trgm', t.projectName),
  ],
)

/** Who a report was sent to; a recipient once per report. */
export const reportRecipients = pgTable(
  'report_recipients',
  {
    reportId: parentRef('report_id', () => reports.reportId),
    userId: userRef('user_id').notNull(),
    orgId: orgId(),
    /** The report's status, kept here so that the sidebar's open count reads this index alone. */
    isOpen: boolean('is_open').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.userId] }),
    index('report_recipients_user_idx').on(t.orgId, t.userId, t.isOpen, t.reportId),
  ],
)

/**
 * One row per person a report is listed for (its sender and each recipient, once), written only by
 * the database's triggers on `reports` and `report_recipients` (migration 0009, docs/decisions.md
 * "Reports read through report_members"): a non-admin's list and its count
 * read "my reports in this order" from one index instead of visiting every report they ever had.
 */
export const reportMembers = pgTable(
  'report_members',
  {
    reportId: parentRef('report_id', () => reports.reportId),
    userId: uuid('user_id').notNull(),
    orgId: orgId(),
    submittedAt: timestamptz('submitted_at').notNull(),
    reportType: reportTypeEnum('report_type').notNull(),
    status: reportStatusEnum('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.userId] }),
    // The order, then the filters' columns, so that a filtered page or count is read index-only.
    index('report_members_list_idx').on(t.orgId, t.userId, t.submittedAt, t.reportId, t.reportType, t.status),
  ],
)
