import { todayIn } from '@daftar/domain'
import { sendPaymentReminders } from './modules/accounts/reminders.ts'
import { remindDueAssets } from './modules/assets/reminders.ts'
import { pruneSignInLeftovers } from './modules/auth/sessions.ts'
import { sweepOrphanFiles } from './modules/files/orphans.ts'
import { sendDailyDigests } from './modules/home/digest.ts'
import { deliverDuePushes } from './modules/push/service.ts'
import { createDueTasks } from './modules/recurring/job.ts'
import { sendTaskReminders } from './modules/reminders/reminders.ts'
import type { Deps } from './platform/deps.ts'
import { pruneIdempotentRequests } from './platform/idempotency.ts'
import { pruneRateLimits } from './platform/rate-limit.ts'
import { createScheduler } from './platform/scheduler.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export interface ServerJob {
  name: string
  everyMs: number
  run: () => Promise<void>
}

/** The server's periodic work: each job claims its rows in SQL, so instances never do it twice. */
export function serverJobs(deps: Deps): ServerJob[] {
  return [
    {
      name: 'asset reminders',
      everyMs: HOUR,
      run: async () => {
        await remindDueAssets(deps, todayIn(deps.config.TIME_ZONE))
      },
    },
    // Pushes that failed, at their back-off time; given up after a few attempts or a day.
    {
      name: 'push retries',
      everyMs: MINUTE,
      run: async () => {
        await deliverDuePushes(deps, new Date())
      },
    },
    // From 08:00 organisation time; each user and day is claimed in SQL, so this may run often.
    {
      name: 'daily digest',
      everyMs: 5 * MINUTE,
      run: async () => {
        await sendDailyDigests(deps, new Date())
      },
    },
    // Recurring tasks and task reminders run every JOBS_INTERVAL_SECONDS (docs/decisions.md).
    {
      name: 'recurring tasks',
      everyMs: deps.config.JOBS_INTERVAL_SECONDS * 1000,
      run: async () => {
        await createDueTasks(deps)
      },
    },
    {
      name: 'task reminders',
      everyMs: deps.config.JOBS_INTERVAL_SECONDS * 1000,
      run: async () => {
        await sendTaskReminders(deps)
      },
    },
    // Payment reminders to clients: each (invoice, step) is claimed in SQL (docs/decisions.md).
    {
      name: 'payment reminders',
      everyMs: deps.config.JOBS_INTERVAL_SECONDS * 1000,
      run: async () => {
        await sendPaymentReminders(deps)
      },
    },
    // Rate-limit windows that have ended are kept by nobody: without this their rows grow forever.
    { name: 'rate-limit pruning', everyMs: HOUR, run: () => pruneRateLimits(deps.db) },
    { name: 'sign-in leftovers pruning', everyMs: HOUR, run: () => pruneSignInLeftovers(deps.db) },
    { name: 'idempotency answers pruning', everyMs: HOUR, run: () => pruneIdempotentRequests(deps.db) },
    // Files whose row never committed (docs/scaling.md, "Orphaned files"): it lists the whole store.
    {
      name: 'orphaned files',
      everyMs: 6 * HOUR,
      run: async () => {
        await sweepOrphanFiles(deps)
      },
    },
  ]
}

/** Starts the periodic work with the server (not in API tests, which call the jobs directly). */
export function startJobs(deps: Deps) {
  const scheduler = createScheduler(deps.log)
  for (const job of serverJobs(deps)) scheduler.every(job.name, job.everyMs, job.run)
  scheduler.start()
  return scheduler
}
