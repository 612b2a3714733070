import { reportMessages } from '@daftar/domain'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { client, createOrg, createUser, login, startTestServer, type TestServer } from './helpers.ts'

/**
 * A statement that fails outside a transaction makes the pool drop its connection. On the embedded
 * database the replacement reaches the same session, which still holds every statement the dropped
 * connection named: without `forgetNamedStatements` (db/connection.ts) each of them was refused from
 * then on ('prepared statement … already exists'), the lists of every organisation answering 500 until
 * the process restarted.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const LISTS = ['/tasks', '/reports', '/notifications', '/home']

it('a failed statement leaves every list of every organisation answering', async () => {
  const other = await createOrg(server)
  const admin = await createUser(server, other.orgId, { isAdmin: true })
  const api = client(server, (await login(server, admin.username)).accessToken)
  for (const list of LISTS) expect((await api.get(list)).statusCode, list).toBe(200)

  await expect(server.deps.database.pool.query('select 1 / 0')).rejects.toThrow(/division by zero/)

  for (const list of LISTS) expect((await api.get(list)).statusCode, list).toBe(200)
})

it('refuses a day of year 0000, which PostgreSQL cannot store, before any query', async () => {
  const org = await createOrg(server)
  const staff = await createUser(server, org.orgId)
  const api = client(server, (await login(server, staff.username)).accessToken)
  for (const query of ['startDate=0000-01-01', 'endDate=0000-12-31']) {
    const answer = await api.get(`/reports?${query}`)
    expect(answer.statusCode, query).toBe(400)
    expect(answer.json().error).toBe(reportMessages.dateInvalid)
  }
  expect((await api.get('/reports')).statusCode).toBe(200)
})
