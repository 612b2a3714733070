import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/helpers.ts'
import { type Member, member, type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'
import { as, inventoryBody, operationsBody, sendReport } from '../../../test/report-helpers.ts'
import { seedVolume } from '../../seed/volume-seed.ts'

/**
 * report_members (what a non-admin's report list reads, docs/decisions.md "Reports read through
 * report_members") is written by triggers on `reports` and `report_recipients`:
 * after every write, through the API, the seeders or by hand, it holds exactly each report's sender
 * and recipients, once each, with the report's organisation, time, type and status.
 */

let server: TestServer
let org: RegisterOrg
let stranger: Member
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Report Members Org')
  stranger = await member(server, org.orgId, { fullName: 'Sam Stranger' })
})
afterAll(() => server.close())

const query = async (text: string, values: unknown[] = []) =>
  (await server.deps.database.pool.query(text, values)).rows

/** The member rows of one report, by user. */
async function members(reportId: string) {
  return query(
    `select user_id, org_id, submitted_at, report_type, status from report_members
     where report_id = $1 order by user_id`,
    [reportId],
  )
}

/** The report's member rows are exactly `people` (once each), and each copies the report's columns. */
async function expectMembers(reportId: string, people: Member[]) {
  const rows = await members(reportId)
  expect(rows.map((r) => r.user_id)).toEqual([...new Set(people.map((p) => p.userId))].sort())
  const [report] = await query(
    'select org_id, submitted_at, report_type, status from reports where report_id = $1',
    [reportId],
  )
  for (const row of rows) expect(row).toEqual({ user_id: row.user_id, ...report })
}

/** Every member row of the organisation is what reports and report_recipients say, and nothing else. */
async function expectInStep(orgId: string) {
  const derived = await query(
    `select r.report_id, p.user_id, r.org_id, r.submitted_at, r.report_type, r.status
     from reports r cross join lateral (
       select r.submitted_by union select rr.user_id from report_recipients rr where rr.report_id = r.report_id
     ) p(user_id)
     where r.org_id = $1 and p.user_id is not null order by 1, 2`,
    [orgId],
  )
  const kept = await query(
    `select report_id, user_id, org_id, submitted_at, report_type, status from report_members
     where org_id = $1 order by 1, 2`,
    [orgId],
  )
  expect(derived.length).toBeGreaterThan(0)
  expect(kept).toEqual(derived)
}

const listIds = async (who: Member, url = '') => {
  const res = await as(server, who).get(`/reports${url}`)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().reports as { report_id: string }[]).map((r) => r.report_id)
}

describe('report_members follows the reports', () => {
  it('sending: the sender and each recipient, once, also when the sender chose themselves', async () => {
    const id = await sendReport(server, org.staff, operationsBody([org.staff2.userId, org.admin2.userId]))
    await expectMembers(id, [org.staff, org.staff2, org.admin2])
    const self = await sendReport(server, org.staff, inventoryBody([org.staff.userId, org.staff2.userId]))
    await expectMembers(self, [org.staff, org.staff2])
    expect(await listIds(org.staff2)).toEqual(expect.arrayContaining([id, self]))
    expect(await listIds(stranger)).toEqual([])
    await expectInStep(org.orgId)
  })

  it('feedback keeps the rows; closing carries the status to every row and the status filter', async () => {
    const id = await sendReport(server, org.staff, operationsBody([org.staff2.userId]))
    const feedback = await as(server, org.admin2).put(`/reports/${id}/feedback`, { feedback: 'Seen' })
    expect(feedback.statusCode, feedback.body).toBe(200)
    await expectMembers(id, [org.staff, org.staff2])

    expect((await as(server, org.staff2).put(`/reports/${id}/status`, { status: 'CLOSED' })).statusCode).toBe(
      200,
    )
    await expectMembers(id, [org.staff, org.staff2])
    expect((await members(id)).map((r) => r.status)).toEqual(['CLOSED', 'CLOSED'])
    expect(await listIds(org.staff, '?status=CLOSED')).toContain(id)
    expect(await listIds(org.staff, '?status=OPEN')).not.toContain(id)
    await expectInStep(org.orgId)
  })

  it('deleting a report removes its rows', async () => {
    const id = await sendReport(server, org.staff, operationsBody([org.staff2.userId]))
    expect((await as(server, org.admin).delete(`/reports/${id}`)).statusCode).toBe(200)
    expect(await members(id)).toEqual([])
    expect(await listIds(org.staff2)).not.toContain(id)
  })

  it('by hand: a report without recipients; one moved in time or given another sender; recipients added, changed, moved, removed', async () => {
    const [bare] = await query(
      `insert into reports (org_id, display_number, report_type, report_data, submitted_by)
       values ($1, (select coalesce(max(display_number), 0) + 1 from reports where org_id = $1),
         'OPERATIONS_REPORT', '{}', $2) returning report_id`,
      [org.orgId, stranger.userId],
    )
    await expectMembers(bare.report_id, [stranger])
    expect(await listIds(stranger)).toEqual([bare.report_id])

    const id = await sendReport(server, org.staff, operationsBody([org.staff2.userId]))
    const other = await sendReport(server, org.admin2, inventoryBody([org.admin2.userId]))

    await query(
      `update reports set submitted_at = '2025-01-02T03:04:05Z', submitted_by = $2 where report_id = $1`,
      [id, org.admin.userId],
    )
    await expectMembers(id, [org.admin, org.staff2])
    expect(await listIds(org.staff2, '?startDate=2025-01-02&endDate=2025-01-02')).toEqual([id])

    await query('insert into report_recipients (report_id, user_id, org_id) values ($1, $2, $3)', [
      id,
      stranger.userId,
      org.orgId,
    ])
    await expectMembers(id, [org.admin, org.staff2, stranger])

    await query('update report_recipients set user_id = $3 where report_id = $1 and user_id = $2', [
      id,
      stranger.userId,
      org.staff.userId,
    ])
    await expectMembers(id, [org.admin, org.staff2, org.staff])

    await query('update report_recipients set report_id = $2 where report_id = $1 and user_id = $3', [
      id,
      other,
      org.staff.userId,
    ])
    await expectMembers(id, [org.admin, org.staff2])
    await expectMembers(other, [org.admin2, org.staff])

    // The sender of `other` is also its recipient: removing the recipient row keeps the sender's.
    await query('delete from report_recipients where report_id = $1', [other])
    await expectMembers(other, [org.admin2])
    await query('delete from report_recipients where report_id = $1', [id])
    await expectMembers(id, [org.admin])
    await expectInStep(org.orgId)
  })

  it("the volume seeder's statements of many rows", async () => {
    const ctx = await seedVolume(server.deps.db, { scale: 0.002, seed: 11, only: ['reports'] })
    await expectInStep(ctx.orgId)
    const [{ n }] = await query('select count(*)::int as n from report_members where org_id = $1', [
      ctx.orgId,
    ])
    // 200 reports, each from one staff member to another.
    expect(n).toBe(400)
  })
})
