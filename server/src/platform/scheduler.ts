import type { FastifyBaseLogger } from 'fastify'

export interface Scheduler {
  /** Runs `job` every `ms` milliseconds (first soon after start); a run never overlaps the previous one. */
  every(name: string, ms: number, job: () => Promise<void>): void
  start(): void
  stop(): Promise<void>
}

/**
 * Periodic work of the server (reminders). Jobs claim their rows in SQL, so several instances may run
 * the same job without doing its work twice (docs/architecture.md).
 */
export function createScheduler(log: FastifyBaseLogger): Scheduler {
  const jobs: { name: string; ms: number; job: () => Promise<void> }[] = []
  const timers: NodeJS.Timeout[] = []
  const running = new Set<Promise<void>>()
  const run = (name: string, job: () => Promise<void>) => {
    const p = job()
      .catch((error) => log.error({ err: error, job: name }, 'scheduled job failed'))
      .finally(() => running.delete(p))
    running.add(p)
    return p
  }
  return {
    every: (name, ms, job) => jobs.push({ name, ms, job }),
    start() {
      for (const { name, ms, job } of jobs) {
        let busy: Promise<void> | null = null
        const tick = () => {
          if (!busy) busy = run(name, job).finally(() => (busy = null))
        }
        timers.push(setTimeout(tick, 5_000).unref(), setInterval(tick, ms).unref())
      }
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer)
      await Promise.all(running)
    },
  }
}
