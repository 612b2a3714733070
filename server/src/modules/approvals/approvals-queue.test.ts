import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  grant,
  projectBody,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
/** Action ids in the order they were requested. */
const requested: string[] = []

type Action = {
  action_id: string
  action_type: string
  entity_type: string
  entity_id: string | null
  requested_by_username: string
  requested_by_fullname: string
  requested_at: string
  status: string
  proposed_data: Record<string, unknown>
}
type Queue = { pendingActions: Action[]; totalPages: number; currentPage: number; limit: number }

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Queue Org')
  const clientId = await createClient(server, org.admin.token, { name: 'Queue Client' })
  const projectId = await createProject(server, org.admin.token, clientId, { name: 'Queue Project' })
  await grant(server, org.admin.token, org.staff2.userId, 'CLIENT', clientId, 'WRITE')
  await grant(server, org.admin.token, org.staff2.userId, 'PROJECT', projectId, 'WRITE')
  const staff = client(server, org.staff.token)
  const staff2 = client(server, org.staff2.token)
  const calls = [
    () => staff.post('/clients', { name: 'Q1' }),
    () => staff.post('/clients', { name: 'Q2' }),
    () => staff.post('/projects', projectBody(clientId, { name: 'Q3' })),
    () => staff2.put(`/clients/${clientId}`, { name: 'Q4' }),
    () => staff2.put(`/projects/${projectId}/archive`, { archive: true }),
  ]
  for (const call of calls) {
    const res = await call()
    expect(res.statusCode, res.body).toBe(202)
    requested.push(res.json().actionId)
  }
})
afterAll(() => server.close())

async function queue(token: string, query = ''): Promise<Queue> {
  const res = await client(server, token).get(`/admin-actions/pending${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const ids = (q: Queue) => q.pendingActions.map((a) => a.action_id)

describe('GET /admin-actions/pending', () => {
  it('shows admins every pending action, newest first, with the spec’s fields', async () => {
    const q = await queue(org.admin.token)
    expect(q).toMatchObject({ totalPages: 1, currentPage: 1, limit: 20 })
    expect(ids(q)).toEqual([...requested].reverse())
    const create = q.pendingActions.find((a) => a.action_id === requested[0])!
    expect(create).toMatchObject({
      action_type: 'CREATE',
      entity_type: 'CLIENT',
      entity_id: null,
      requested_by_username: org.staff.username,
      requested_by_fullname: 'Sunil Staff',
      status: 'PENDING',
      proposed_data: { name: 'Q1' },
    })
    expect(new Date(create.requested_at).toISOString()).toBe(create.requested_at)
    const archive = q.pendingActions.find((a) => a.action_id === requested[4])!
    expect(archive).toMatchObject({ action_type: 'ARCHIVE', entity_type: 'PROJECT' })
    expect(archive.entity_id).toEqual(expect.any(String))
  })

  it('pages with page and limit', async () => {
    const first = await queue(org.admin.token, '?limit=2')
    expect(first).toMatchObject({ totalPages: 3, currentPage: 1, limit: 2 })
    expect(ids(first)).toEqual([requested[4], requested[3]])
    const last = await queue(org.admin.token, '?limit=2&page=3')
    expect(last).toMatchObject({ totalPages: 3, currentPage: 3, limit: 2 })
    expect(ids(last)).toEqual([requested[0]])
    // Past the last page: no row, and still the count (asked alone when no row carries it).
    expect(await queue(org.admin.token, '?limit=2&page=4')).toMatchObject({
      pendingActions: [],
      totalPages: 3,
    })
  })

  it('filters by entity type, action type and requester (username or id)', async () => {
    expect(ids(await queue(org.admin.token, '?entityType=PROJECT'))).toEqual([requested[4], requested[2]])
    expect(ids(await queue(org.admin.token, '?actionType=CREATE'))).toEqual([
      requested[2],
      requested[1],
      requested[0],
    ])
    expect(ids(await queue(org.admin.token, '?actionType=UPDATE'))).toEqual([requested[3]])
    expect(ids(await queue(org.admin.token, '?actionType=ARCHIVE'))).toEqual([requested[4]])
    expect(ids(await queue(org.admin.token, `?requestedBy=${org.staff2.username.toUpperCase()}`))).toEqual([
      requested[4],
      requested[3],
    ])
    expect(ids(await queue(org.admin.token, `?requestedBy=${org.staff.userId}`))).toHaveLength(3)
    expect(
      ids(
        await queue(
          org.admin.token,
          `?entityType=CLIENT&actionType=CREATE&requestedBy=${org.staff.username}`,
        ),
      ),
    ).toEqual([requested[1], requested[0]])
    const filtered = await queue(org.admin.token, '?entityType=CLIENT&limit=1')
    expect(filtered).toMatchObject({ totalPages: 3, limit: 1 })
    expect(ids(await queue(org.admin.token, '?entityType=&actionType='))).toHaveLength(5)
    expect((await queue(org.admin.token, '?requestedBy=nobody')).pendingActions).toEqual([])
    const bad = await client(server, org.admin.token).get('/admin-actions/pending?entityType=NOPE')
    expect(bad.statusCode).toBe(400)
  })

  it('shows staff only their own requests', async () => {
    expect(ids(await queue(org.staff.token))).toEqual([requested[2], requested[1], requested[0]])
    expect(ids(await queue(org.staff2.token))).toEqual([requested[4], requested[3]])
    expect((await queue(org.staff.token, `?requestedBy=${org.staff2.username}`)).pendingActions).toEqual([])
  })

  it('drops processed actions from the queue', async () => {
    const api = client(server, org.admin.token)
    expect((await api.put(`/admin-actions/pending/${requested[0]}/approve`)).statusCode).toBe(200)
    expect((await api.put(`/admin-actions/pending/${requested[3]}/reject`, {})).statusCode).toBe(200)
    expect(ids(await queue(org.admin.token))).toEqual([requested[4], requested[2], requested[1]])
    expect(ids(await queue(org.staff.token))).toEqual([requested[2], requested[1]])
  })
})
