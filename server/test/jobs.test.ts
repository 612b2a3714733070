import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverJobs } from '../src/jobs.ts'
import { startTestServer, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const keys = async () =>
  (await server.deps.db.execute<{ key: string }>(sql`select key from rate_limits order by key`)).rows.map(
    (r) => r.key,
  )

describe("the server's periodic jobs", () => {
  it('prune the rate-limit windows that have ended and keep the running ones', async () => {
    await server.deps.db.execute(sql`
      insert into rate_limits (key, count, reset_at) values
        ('login:ended', 3, now() - interval '1 minute'),
        ('login:running', 2, now() + interval '10 minutes')`)
    for (const job of serverJobs(server.deps)) await job.run()
    expect(await keys()).toEqual(['login:running'])
  })

  it('forget the answers kept for Idempotency-Keys after a day', async () => {
    await server.deps.db.execute(sql`
      insert into idempotent_requests (user_id, key, request, status, answer, created_at) values
        (gen_random_uuid(), 'yesterday', 'POST /api/clients x', 201, '{}', now() - interval '25 hours'),
        (gen_random_uuid(), 'today', 'POST /api/clients y', 201, '{}', now() - interval '23 hours')`)
    for (const job of serverJobs(server.deps)) await job.run()
    const left = await server.deps.db.execute<{ key: string }>(sql`select key from idempotent_requests`)
    expect(left.rows.map((r) => r.key)).toEqual(['today'])
  })
})
