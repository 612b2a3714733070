import { accountsToday, type Home, todayIn } from '@daftar/domain'
import type { Database } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { assetsDue } from './assets.ts'
import { newestAnnouncements, openReports } from './communication.ts'
import { moneySections } from './money.ts'
import { myRequests, pendingRequests } from './requests.ts'
import { taskSections } from './tasks.ts'

/** What runs against the clock (due today, decided in the last 7 days) moves on within this. */
const KEPT_MS = 60_000
const KEPT_MAX = 1_000

/**
 * Answers kept per database and caller, on the embedded database only: one home costs it about
 * 12 ms of its single thread, and the page asks again on the bell's 30 s beat and on focus. An
 * answer is given again only while no statement that may change data has ended since it was
 * computed (connection.ts, `writes`), the same day, and for a minute at most (docs/decisions.md,
 * "The home page").
 */
const kept = new WeakMap<Database, Map<string, { writes: number; at: number; home: Promise<Home> }>>()

/** GET /home for the caller; callers asking at once while it is computed share the one answer. */
export async function homeOf(deps: Deps, ctx: RequestContext): Promise<Home> {
  const writes = deps.database.writes
  if (!writes) return computeHome(deps, ctx)
  const key = [ctx.orgId, ctx.userId, todayIn(deps.config.TIME_ZONE), accountsToday()].join(' ')
  const answers = kept.get(deps.database) ?? new Map()
  kept.set(deps.database, answers)
  const now = Date.now()
  const found = answers.get(key)
  if (found && found.writes === writes() && now - found.at < KEPT_MS) return found.home
  // The count is read before computing: a change that ends while the sections are read makes it stale.
  const entry = { writes: writes(), at: now, home: computeHome(deps, ctx) }
  answers.delete(key)
  answers.set(key, entry)
  entry.home.catch(() => answers.get(key) === entry && answers.delete(key))
  // A Map iterates in insertion order: the first key is the longest kept.
  if (answers.size > KEPT_MAX) answers.delete(answers.keys().next().value!)
  return entry.home
}

/**
 * Every section the caller may see, in one answer; each section asks the database on its own, all at
 * once. A section the caller's role may not see is left out, not sent empty (docs/decisions.md, "The
 * home page").
 */
async function computeHome(deps: Deps, ctx: RequestContext): Promise<Home> {
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
