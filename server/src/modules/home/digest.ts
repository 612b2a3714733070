import { formatDate, type HomeSection, hourIn, todayIn } from '@daftar/domain'
import { and, eq, isNotNull, notExists, sql } from 'drizzle-orm'
import { callerColumns, type RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { enqueue } from '../../platform/outbox.ts'
import { appUrl, type MailSection, renderMail } from '../notifications/mail.ts'
import { digestRuns, notificationSettings } from '../notifications/schema.ts'
import { users } from '../users/schema.ts'
import { pendingRequests } from './requests.ts'
import { taskSections } from './tasks.ts'

/** The digest goes out from this hour of the organisation's day on (docs/decisions.md). */
export const DIGEST_HOUR = 8

export interface DigestRun {
  sent: number
  empty: number
}

/**
 * The daily digest (opt-in, `notification_settings.daily_digest`): from 08:00 organisation time, each
 * user who asked for it and has an e-mail address gets one mail with their tasks due today, overdue,
 * and waiting for their approval (and, for admins, the register changes waiting) — the home page's
 * sections. A day is claimed per user in `digest_runs` (primary key user and day) in the transaction
 * that queues the mail, so of two instances running this at once exactly one sends it; a day with
 * nothing to say is claimed too and sends nothing (docs/decisions.md, "Notification preferences and mail").
 */
export async function sendDailyDigests(deps: Deps, now: Date): Promise<DigestRun> {
  const zone = deps.config.TIME_ZONE
  const run: DigestRun = { sent: 0, empty: 0 }
  if (hourIn(zone, now) < DIGEST_HOUR) return run
  const day = todayIn(zone, now)
  const waiting = await deps.db
    .select({ ...callerColumns, email: users.email })
    .from(notificationSettings)
    .innerJoin(users, eq(users.userId, notificationSettings.userId))
    .where(
      and(
        eq(notificationSettings.dailyDigest, true),
        eq(users.isActive, true),
        isNotNull(users.email),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(digestRuns)
            .where(and(eq(digestRuns.userId, users.userId), eq(digestRuns.day, day))),
        ),
      ),
    )
  for (const user of waiting) {
    const ctx: RequestContext = { ...user, sessionId: '' }
    const [tasks, requests] = await Promise.all([taskSections(deps, ctx, day), pendingRequests(deps, ctx)])
    const sections: [string, HomeSection | undefined][] = [
      ['Due today', tasks.tasks_due_today],
      ['Overdue', tasks.tasks_overdue],
      ['Tasks waiting for my approval', tasks.my_approvals],
      ['Changes waiting for my approval', requests],
    ]
    const shown: MailSection[] = sections
      .filter((entry): entry is [string, HomeSection] => Boolean(entry[1]?.count))
      .map(([heading, s]) => ({
        heading,
        count: s.count,
        items: s.items.map((i) => ({
          title: i.title,
          detail: i.subtitle || undefined,
          url: appUrl(deps.config, i.url),
        })),
      }))
    const items = shown.reduce((sum, s) => sum + s.count, 0)
    await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(digestRuns)
        .values({ userId: user.userId, day, items })
        .onConflictDoNothing()
        .returning({ day: digestRuns.day })
      if (claimed.length === 0 || items === 0) {
        if (claimed.length > 0) run.empty++
        return
      }
      const summary = shown.map((s) => `${s.count} ${s.heading.toLowerCase()}`).join(', ')
      await enqueue(
        tx,
        'mail',
        renderMail({
          to: user.email!,
          subject: `Daftar: your day, ${formatDate(day)}: ${summary}`,
          name: user.fullName,
          lead: `Here is what needs you today, ${formatDate(day)}.`,
          sections: shown,
          action: { label: 'Open Daftar', url: appUrl(deps.config, '/') },
          footer:
            'You get this mail each morning because the daily digest is on. Turn it off in Daftar: Profile, Notifications.',
        }),
        user.orgId,
      )
      run.sent++
    })
  }
  return run
}
