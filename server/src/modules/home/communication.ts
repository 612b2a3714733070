import { HOME_ITEMS, type HomeSection, reportDisplayId, reportPath, reportTypeLabels } from '@daftar/domain'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/connection.ts'
import {
  builtOnce,
  callerPlaceholders,
  callerValues,
  fixedLimit,
  prepared,
} from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { totalOf } from '../../platform/listing.ts'
import { announcements } from '../announcements/schema.ts'
import { visibleTo as announcementVisibleTo } from '../announcements/service.ts'
import { reportRecipients, reports } from '../reports/schema.ts'
import { openForMe } from '../reports/service.ts'
import { users } from '../users/schema.ts'

/**
 * Reports sent to me that are still open, newest first: the sidebar count's rule (`openForMe`, my
 * open recipient rows) and the few newest of them by key, in one statement.
 */
export async function openReports(deps: Deps, ctx: RequestContext): Promise<HomeSection> {
  const rows = await openReportsOf(deps.db).execute(callerValues(ctx))
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      title: `${reportTypeLabels[row.type]} ${reportDisplayId(row.number)}`,
      subtitle: [row.sender && `From ${row.sender}`, row.project].filter(Boolean).join(' · '),
      url: reportPath(row.id),
      date: row.at.toISOString(),
    })),
  }
}

const openReportsOf = builtOnce((db: Db) => {
  const r = reports
  const ctx = callerPlaceholders()
  return prepared(
    db
      .select({
        id: r.reportId,
        type: r.reportType,
        number: r.displayNumber,
        project: r.projectName,
        at: r.submittedAt,
        sender: users.fullName,
        total: totalOf(reportRecipients, openForMe(ctx)),
      })
      .from(reportRecipients)
      .innerJoin(r, eq(r.reportId, reportRecipients.reportId))
      .leftJoin(users, eq(users.userId, r.submittedBy))
      .where(openForMe(ctx))
      .orderBy(desc(r.submittedAt), desc(r.reportId))
      .limit(fixedLimit(HOME_ITEMS)),
  )
})

/** The newest announcements the caller may read (the feed's own rule), and how many there are. */
export async function newestAnnouncements(deps: Deps, ctx: RequestContext): Promise<HomeSection> {
  const newest = ctx.isAdmin ? newestForAdmins : newestForMembers
  const rows = await newest(deps.db).execute(callerValues(ctx))
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      subtitle: row.author ? `By ${row.author}` : 'Announcement',
      url: `/organization/announcements?open=${row.id}`,
      date: row.at.toISOString(),
    })),
  }
}

/** The feed's rule decides by role (admins read every announcement), so one statement a role. */
const newestAnnouncementsAs = (isAdmin: boolean) =>
  builtOnce((db: Db) => {
    const an = announcements
    const ctx = callerPlaceholders(isAdmin)
    const where = and(eq(an.orgId, ctx.orgId), announcementVisibleTo(ctx))
    return prepared(
      db
        .select({
          id: an.announcementId,
          title: an.title,
          at: an.createdAt,
          author: users.fullName,
          total: totalOf(an, where),
        })
        .from(an)
        .leftJoin(users, eq(users.userId, an.createdBy))
        .where(where)
        .orderBy(desc(an.createdAt), desc(an.announcementId))
        .limit(fixedLimit(HOME_ITEMS)),
    )
  })
const newestForAdmins = newestAnnouncementsAs(true)
const newestForMembers = newestAnnouncementsAs(false)
