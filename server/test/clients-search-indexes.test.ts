import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createOrg, createUser, login, startTestServer, type TestServer } from './helpers.ts'
import { planChecker } from './query-plans.ts'

/**
 * An admin's clients search ("contains", on the name, GSTIN, contacts and CL- number) reads
 * the matching clients through the trigram indexes, not every client of the organisation: with 20,000
 * clients the page count used to evaluate the contacts' JSON path on each of them (113 ms).
 */

const CLIENTS = 20_000

let server: TestServer
let admin: ReturnType<typeof client>
let indexed: ReturnType<typeof planChecker>

beforeAll(async () => {
  server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '300000' })
  const pool = server.deps.database.pool
  indexed = planChecker(server, ['clients'], 'clients_')
  const orgId = (await createOrg(server)).orgId
  const boss = await createUser(server, orgId, { isAdmin: true, fullName: 'Load Admin' })
  admin = client(server, (await login(server, boss.email)).accessToken)
  // One name in 200 holds "Zephyr"; one contact in 500 an e-mail at zephyrmail.
  await pool.query(
    `insert into clients (org_id, display_number, name, gstin, contacts)
     select $1, g, case when g % 200 = 0 then 'Zephyr Works ' || g else 'Client ' || md5(g::text) end,
       '29ABCDE' || lpad(g::text, 4, '0') || 'F1Z5',
       jsonb_build_array(jsonb_build_object('name', 'Person ' || g, 'phone', '+9198' || lpad(g::text, 8, '0'),
         'email', case when g % 500 = 0 then 'desk' || g || '@zephyrmail.test' else 'desk' || g || '@example.test' end))
     from generate_series(1, ${CLIENTS}) g`,
    [orgId],
  )
  await pool.query('vacuum analyze clients')
}, 180_000)
afterAll(() => server?.close())

describe(`clients search on ${CLIENTS.toLocaleString('en-IN')} clients`, () => {
  it('finds names, contacts and CL- numbers through the trigram indexes', async () => {
    const byName = await indexed(admin, '/clients?searchQuery=zephyr')
    // 100 names and 40 contacts, 20 of them both: 120 clients, six pages of 20.
    expect(byName.body.totalPages).toBe(6)
    expect(byName.used).toEqual(
      expect.arrayContaining(['clients_contacts_trgm', 'clients_name_trgm', 'clients_number_trgm']),
    )
    const byMail = await indexed(admin, '/clients?searchQuery=zephyrmail')
    expect(byMail.body.data ?? byMail.body.clients).toHaveLength(20)
    const byNumber = await indexed(admin, '/clients?searchQuery=CL-1234')
    // CL-1234 and CL-12340 … CL-12349.
    const numbers = (byNumber.body.data ?? byNumber.body.clients).map(
      (c: { client_id_display: string }) => c.client_id_display,
    )
    expect(numbers).toHaveLength(11)
    expect(numbers).toContain('CL-1234')
  })
})
