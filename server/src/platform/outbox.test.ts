import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/helpers.ts'
import { createOutboxDispatcher, enqueueMany } from './outbox.ts'

/**
 * Stopping the outbox (a restart, a deploy) waits for the batch under way, never for a whole backlog:
 * the first jobs' run after an import can queue thousands of mails, and a server asked to stop kept
 * delivering them for minutes.
 */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const pending = async () =>
  Number(
    (
      await server.deps.db.execute<{ n: string }>(
        sql`select count(*) as n from outbox where kind = 'test-slow' and delivered_at is null`,
      )
    ).rows[0]!.n,
  )

describe('the outbox dispatcher', () => {
  it('stops after the batch under way and leaves the rest of a backlog for the next start', async () => {
    const backlog = 200
    await enqueueMany(
      server.deps.db,
      'test-slow',
      Array.from({ length: backlog }, (_, i) => ({ i })),
    )
    const outbox = createOutboxDispatcher(server.deps.db, server.deps.log)
    let delivered = 0
    let started!: () => void
    const firstDelivery = new Promise<void>((resolve) => {
      started = resolve
    })
    outbox.on('test-slow', async () => {
      started()
      await new Promise((resolve) => setTimeout(resolve, 5))
      delivered++
    })
    outbox.kick()
    await firstDelivery
    await outbox.stop()
    // One batch (20) at the most, then nothing more once stopped: a kick after stop starts nothing.
    expect(delivered).toBeGreaterThan(0)
    expect(delivered).toBeLessThanOrEqual(20)
    outbox.kick()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(delivered).toBeLessThanOrEqual(20)
    expect(await pending()).toBe(backlog - delivered)

    // The next start delivers the rest.
    const next = createOutboxDispatcher(server.deps.db, server.deps.log)
    next.on('test-slow', async () => {
      delivered++
    })
    await next.drain()
    await next.stop()
    expect(delivered).toBe(backlog)
    expect(await pending()).toBe(0)
  })
})
