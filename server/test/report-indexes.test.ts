import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_COUNT_AHEAD } from '../src/modules/reports/list.ts'
import { client, createOrg, createUser, login, startTestServer, type TestServer } from './helpers.ts'
import { planChecker } from './query-plans.ts'

/**
 * With 100,000 reports in one organisation, no report list (admin or not, every
 * filter and both sorts), detail or count reads reports, report_recipients or report_members
 * sequentially. The SQL is captured from the real endpoints, then EXPLAINed with its own parameters.
 */

const REPORTS = 100_000
const USERS = 200

let server: TestServer
let admin: ReturnType<typeof client>
let staff: ReturnType<typeof client>
let someReport: string
let indexed: ReturnType<typeof planChecker>

beforeAll(async () => {
  server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '300000' })
  const pool = server.deps.database.pool
  indexed = planChecker(server, ['reports', 'report_recipients', 'report_members'], 'report')
  const orgId = (await createOrg(server)).orgId
  const boss = await createUser(server, orgId, { isAdmin: true, fullName: 'Load Admin' })
  const worker = await createUser(server, orgId, { fullName: 'Load Worker' })
  admin = client(server, (await login(server, boss.email)).accessToken)
  staff = client(server, (await login(server, worker.email)).accessToken)
  const otherOrg = (await createOrg(server)).orgId

  await pool.query(
    `insert into users (org_id, username, full_name, email, mobile, password_hash)
     select $1, 'load' || g, 'Load User ' || g, 'load' || g || '@example.test', '+9170' || lpad(g::text, 8, '0'), 'x'
     from generate_series(1, $2::int) g`,
    [orgId, USERS],
  )
  await pool.query(
    `insert into clients (org_id, display_number, name) select $1, g, 'Client ' || g from generate_series(1, 20) g`,
    [orgId],
  )
  await pool.query(
    `insert into projects (org_id, name, client_id) select org_id, 'Project ' || display_number, client_id from clients where org_id = $1`,
    [orgId],
  )
  // Reports of the three types over five years, about one in five closed, a third on a linked project;
  // the worker sends one in 500 and receives one in 400. The other organisation gets a tenth as many.
  for (const [org, count] of [
    [orgId, REPORTS],
    [otherOrg, REPORTS / 10],
  ] as const) {
    await pool.query(
      `with people as (select array_agg(user_id order by username) ids from users where org_id = $1 and username like 'load%'),
            sites as (select array_agg(project_id order by name) ids, array_agg(name order by name) names from projects where org_id = $1)
       insert into reports (org_id, display_number, report_type, report_data, status, submitted_at, submitted_by, project_id, project_name)
       select $1::uuid, g, (array['INVENTORY_REQUEST', 'OPERATIONS_REPORT', 'EXPENSES_INCOME'])[g % 3 + 1]::report_type,
         jsonb_build_object('context', jsonb_build_object('projectName', 'Site ' || g % 97, 'clientName', 'Client ' || g % 20),
           'description', repeat('Routine report text. ', 20 + g % 10), 'items', '[]'::jsonb),
         case when g % 5 = 0 then 'CLOSED' else 'OPEN' end::report_status,
         now() - (g || ' minutes')::interval * 26,
         case when $1::uuid = $3::uuid and g % 500 = 0 then $4::uuid
              else coalesce((select ids[g % $5 + 1] from people), $4::uuid) end,
         case when g % 3 = 0 then (select ids[g % 20 + 1] from sites) end,
         case when g % 3 = 0 then (select names[g % 20 + 1] from sites) else 'Site ' || g % 97 end
       from generate_series(1, $2::int) g`,
      [org, count, orgId, worker.userId, USERS],
    )
  }
  await pool.query(
    `insert into report_recipients (report_id, user_id, org_id, is_open)
     select r.report_id, case when r.org_id = $1 and n % 400 = 0 then $2::uuid else r.submitted_by end, r.org_id, r.status = 'OPEN'
     from (select report_id, org_id, submitted_by, status, row_number() over (order by submitted_at) n from reports) r
     on conflict do nothing`,
    [orgId, worker.userId],
  )
  await pool.query('vacuum analyze')
  const { rows } = await pool.query(
    `select r.report_id from reports r join report_recipients p using (report_id) where p.user_id = $1 limit 1`,
    [worker.userId],
  )
  someReport = rows[0].report_id
}, 300_000)
afterAll(() => server?.close())

