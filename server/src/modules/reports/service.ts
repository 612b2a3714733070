import {
  canCloseReport,
  canGiveFeedback,
  type Report,
  type ReportCreate,
  type ReportListRow,
  type ReportRecipient,
  reportDisplayId,
  reportMessages,
  reportPath,
  reportTypeLabels,
} from '@daftar/domain'
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import { constant } from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import { nextNumber } from '../../platform/counters.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts'
import { countRows } from '../../platform/listing.ts'
import { deleteAudited } from '../../platform/versioned-edit.ts'
import { notify } from '../notifications/service.ts'
import { projects } from '../projects/schema.ts'
import { users } from '../users/schema.ts'
import { reportRecipients, reports } from './schema.ts'

const r = reports
const sender = alias(users, 'report_sender')
const reviewer = alias(users, 'report_reviewer')

/**
 * Visible to its sender, its recipients and admins (docs/product.md, "Staff reports"); the rule for one
 * report. Lists read the same rule from report_members (`myReports`, list.ts).
 */
export function visibleTo(ctx: RequestContext): SQL | undefined {
  if (ctx.isAdmin) return undefined
  return or(
    eq(r.submittedBy, ctx.userId),
    sql`${r.reportId} = any(array(select ${reportRecipients.reportId} from ${reportRecipients}
      where ${reportRecipients.orgId} = ${ctx.orgId} and ${reportRecipients.userId} = ${ctx.userId}))`,
  )
}

/**
 * A report's recipients by name, read in its row's statement (one range of the recipients' primary
 * key per report), so a page of reports is one round trip.
 */
const recipientsOfRow = sql<
  ReportRecipient[]
>`(select coalesce(json_agg(json_build_object('user_id', ${users.userId}, 'username', ${users.username}, 'full_name', ${users.fullName}) order by ${users.fullName}), '[]'::json) from ${reportRecipients} join ${users} on ${users.userId} = ${reportRecipients.userId} where ${reportRecipients.reportId} = ${r.reportId})`

/** The columns of a report that its list shows; `extra` rides along (a page's count). */
export const selectReportRows = <Extra extends Record<string, SQL | AnyPgColumn>>(
  db: DbOrTx,
  extra = {} as Extra,
) =>
  db
    .select({
      ...extra,
      reportId: r.reportId,
      displayNumber: r.displayNumber,
      reportType: r.reportType,
      status: r.status,
      submittedAt: r.submittedAt,
      submittedBy: r.submittedBy,
      projectId: r.projectId,
      projectName: r.projectName,
      version: r.version,
      recipients: recipientsOfRow,
      senderUsername: sender.username,
      senderFullName: sender.fullName,
    })
    .from(r)
    .leftJoin(sender, eq(sender.userId, r.submittedBy))

export type ListRow = Awaited<ReturnType<ReturnType<typeof selectReportRows>['where']>>[number]

/** List rows as the API answers them; each carries its recipients, read with it. */
export function presentRows(rows: ListRow[]): ReportListRow[] {
  return rows.map((row) => ({
    report_id: row.reportId,
    report_id_display: reportDisplayId(row.displayNumber),
    report_type: row.reportType,
    status: row.status,
    submitted_at: row.submittedAt.toISOString(),
    submitted_by_user_id: row.submittedBy,
    submitted_by_username: row.senderUsername,
    submitted_by_fullname: row.senderFullName,
    project_id: row.projectId,
    project_name: row.projectName,
    recipients: row.recipients,
    version: row.version,
  }))
}

/** One report whole: its list row, its contents, and its feedback with the reviewer's names. */
async function readReport(db: DbOrTx, where: SQL | undefined): Promise<Report | undefined> {
  const [found] = await selectReportRows(db, {
    reportData: r.reportData,
    adminFeedback: r.adminFeedback,
    feedbackAt: r.feedbackAt,
    reviewerUsername: reviewer.username,
    reviewerFullName: reviewer.fullName,
  })
    .leftJoin(reviewer, eq(reviewer.userId, r.feedbackBy))
    .where(where)
  if (!found) return undefined
  return {
    ...presentRows([found])[0]!,
    report_data: found.reportData,
    admin_feedback: found.adminFeedback,
    feedback_by_username: found.reviewerUsername,
    feedback_by_fullname: found.reviewerFullName,
    feedback_at: found.feedbackAt?.toISOString() ?? null,
  }
}

