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

// A project request shows the client it names as the spec's queue does: client_details and
// client_address beside the proposed data (docs/decisions.md, "Registers on the new pieces").
let server: TestServer
let org: RegisterOrg
let clientId: string
let otherClientId: string

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Project Requests Org')
  clientId = await createClient(server, org.admin.token, {
    name: 'Bright Solar',
    office_address: '12 Mill Road, Pune',
    gstin: '27AAPFU0939F1ZV',
  })
  otherClientId = await createClient(server, org.admin.token, {
    name: 'Kaveri Mills',
    office_address: 'Mysuru',
  })
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

async function proposed(actionId: string, token = org.admin.token) {
  const res = await api(token).get(`/admin-actions/pending/${actionId}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('a project request in the approval queue', () => {
  it("a create carries the client's details and address", async () => {
    const res = await api(org.staff.token).post('/projects', projectBody(clientId, { name: 'Rooftop 80 kW' }))
    expect(res.statusCode, res.body).toBe(202)
    const action = await proposed(res.json().actionId)
    expect(action.proposed_data).toMatchObject({
      name: 'Rooftop 80 kW',
      client_id: clientId,
      client_details: {
        client_id_display: 'CL-0001',
        name: 'Bright Solar',
        gstin: '27AAPFU0939F1ZV',
      },
      client_address: '12 Mill Road, Pune',
    })
    // The requester, who may not open the client, sees only its id (approvals-shown.test.ts).
    expect((await proposed(res.json().actionId, org.staff.token)).proposed_data).not.toHaveProperty(
      'client_address',
    )
    // And the queue's row.
    const queue = await api(org.admin.token).get('/admin-actions/pending?entityType=PROJECT')
    const row = queue
      .json()
      .pendingActions.find((a: { action_id: string }) => a.action_id === res.json().actionId)
    expect(row.proposed_data.client_details.name).toBe('Bright Solar')
  })

  it('an edit carries them too, the current data alike, and approving applies only the data', async () => {
    const projectId = await createProject(server, org.admin.token, clientId, { name: 'Canal Top 1 MW' })
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
    const res = await api(org.staff.token).put(
      `/projects/${projectId}`,
      projectBody(otherClientId, { name: 'Canal Top 1 MW' }),
    )
    expect(res.statusCode, res.body).toBe(202)
    const action = await proposed(res.json().actionId)
    expect(action.proposed_data.client_details).toMatchObject({
      client_id_display: 'CL-0002',
      name: 'Kaveri Mills',
    })
    expect(action.proposed_data.client_address).toBe('Mysuru')
    expect(action.current_data.client_details).toMatchObject({
      client_id_display: 'CL-0001',
      name: 'Bright Solar',
    })
    expect(action.current_data.client_address).toBe('12 Mill Road, Pune')

    const approved = await api(org.admin.token).put(
      `/admin-actions/pending/${res.json().actionId}/approve`,
      {},
    )
    expect(approved.statusCode, approved.body).toBe(200)
    const project = (await api(org.admin.token).get(`/projects/${projectId}`)).json()
    expect(project).toMatchObject({
      client_id: otherClientId,
      client_name: 'Kaveri Mills',
      client_address: 'Mysuru',
    })
  })

  it("'Edit & Re-evaluate' with another client refreshes the details beside the data", async () => {
    const res = await api(org.staff.token).post('/projects', projectBody(clientId, { name: 'Wind 2 MW' }))
    const actionId = res.json().actionId
    const before = await proposed(actionId)
    const edited = await api(org.admin.token).put(`/admin-actions/pending/${actionId}`, {
      proposed_data: { ...before.proposed_data, client_id: otherClientId },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const after = await proposed(actionId)
    expect(after.proposed_data.client_details.name).toBe('Kaveri Mills')
    expect(after.proposed_data.client_address).toBe('Mysuru')
  })

  it('a staff member sees only their own requests', async () => {
    const res = await api(org.staff.token).post('/projects', projectBody(clientId, { name: 'Private Plant' }))
    expect(
      (await api(org.staff2.token).get(`/admin-actions/pending/${res.json().actionId}`)).statusCode,
    ).toBe(404)
  })

  it('a waiting archive request shows on the project, to whoever may read it', async () => {
    const projectId = await createProject(server, org.admin.token, clientId, { name: 'Archive Me' })
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
    const pending = async (token: string) => {
      const res = await api(token).get(`/projects/${projectId}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().state_request_pending
    }
    expect(await pending(org.staff.token)).toBe(false)
    const asked = await api(org.staff.token).put(`/projects/${projectId}/archive`, { archive: true })
    expect(asked.statusCode, asked.body).toBe(202)
    expect(await pending(org.staff.token)).toBe(true)
    expect(await pending(org.admin.token)).toBe(true)
    // Someone without access still learns nothing of the project.
    expect((await api(org.staff2.token).get(`/projects/${projectId}`)).statusCode).toBe(404)
    // Rejected, it no longer waits.
    const rejected = await api(org.admin.token).put(
      `/admin-actions/pending/${asked.json().actionId}/reject`,
      {},
    )
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(await pending(org.staff.token)).toBe(false)
  })
})
