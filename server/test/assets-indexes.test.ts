import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createOrg, createUser, login, startTestServer, type TestServer } from './helpers.ts'
import { planChecker } from './query-plans.ts'

/**
 * The sidebar asks every page for the 'Due soon' count, so it must read the few assets that are due
 * through the maintenance and warranty date indexes, not every asset of the organisation
 * (docs/decisions.md, "Registers on the new pieces").
 */

const ASSETS = 100_000

let server: TestServer
let admin: ReturnType<typeof client>
let indexed: ReturnType<typeof planChecker>

beforeAll(async () => {
  server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '300000' })
  const pool = server.deps.database.pool
  indexed = planChecker(server, ['assets'], 'assets_')
  const orgId = (await createOrg(server)).orgId
  const boss = await createUser(server, orgId, { isAdmin: true, fullName: 'Load Admin' })
  admin = client(server, (await login(server, boss.email)).accessToken)
  // Maintenance and warranties spread over ten years from 2030; one asset in 10,000 due now, by each.
  await pool.query(
    `insert into assets (org_id, asset_display_id, name, status, next_maintenance_due, warranty_expires_on)
     select $1, 'AST-' || g, 'Asset ' || md5(g::text), 'In Use',
       case when g % 10000 = 0 then current_date + 3 else date '2030-01-01' + (g % 3650) end,
       case when g % 10000 = 5 then current_date + 10 else date '2030-01-01' + (g % 3650) end
     from generate_series(1, ${ASSETS}) g`,
    [orgId],
  )
  await pool.query('vacuum analyze assets')
}, 300_000)
afterAll(() => server?.close())

describe(`assets due soon on ${ASSETS.toLocaleString('en-IN')} assets`, () => {
  it('counts and lists them through the maintenance and warranty indexes', async () => {
    const count = await indexed(admin, '/assets/due-soon/count')
    expect(count.body.count).toBe(20)
    expect(count.used).toEqual(expect.arrayContaining(['assets_maintenance_idx', 'assets_warranty_idx']))
    const list = await indexed(admin, '/assets/due-soon?sortBy=maintenance_date_asc')
    expect(list.body.assets).toHaveLength(20)
  })
})
