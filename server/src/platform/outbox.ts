import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, DbOrTx } from '../db/connection.ts'
import { outbox } from './schema.ts'

export type OutboxHandler = (payload: unknown, event: { id: number; orgId: string | null }) => Promise<void>

const MAX_ATTEMPTS = 8
const POLL_MS = 5_000

/** Records a side effect in the caller's transaction; it is delivered after commit, at least once. */
export async function enqueue(
  tx: DbOrTx,
  kind: string,
  payload: unknown,
  orgId: string | null = null,
): Promise<void> {
  await tx.insert(outbox).values({ kind, payload, orgId })
}

/** Several side effects of one kind in one statement (a mail to each of many recipients). */
export async function enqueueMany(
  tx: DbOrTx,
  kind: string,
  payloads: unknown[],
  orgId: string | null = null,
): Promise<void> {
  if (payloads.length > 0)
    await tx.insert(outbox).values(payloads.map((payload) => ({ kind, payload, orgId })))
}

export interface OutboxDispatcher {
  on(kind: string, handler: OutboxHandler): void
  /** Delivers what is due soon, without waiting for the next poll (call after a commit). */
  kick(): void
  /** Delivers everything due now; resolves when done (tests, shutdown). */
  drain(): Promise<void>
  start(): void
  /**
   * Stops polling and waits for the batch under way, not for the rest of a backlog: what is left stays
   * in the outbox for the next start (a restart must not wait for thousands of reminder mails).
   */
  stop(): Promise<void>
}

export function createOutboxDispatcher(db: Db, log: FastifyBaseLogger): OutboxDispatcher {
  const handlers = new Map<string, OutboxHandler>()
  let running: Promise<void> | null = null
  let again = false
  let stopping = false
  let timer: NodeJS.Timeout | undefined

  async function deliverBatch(): Promise<number> {
    // Claim a batch: rows locked by another instance are skipped, and the claim pushes availability
    // forward so a crashed worker's rows come back later.
    const claimed = await db.execute<{
      id: number
      kind: string
      payload: unknown
      org_id: string | null
      attempts: number
    }>(sql`
      update outbox set attempts = attempts + 1, available_at = now() + interval '2 minutes'
      where id in (
        select id from outbox where delivered_at is null and available_at <= now() and attempts < ${MAX_ATTEMPTS}
        order by id limit 20 for update skip locked)
      returning id, kind, payload, org_id, attempts`)
    for (const row of claimed.rows) {
      const handler = handlers.get(row.kind)
      try {
        if (!handler) throw new Error(`No outbox handler for ${row.kind}`)
        await handler(row.payload, { id: Number(row.id), orgId: row.org_id })
        // The payload may hold a one-time code: keep nothing of it once delivered.
        await db.execute(
          sql`update outbox set delivered_at = now(), payload = null, last_error = null where id = ${row.id}`,
        )
      } catch (error) {
        const delaySeconds = 2 ** Math.min(row.attempts, 10) * 5
        log.warn({ err: error, kind: row.kind, id: row.id }, 'outbox delivery failed')
        await db.execute(sql`update outbox set last_error = ${String((error as Error).message).slice(0, 500)},
          available_at = now() + make_interval(secs => ${delaySeconds}) where id = ${row.id}`)
      }
    }
    return claimed.rows.length
  }

  async function run(): Promise<void> {
    do {
      again = false
      try {
        while (!stopping && (await deliverBatch()) > 0) {}
      } catch (error) {
        log.error({ err: error }, 'outbox dispatcher failed')
      }
    } while (again && !stopping)
  }

  const dispatcher: OutboxDispatcher = {
    on(kind, handler) {
      handlers.set(kind, handler)
    },
    kick() {
      if (stopping) return
      if (running) {
        again = true
        return
      }
      running = run().finally(() => {
        running = null
      })
    },
    async drain() {
      if (running) await running
      dispatcher.kick()
      await running
    },
    start() {
      timer = setInterval(() => dispatcher.kick(), POLL_MS)
      timer.unref()
    },
    async stop() {
      stopping = true
      clearInterval(timer)
      if (running) await running
    },
  }
  return dispatcher
}
