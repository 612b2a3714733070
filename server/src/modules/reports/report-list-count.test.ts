import { REPORT_PAGE_SIZE } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/helpers.ts'
import { type Member, type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'
import { as } from '../../../test/report-helpers.ts'
import { REPORT_COUNT_AHEAD } from './list.ts'

/**
 * The reports list counts no further than 50 pages past the page asked for (docs/decisions.md,
 * "Reports' count stops 50 pages ahead"): the infinite scroll still learns there is more, and an
 * exact count near the end still lets a far page be read from the other end.
 */

const REPORTS = REPORT_COUNT_AHEAD + 250
let server: TestServer
let org: RegisterOrg
let newestFirst: string[]
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Report Count Org')
  const pool = server.deps.database.pool
  await pool.query(
    `insert into reports (org_id, display_number, report_type, report_data, submitted_by, submitted_at)
     select $1, n, 'OPERATIONS_REPORT', '{}', $2, timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
     from generate_series(1, $3::int) n`,
    [org.orgId, org.staff.userId, REPORTS],
  )
  const { rows } = await pool.query(
    'select report_id from reports where org_id = $1 order by submitted_at desc, report_id desc',
    [org.orgId],
  )
  newestFirst = rows.map((r) => r.report_id)
})
afterAll(() => server.close())

async function page(who: Member, n: number) {
  const res = await as(server, who).get(`/reports?page=${n}`)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json()
  return {
    ids: (body.reports as { report_id: string }[]).map((r) => r.report_id),
    totalPages: body.totalPages,
  }
}

const lastPage = Math.ceil(REPORTS / REPORT_PAGE_SIZE)
const expected = (n: number) => newestFirst.slice((n - 1) * REPORT_PAGE_SIZE, n * REPORT_PAGE_SIZE)

describe('the reports list counts up to 50 pages ahead', () => {
  // The admin reads the organisation's reports, anyone else their report_members rows: both count so.
  for (const role of ['admin', 'staff'] as const) {
    it(`${role}: the first pages promise 50 more, the far pages know the end and read it`, async () => {
      const who = org[role]
      const ahead = REPORT_COUNT_AHEAD / REPORT_PAGE_SIZE
      expect(await page(who, 1)).toEqual({ ids: expected(1), totalPages: ahead })
      expect(await page(who, 2)).toEqual({ ids: expected(2), totalPages: ahead + 1 })
      // From page 14 on, 50 pages ahead reaches past the last report: the count is exact.
      expect(lastPage).toBeLessThan(14 + ahead)
      for (const n of [14, 40, lastPage])
        expect(await page(who, n)).toEqual({ ids: expected(n), totalPages: lastPage })
      expect(await page(who, lastPage + 1)).toEqual({ ids: [], totalPages: lastPage })
    })
  }

  it('a search is counted whole: its matches are found through its own indexes', async () => {
    const res = await as(server, org.admin).get(`/reports?searchQuery=${org.staff.username}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().totalPages).toBe(lastPage)
  })

  it('scrolling page after page, as the list does, reaches every report once, in order', async () => {
    const seen: string[] = []
    for (let n = 1; ; n++) {
      const { ids, totalPages } = await page(org.admin, n)
      seen.push(...ids)
      if (ids.length < REPORT_PAGE_SIZE || n >= totalPages) break
    }
    expect(seen).toEqual(newestFirst)
  })
})
