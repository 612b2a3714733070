import type { SearchResult } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BENCH_PASSWORD, seedVolume, type VolumeContext } from '../src/seed/volume-seed.ts'
import { client, login, startTestServer, type TestServer } from './helpers.ts'
import { planChecker } from './query-plans.ts'

/**
 * GET /api/search at the volumes of `npm run bench:seed -- --scale 1` (200,000 tasks, 100,000 reports
 * and invoices, 20,000 clients and projects, 50,000 access entries): every statement the search sends,
 * for the admin and for a staff user whose clients come through the access list, reads the big tables
 * through their indexes, never row by row (docs/decisions.md, "Search"). The SQL is captured from the
 * real endpoint, then EXPLAINed with its own parameters.
 */

const STAFF = 3
const BIG_TABLES = [
  'tasks',
  'task_members',
  'reports',
  'report_members',
  'report_recipients',
  'account_invoices',
  'clients',
  'projects',
  'access_entries',
]

let server: TestServer
let volume: VolumeContext
let indexed: ReturnType<typeof planChecker>

beforeAll(async () => {
  server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '600000' })
  volume = await seedVolume(server.deps.db, {
    scale: 1,
    seed: 1,
    only: ['clients', 'projects', 'access', 'tasks', 'invoices', 'reports'],
  })
  await server.deps.database.pool.query('vacuum analyze')
  indexed = planChecker(server, BIG_TABLES, '')
}, 900_000)
afterAll(() => server?.close())

async function signedIn(n: number) {
  const username = volume.usernames[n - 1]!
  return client(server, (await login(server, username, BENCH_PASSWORD)).accessToken)
}

const results = (body: { results: SearchResult[] }) => body.results

describe('search at bench:seed scale 1', () => {
  it("reads the admin's matches through the trigram and btree indexes", async () => {
    const admin = await signedIn(1)
    const invoice = `${volume.prefix.toUpperCase()}-INV-012345`
    const byNumber = await indexed(admin, `/search?q=${encodeURIComponent(invoice)}`)
    expect(results(byNumber.body)[0]).toMatchObject({
      type: 'receivable',
      title: invoice,
      matched: 'invoice_no',
    })
    expect(byNumber.used).toEqual(expect.arrayContaining(['account_invoices_number_trgm']))

    const byName = await indexed(admin, '/search?q=Kaveri%20Pharma%201')
    expect(results(byName.body).length).toBeGreaterThan(0)
    expect(results(byName.body)[0]!.title).toMatch(/^Kaveri Pharma 1/)
    expect(byName.used).toEqual(expect.arrayContaining(['clients_name_trgm', 'projects_name_trgm']))

    const byContact = await indexed(admin, '/search?q=contact1234%40client')
    expect(results(byContact.body)[0]).toMatchObject({ type: 'client', matched: 'contact' })
    expect(byContact.used).toEqual(expect.arrayContaining(['clients_contacts_trgm']))

    const byReport = await indexed(admin, '/search?q=RPT-0420')
    expect(results(byReport.body)[0]).toMatchObject({
      type: 'report',
      title: expect.stringMatching(/RPT-0420$/),
    })
    expect(byReport.used).toEqual(expect.arrayContaining(['reports_number_trgm']))
  })

  it("reads a staff user's matches through their tasks' members, their reports and access entries", async () => {
    const staff = await signedIn(STAFF)
    const tasks = await indexed(staff, '/search?q=Prepare%20BOQ')
    expect(results(tasks.body).every((r) => r.type === 'task')).toBe(true)
    expect(results(tasks.body).length).toBeGreaterThan(0)
    // A word in a tenth of all titles, matched among the caller's own tasks: their membership and the
    // words in one index.
    expect(tasks.used).toEqual(expect.arrayContaining(['tasks_member_words']))
    // A rare word: the tasks as above, the reports probed by their member row, the clients through
    // the access list.
    const clients = await indexed(staff, '/search?q=Apex')
    expect(results(clients.body).length).toBeGreaterThan(0)
    expect(clients.used).toEqual(
      expect.arrayContaining(['tasks_member_words', 'reports_project_name_trgm', 'access_entries_user_idx']),
    )
  })
})