/** Calls the endpoint; no query it sends reads a report table sequentially. Returns body and indexes. */
const expectNoSeqScan = (api: ReturnType<typeof client>, url: string) => indexed(api, url)

describe(`report queries on ${REPORTS.toLocaleString('en-IN')} reports`, () => {
  it('holds the data it claims', async () => {
    const { rows } = await server.deps.database.pool.query('select count(*)::int as n from reports')
    expect(rows[0].n).toBe(REPORTS + REPORTS / 10)
  })

  it("an admin's lists: both sorts, a deep page, each type and status, dates and search", async () => {
    const first = await expectNoSeqScan(admin, '/reports')
    expect(first.body.reports).toHaveLength(20)
    // The count stops 50 pages past the page (docs/decisions.md, "Reports' count stops 50 pages ahead").
    expect(first.body.totalPages).toBe(REPORT_COUNT_AHEAD / 20)
    expect(first.used).toContain('reports_org_time_idx')
    const last = await expectNoSeqScan(admin, `/reports?page=${REPORTS / 20}`)
    expect(last.body.reports).toHaveLength(20)
    expect(last.body.totalPages).toBe(REPORTS / 20)
    await expectNoSeqScan(admin, '/reports?sortBy=submitted_at_asc&page=3')
    for (const type of ['INVENTORY_REQUEST', 'OPERATIONS_REPORT', 'EXPENSES_INCOME']) {
      const res = await expectNoSeqScan(admin, `/reports?reportType=${type}`)
      expect(res.body.reports.length).toBe(20)
      await expectNoSeqScan(admin, `/reports?reportType=${type}&status=CLOSED&sortBy=submitted_at_asc`)
    }
    for (const status of ['OPEN', 'CLOSED']) await expectNoSeqScan(admin, `/reports?status=${status}`)
    const y = new Date().getFullYear() - 1
    await expectNoSeqScan(admin, `/reports?startDate=${y}-01-01&endDate=${y}-03-31`)
    await expectNoSeqScan(
      admin,
      `/reports?startDate=${y}-06-01&endDate=${y}-06-30&status=OPEN&reportType=EXPENSES_INCOME`,
    )
    const byName = await expectNoSeqScan(admin, '/reports?searchQuery=load%20user%2017')
    expect(byName.body.reports.length).toBeGreaterThan(0)
    const byProject = await expectNoSeqScan(admin, '/reports?searchQuery=project%203')
    expect(byProject.body.reports.length).toBeGreaterThan(0)
    await expectNoSeqScan(admin, '/reports?searchQuery=site%204')
  })

  it("a staff member's lists: what they sent or received, with filters", async () => {
    const mine = await expectNoSeqScan(staff, '/reports')
    expect(mine.body.reports.length).toBe(20)
    // Page ids and count from the member index alone (docs/decisions.md, "Reports read through
    // report_members").
    expect(mine.scans).toContain('Index Only Scan report_members_list_idx')
    expect(mine.used).not.toContain('reports_org_time_idx')
    await expectNoSeqScan(staff, `/reports?page=${mine.body.totalPages}&sortBy=submitted_at_asc`)
    const filtered = await expectNoSeqScan(staff, '/reports?reportType=OPERATIONS_REPORT&status=OPEN')
    expect(filtered.scans).toContain('Index Only Scan report_members_list_idx')
    await expectNoSeqScan(staff, '/reports?searchQuery=site')
  })

  it('a detail and the open count', async () => {
    const one = await expectNoSeqScan(staff, `/reports/${someReport}`)
    expect(one.body.report_id).toBe(someReport)
    const count = await expectNoSeqScan(staff, '/reports/open-count')
    expect(count.body.count).toBeGreaterThan(0)
    expect(count.used).toContain('report_recipients_user_idx')
  })
})