async function findVisible(db: DbOrTx, ctx: RequestContext, id: string): Promise<Report> {
  const found = await readReport(db, and(eq(r.reportId, id), eq(r.orgId, ctx.orgId), visibleTo(ctx)))
  if (!found) throw notFound(reportMessages.notFound)
  return found
}

/** 404 unless the caller may see the report (the rule of GET /api/reports/{id}), reading nothing else. */
export async function assertReportVisible(db: DbOrTx, ctx: RequestContext, id: string): Promise<void> {
  const [row] = await db
    .select({ id: r.reportId })
    .from(r)
    .where(and(eq(r.reportId, id), eq(r.orgId, ctx.orgId), visibleTo(ctx)))
  if (!row) throw notFound(reportMessages.notFound)
}

/** GET /api/reports/{id}: anyone who may not see it gets 404, as for a report that does not exist. */
export function getReport(deps: Deps, ctx: RequestContext, id: string) {
  return findVisible(deps.db, ctx, id)
}

/**
 * Open reports addressed to me: my recipient rows still open, one range of the recipients' index.
 * The sidebar's count and the home page read it.
 */
export function openForMe(ctx: Pick<RequestContext, 'orgId' | 'userId'>): SQL {
  return and(
    eq(reportRecipients.orgId, ctx.orgId),
    eq(reportRecipients.userId, ctx.userId),
    eq(reportRecipients.isOpen, constant(true)),
  )!
}

/** GET /api/reports/open-count: open reports addressed to me (the sidebar entry's count). */
export async function openReportCount(deps: Deps, ctx: RequestContext) {
  return { count: await countRows(deps.db, reportRecipients, openForMe(ctx)) }
}

/**
 * POST /api/reports. The data arrives parsed by its type's domain schema (blank rows dropped, amounts
 * recomputed). Recipients must be active users of the organisation; a project id links the project
 * and names the report after it. Each recipient gets REPORT_RECEIVED in the same transaction.
 */
export async function createReport(deps: Deps, ctx: RequestContext, input: ReportCreate) {
  return deps.db.transaction(async (tx) => {
    const recipients = await tx
      .select({ id: users.userId })
      .from(users)
      .where(
        and(eq(users.orgId, ctx.orgId), eq(users.isActive, true), inArray(users.userId, input.to_user_ids)),
      )
    if (recipients.length !== input.to_user_ids.length) throw badRequest(reportMessages.recipientsInvalid)

    const data = structuredClone(input.report_data) as typeof input.report_data
    let projectId: string | null = null
    let projectName: string | null = data.context.projectName || null
    if (data.context.projectId) {
      const [project] = await tx
        .select({ id: projects.projectId, name: projects.name })
        .from(projects)
        .where(and(eq(projects.projectId, data.context.projectId), eq(projects.orgId, ctx.orgId)))
      if (!project) throw badRequest(reportMessages.projectNotFound)
      projectId = project.id
      projectName = project.name
      data.context.projectName = project.name
    }

    const [row] = await tx
      .insert(r)
      .values({
        orgId: ctx.orgId,
        displayNumber: await nextNumber(tx, ctx.orgId, 'report'),
        reportType: input.report_type,
        reportData: data as Record<string, unknown>,
        submittedBy: ctx.userId,
        projectId,
        projectName,
      })
      .returning({ id: r.reportId })
    const reportId = row!.id
    await tx
      .insert(reportRecipients)
      .values(input.to_user_ids.map((userId) => ({ reportId, userId, orgId: ctx.orgId })))
    const label = reportTypeLabels[input.report_type]
    await notify(tx, {
      orgId: ctx.orgId,
      userIds: input.to_user_ids,
      type: 'REPORT_RECEIVED',
      message: `${ctx.fullName} sent you a report: ${label}${projectName ? ` (${projectName})` : ''}`,
      link: reportPath(reportId),
      entityType: 'REPORT',
      entityId: reportId,
      triggeringUserId: ctx.userId,
    })
    await audit(tx, ctx, {
      action: 'REPORT_CREATE',
      entityType: 'REPORT',
      entityId: reportId,
      after: { report_type: input.report_type, recipients: input.to_user_ids, project_id: projectId },
    })
    return { message: reportMessages.submitted, report_id: reportId }
  })
}

