import { todayIn } from '@daftar/domain'
import { remindDueAssets } from './modules/assets/reminders.ts'
import type { Deps } from './platform/deps.ts'
import { createScheduler } from './platform/scheduler.ts'

const HOUR = 60 * 60_000

/** The server's periodic work, started with the server (not in API tests, which call jobs directly). */
export function startJobs(deps: Deps) {
  const scheduler = createScheduler(deps.log)
  scheduler.every('asset reminders', HOUR, async () => {
    await remindDueAssets(deps, todayIn(deps.config.TIME_ZONE))
  })
  scheduler.start()
  return scheduler
}
