import type { SearchResult } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BENCH_PASSWORD, seedVolume, type VolumeContext } from '../src/seed/volume-seed.ts'
import { client, login, startTestServer, type TestServer } from './helpers.ts'
import { planChecker, replannedEachTime } from './query-plans.ts'

/**
 * GET /api/home and GET /api/search at the volumes of `npm run bench:seed -- --scale 1` (200,000
 * tasks, 100,000 reports and invoices, 20,000 clients and projects, 50,000 access entries, the
 * approval queue), plus what that seed has none of: bills, assets and announcements. Every statement
 * either endpoint sends, for the admin, the accountant and staff users (one whose clients come through
 * the access list), reads the big tables through their indexes, never row by row (docs/decisions.md,
 * "The home page" and "Search"). The SQL is captured from the real endpoint, then EXPLAINed with its
 * own parameters.
 *
 * One file for both because the volume takes most of its time to build (in the embedded database
 * above all), and both read the same one (docs/decisions.md, "CI time").
 */

const BILLS = 20_000
const ASSETS = 20_000
const ANNOUNCEMENTS = 2_000
/** The staff user whose home is checked: s1u4 receives about a hundred open reports of the seed's. */
const STAFF = 4
/** The staff user whose search is checked: s1u3 sees clients through the access list. */
const SEARCHER = 3
const HOME_TABLES = [
  'tasks',
  'task_members',
  'reports',
  'report_recipients',
  'report_members',
  'account_invoices',
  'clients',
  'assets',
]
const SEARCH_TABLES = [
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
let searched: ReturnType<typeof planChecker>

beforeAll(async () => {
  server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '600000' })
  const pool = server.deps.database.pool
  volume = await seedVolume(server.deps.db, {
    scale: 1,
    seed: 1,
    only: ['clients', 'projects', 'access', 'tasks', 'invoices', 'reports', 'approvals'],
  })
  const orgId = volume.orgId
  await pool.query(
    `insert into suppliers (org_id, name) select $1, 'Supplier ' || g from generate_series(1, 50) g`,
    [orgId],
  )
  // Bills over five years, most paid, one in six still received and unpaid.
  await pool.query(
    `insert into account_invoices (org_id, kind, supplier_id, number, document_date, due_date, status,
       gst_type, subtotal, cgst_amount, sgst_amount, total_amount, amount_paid)
     select $1::uuid, 'PAYABLE', s.supplier_id, 'VB-' || g, current_date - (g % 1800), current_date - (g % 1800) + 30,
       case when g % 6 = 0 then 'RECEIVED' else 'PAID' end::account_status, 'INTRASTATE', 1000, 0, 0, 1000,
       case when g % 6 = 0 then 0 else 1000 end
     from generate_series(1, ${BILLS}) g,
       lateral (select supplier_id from suppliers where org_id = $1 and name = 'Supplier ' || (g % 50 + 1)) s`,
    [orgId],
  )
  // Assets serviced over ten years from 2030; one in a thousand due this week.
  await pool.query(
    `insert into assets (org_id, asset_display_id, name, status, next_maintenance_due)
     select $1, 'AST-' || g, 'Asset ' || g, 'In Use',
       case when g % 1000 = 0 then current_date + 3 else date '2030-01-01' + (g % 3650) end
     from generate_series(1, ${ASSETS}) g`,
    [orgId],
  )
  // Announcements over five years, one in ten to a few people only.
  await pool.query(
    `insert into announcements (org_id, title, content, is_public, created_by, created_at)
     select $1, 'Notice ' || g, 'Text', g % 10 <> 0, $2, now() - make_interval(hours => g * 20)
     from generate_series(1, ${ANNOUNCEMENTS}) g`,
    [orgId, volume.adminId],
  )
  await pool.query(
    `insert into announcement_recipients (announcement_id, user_id, org_id)
     select announcement_id, $2, $1 from announcements where org_id = $1 and not is_public`,
    [orgId, volume.userIds[STAFF - 1]],
  )
  await pool.query('vacuum analyze')
  indexed = planChecker(server, HOME_TABLES, '')
  searched = planChecker(server, SEARCH_TABLES, '')
}, 900_000)
afterAll(() => server?.close())

async function signedIn(n: number) {
  const username = volume.usernames[n - 1]!
  return client(server, (await login(server, username, BENCH_PASSWORD)).accessToken)
}