/** Locks the report for a change, after checking that the caller may see it. */
/** The report, read after its row is locked: two closes at once see each other's result. */
async function lockVisible(tx: DbOrTx, ctx: RequestContext, id: string) {
  await tx.execute(
    sql`select 1 from ${r} where ${r.reportId} = ${id} and ${r.orgId} = ${ctx.orgId} for update`,
  )
  return findVisible(tx, ctx, id)
}

/** PUT /api/reports/{id}/feedback: recipients and admins give or edit it, never the sender. */
export async function saveFeedback(deps: Deps, ctx: RequestContext, id: string, feedback: string) {
  return deps.db.transaction(async (tx) => {
    const report = await lockVisible(tx, ctx, id)
    if (!canGiveFeedback(report, ctx)) throw forbidden(reportMessages.feedbackForbidden)
    await tx
      .update(r)
      .set({
        adminFeedback: feedback,
        feedbackBy: ctx.userId,
        feedbackAt: new Date(),
        version: sql`${r.version} + 1`,
      })
      .where(eq(r.reportId, id))
    if (report.submitted_by_user_id)
      await notify(tx, {
        orgId: ctx.orgId,
        userIds: [report.submitted_by_user_id],
        type: 'REPORT_FEEDBACK',
        message: `${ctx.fullName} gave feedback on your ${reportTypeLabels[report.report_type]}`,
        link: reportPath(id),
        entityType: 'REPORT',
        entityId: id,
        triggeringUserId: ctx.userId,
      })
    await audit(tx, ctx, {
      action: 'REPORT_FEEDBACK',
      entityType: 'REPORT',
      entityId: id,
      before: { feedback: report.admin_feedback },
      after: { feedback },
    })
    return { message: reportMessages.feedbackSaved, report: await findVisible(tx, ctx, id) }
  })
}

/** PUT /api/reports/{id}/status {status: 'CLOSED'}: recipients and admins, while OPEN. */
export async function closeReport(deps: Deps, ctx: RequestContext, id: string) {
  return deps.db.transaction(async (tx) => {
    const report = await lockVisible(tx, ctx, id)
    if (report.status === 'CLOSED') throw conflict(reportMessages.alreadyClosed)
    if (!canCloseReport(report, ctx)) throw forbidden(reportMessages.closeForbidden)
    await tx
      .update(r)
      .set({ status: 'CLOSED', version: sql`${r.version} + 1` })
      .where(and(eq(r.reportId, id), eq(r.status, 'OPEN')))
    await tx.update(reportRecipients).set({ isOpen: false }).where(eq(reportRecipients.reportId, id))
    if (report.submitted_by_user_id)
      await notify(tx, {
        orgId: ctx.orgId,
        userIds: [report.submitted_by_user_id],
        type: 'REPORT_CLOSED',
        message: `${ctx.fullName} closed your ${reportTypeLabels[report.report_type]}`,
        link: reportPath(id),
        entityType: 'REPORT',
        entityId: id,
        triggeringUserId: ctx.userId,
      })
    await audit(tx, ctx, {
      action: 'REPORT_CLOSE',
      entityType: 'REPORT',
      entityId: id,
      before: { status: 'OPEN' },
      after: { status: 'CLOSED' },
    })
    return { message: reportMessages.statusUpdated, report: await findVisible(tx, ctx, id) }
  })
}

/** DELETE /api/reports/{id}: admins only. */
export async function deleteReport(deps: Deps, ctx: RequestContext, id: string) {
  requireAdmin(ctx, reportMessages.deleteForbidden)
  await deps.db.transaction((tx) =>
    deleteAudited(tx, ctx, {
      table: r,
      where: and(eq(r.reportId, id), eq(r.orgId, ctx.orgId)),
      notFoundMessage: reportMessages.notFound,
      audit: {
        action: 'REPORT_DELETE',
        entityType: 'REPORT',
        entityId: id,
        view: (row) => ({
          report_type: row.reportType,
          submitted_by: row.submittedBy,
          project_name: row.projectName,
        }),
      },
    }),
  )
  return { message: reportMessages.deleted }
}
