import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, login, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { seedDemo } from '../../seed/seed.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await seedDemo(server.deps.db)
})
afterAll(() => server.close())

const as = async (email: string) => client(server, (await login(server, email)).accessToken)

describe('the demo organisation’s reports', () => {
  it('has each type between the demo users, one closed with feedback', async () => {
    const admin = await as('admin@example.com')
    const all = (await admin.get('/reports')).json().reports as {
      report_id: string
      report_type: string
      status: string
      submitted_by_username: string
      recipients: { username: string }[]
    }[]
    expect(new Set(all.map((r) => r.report_type))).toEqual(
      new Set(['INVENTORY_REQUEST', 'OPERATIONS_REPORT', 'EXPENSES_INCOME']),
    )
    const closed = all.filter((r) => r.status === 'CLOSED')
    expect(closed).toHaveLength(1)
    // The list does not carry feedback; the report's page does.
    expect((await admin.get(`/reports/${closed[0]!.report_id}`)).json().admin_feedback).toBeTruthy()
    expect(new Set(all.map((r) => r.submitted_by_username))).toEqual(new Set(['asha', 'ravi']))
    const expenses = all.find(
      (r) => r.report_type === 'EXPENSES_INCOME' && r.submitted_by_username === 'ravi',
    )
    expect(expenses).toBeDefined()
    // Ravi sees what he sent and what was sent to him, and has open reports waiting.
    const ravi = await as('ravi@example.com')
    const his = (await ravi.get('/reports')).json().reports as typeof all
    expect(
      his.every((r) => r.submitted_by_username === 'ravi' || r.recipients.some((p) => p.username === 'ravi')),
    ).toBe(true)
    expect((await ravi.get('/reports/open-count')).json().count).toBe(2)
  })
})
