import { type Home, todayIn } from '@daftar/domain'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { assetsDue } from './assets.ts'
import { newestAnnouncements, openReports } from './communication.ts'
import { moneySections } from './money.ts'
import { myRequests, pendingRequests } from './requests.ts'
import { taskSections } from './tasks.ts'

/**
 * GET /home: every section the caller may see, in one answer; each section asks the database on its
 * own, all at once. A section the caller's role may not see is left out, not sent empty
 * (docs/decisions.md, "The home page").
 */
export async function homeOf(deps: Deps, ctx: RequestContext): Promise<Home> {
  const today = todayIn(deps.config.TIME_ZONE)
  const [tasks, my_requests, pending_requests, open_reports, announcements, money, assets_due] =
    await Promise.all([
      taskSections(deps, ctx, today),
      myRequests(deps, ctx),
      pendingRequests(deps, ctx),
      openReports(deps, ctx),
      newestAnnouncements(deps, ctx),
      moneySections(deps, ctx),
      assetsDue(deps, ctx),
    ])
  const home: Home = { ...tasks, open_reports, announcements, ...money }
  if (my_requests) home.my_requests = my_requests
  if (pending_requests) home.pending_requests = pending_requests
  if (assets_due) home.assets_due = assets_due
  return home
}