describe('the home page at bench:seed scale 1', () => {
  it('holds the volumes it claims', async () => {
    const { rows } = await server.deps.database.pool.query(
      `select (select count(*) from tasks)::int as tasks, (select count(*) from reports)::int as reports,
         (select count(*) from account_invoices)::int as invoices`,
    )
    expect(rows[0]).toEqual({ tasks: 200_000, reports: 100_000, invoices: 100_000 + BILLS })
  })

  it("reads the admin's sections through indexes", async () => {
    const { body, used } = await indexed(await signedIn(1), '/home')
    expect(body.pending_requests.count).toBe(200)
    expect(body.assets_due.count).toBe(ASSETS / 1000)
    expect(body.receivables_overdue.count).toBeGreaterThan(1000)
    expect(body.payables_due_soon).toBeDefined()
    expect(used).toEqual(
      expect.arrayContaining([
        'task_members_list_idx',
        'account_invoices_due_idx',
        'assets_maintenance_idx',
        'report_recipients_user_idx',
      ]),
    )
  })

  it("reads the accountant's and a staff member's sections through indexes", async () => {
    const accountant = await indexed(await signedIn(2), '/home')
    expect(accountant.body.receivables_overdue.count).toBeGreaterThan(1000)
    const staff = await indexed(await signedIn(STAFF), '/home')
    expect(staff.body.open_reports.count).toBeGreaterThan(0)
    // The public ones and the private ones addressed to them: all of them.
    expect(staff.body.announcements.count).toBe(ANNOUNCEMENTS)
    expect(staff.used).toEqual(
      expect.arrayContaining(['task_members_list_idx', 'report_recipients_user_idx']),
    )
  })
})

describe('the busiest reads at bench:seed scale 1', () => {
  it('keep a generic plan: PostgreSQL does not plan them anew at every request', async () => {
    const staff = await signedIn(SEARCHER)
    const queries = [
      ...(await indexed(staff, '/tasks')).queries,
      ...(await indexed(staff, '/tasks/finished?page=2')).queries,
      ...(await indexed(staff, '/reports')).queries,
      ...(await indexed(await signedIn(STAFF), '/home')).queries,
      ...(await indexed(await signedIn(1), '/home')).queries,
    ]
    // Not the home's sections of what is due by a day (money, assets): which plan is best depends on
    // where today falls among the dates, which a generic plan cannot know.
    const undated = queries.filter((q) => !q.values.some((v) => /^\d{4}-\d{2}-\d{2}$/.test(String(v))))
    expect(undated.filter((q) => q.name).length).toBeGreaterThanOrEqual(5)
    expect(await replannedEachTime(server, undated)).toEqual([])
  })
})

const results = (body: { results: SearchResult[] }) => body.results

describe('search at bench:seed scale 1', () => {
  it("reads the admin's matches through the trigram and btree indexes", async () => {
    const admin = await signedIn(1)
    const invoice = `${volume.prefix.toUpperCase()}-INV-012345`
    const byNumber = await searched(admin, `/search?q=${encodeURIComponent(invoice)}`)
    expect(results(byNumber.body)[0]).toMatchObject({
      type: 'receivable',
      title: invoice,
      matched: 'invoice_no',
    })
    expect(byNumber.used).toEqual(expect.arrayContaining(['account_invoices_number_trgm']))

    const byName = await searched(admin, '/search?q=Kaveri%20Pharma%201')
    expect(results(byName.body).length).toBeGreaterThan(0)
    expect(results(byName.body)[0]!.title).toMatch(/^Kaveri Pharma 1/)
    expect(byName.used).toEqual(expect.arrayContaining(['clients_name_trgm', 'projects_name_trgm']))

    const byContact = await searched(admin, '/search?q=contact1234%40client')
    expect(results(byContact.body)[0]).toMatchObject({ type: 'client', matched: 'contact' })
    expect(byContact.used).toEqual(expect.arrayContaining(['clients_contacts_trgm']))

    const byReport = await searched(admin, '/search?q=RPT-0420')
    expect(results(byReport.body)[0]).toMatchObject({
      type: 'report',
      title: expect.stringMatching(/RPT-0420$/),
    })
    expect(byReport.used).toEqual(expect.arrayContaining(['reports_number_trgm']))
  })

  it("reads a staff user's matches through their tasks' members, their reports and access entries", async () => {
    const staff = await signedIn(SEARCHER)
    const tasks = await searched(staff, '/search?q=Prepare%20BOQ')
    expect(results(tasks.body).every((r) => r.type === 'task')).toBe(true)
    expect(results(tasks.body).length).toBeGreaterThan(0)
    // A word in a tenth of all titles, matched among the caller's own tasks: their membership and the
    // words in one index.
    expect(tasks.used).toEqual(expect.arrayContaining(['tasks_member_words']))
    // A rare word: the tasks as above, the reports probed by their member row, the clients through
    // the access list.
    const clients = await searched(staff, '/search?q=Apex')
    expect(results(clients.body).length).toBeGreaterThan(0)
    expect(clients.used).toEqual(
      expect.arrayContaining(['tasks_member_words', 'reports_project_name_trgm', 'access_entries_user_idx']),
    )
  })
})
