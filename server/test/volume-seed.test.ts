import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BENCH_PASSWORD, seedVolume, type VolumeContext } from '../src/seed/volume-seed.ts'
import { client, login, startTestServer, type TestServer } from './helpers.ts'

// `npm run bench:seed` at a tiny scale: the volumes it promises, through the real schema, the same
// data for the same seed in two databases, and an organisation the API serves as it would a real one.
const SCALE = 0.002
let one: TestServer
let two: TestServer
let ctx: VolumeContext

beforeAll(async () => {
  ;[one, two] = await Promise.all([startTestServer(), startTestServer()])
  ctx = await seedVolume(one.deps.db, { scale: SCALE, seed: 7 })
  await seedVolume(two.deps.db, { scale: SCALE, seed: 7 })
}, 120_000)
afterAll(async () => {
  await one?.close()
  await two?.close()
})

const TABLES = [
  'users',
  'clients',
  'projects',
  'access_entries',
  'tasks',
  'comments',
  'notifications',
  'account_invoices',
  'account_invoice_lines',
  'account_payments',
  'reports',
  'report_recipients',
  'pending_actions',
]

/** Row count and a digest of every row (ordered, without generated serials) of a table. */
async function digest(server: TestServer, table: string) {
  const { rows } = await server.deps.db.execute(
    sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(r, '|' order by r), '')) as h
             from (select (to_jsonb(t) - 'notification_id' - 'password_hash')::text as r from ${table} t) x`),
  )
  return rows[0] as { n: number; h: string }
}

describe('bench:seed', () => {
  it('fills every area at the scale asked for', async () => {
    const counts = Object.fromEntries(
      await Promise.all(TABLES.map(async (t) => [t, (await digest(one, t)).n] as const)),
    )
    expect(counts).toMatchObject({
      users: 5,
      clients: 40,
      projects: 40,
      tasks: 400,
      comments: 400,
      notifications: 1000,
      account_invoices: 200,
      account_invoice_lines: 200,
      reports: 200,
      report_recipients: 200,
      pending_actions: 1,
    })
    expect(counts.access_entries).toBeGreaterThan(80)
    expect(counts.account_payments).toBeGreaterThan(90)
  })

  it('makes the same rows from the same seed', async () => {
    for (const table of TABLES) expect(await digest(two, table), table).toEqual(await digest(one, table))
  })

  it('makes an organisation the API serves: staff see clients through the access list', async () => {
    const staff = await login(one, ctx.usernames[2]!, BENCH_PASSWORD)
    const admin = await login(one, ctx.usernames[0]!, BENCH_PASSWORD)
    const seen = (await client(one, staff.accessToken).get('/clients')).json()
    const all = (await client(one, admin.accessToken).get('/clients')).json()
    expect(seen.clients.length).toBeGreaterThan(0)
    expect(seen.totalPages).toBeLessThanOrEqual(all.totalPages)
    const { rows } = await one.deps.db.execute(
      sql`select count(distinct entity_id)::int as n from access_entries
          where user_id = ${ctx.userIds[2]} and entity_type = 'CLIENT'`,
    )
    expect(seen.clients.length).toBe(Math.min(20, (rows[0] as { n: number }).n))
    const tasks = await client(one, staff.accessToken).get('/tasks')
    expect(tasks.statusCode).toBe(200)
    const queue = (await client(one, admin.accessToken).get('/admin-actions/pending')).json()
    expect(JSON.stringify(queue)).toContain('Requested Client 1')
    // Reports: a staff member sees what they sent and what was sent to them, each report whole.
    const reports = await client(one, staff.accessToken).get('/reports')
    expect(reports.statusCode, reports.body).toBe(200)
    expect(reports.json().reports.length).toBeGreaterThan(0)
    const first = reports.json().reports[0].report_id
    expect((await client(one, staff.accessToken).get(`/reports/${first}`)).statusCode).toBe(200)
  })
})
