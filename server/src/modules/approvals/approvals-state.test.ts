import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  grant,
  notificationsOf,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let clientId: string

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'State Requests Org')
  clientId = await createClient(server, org.admin.token, { name: 'Kaveri Mills' })
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

describe('state change requests', () => {
  it('name their record in the queue and compare the flag with the record', async () => {
    const projectId = await createProject(server, org.admin.token, clientId, { name: 'Mill Boiler Retrofit' })
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
    const request = await api(org.staff.token).put(`/projects/${projectId}/archive`, { archive: true })
    expect(request.statusCode, request.body).toBe(202)

    const queue = await api(org.admin.token).get('/admin-actions/pending?actionType=ARCHIVE')
    const row = queue.json().pendingActions.find((a: { entity_id: string }) => a.entity_id === projectId)
    expect(row.summary).toBe('Mill Boiler Retrofit')

    const detail = (
      await api(org.admin.token).get(`/admin-actions/pending/${request.json().actionId}`)
    ).json()
    expect(detail.proposed_data).toEqual({ is_archived: true })
    expect(detail.current_data.is_archived).toBe(false)
    expect(detail.record_changed_since_request).toBe(false)
  })

  it('are not queued twice for the same record and state', async () => {
    const projectId = await createProject(server, org.admin.token, clientId, { name: 'Mill Cooling Tower' })
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
    expect(
      (await api(org.staff.token).put(`/projects/${projectId}/archive`, { archive: true })).statusCode,
    ).toBe(202)
    const again = await api(org.staff2.token).put(`/projects/${projectId}/archive`, { archive: true })
    // staff2 has no access: the record does not exist for them
    expect(again.statusCode).toBe(404)
    const twice = await api(org.staff.token).put(`/projects/${projectId}/archive`, { archive: true })
    expect(twice.statusCode).toBe(409)
    expect(errorOf(twice)).toBe('A request for this change is already waiting for approval.')
  })
})

describe('approving a state the record already has', () => {
  const approve = (actionId: string) => api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)
  const detail = async (actionId: string) =>
    (await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json()

  it('answers 409 saying so, changes nothing, and the request waits to be rejected', async () => {
    const projectId = await createProject(server, org.admin.token, clientId, { name: 'Mill Chimney' })
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
    const asked = await api(org.staff.token).put(`/projects/${projectId}/archive`, { archive: true })
    expect(asked.statusCode, asked.body).toBe(202)
    const actionId = asked.json().actionId as string
    const archived = await api(org.admin.token).put(`/projects/${projectId}/archive`, { archive: true })
    expect(archived.statusCode, archived.body).toBe(200)
    const version = (await detail(actionId)).current_data.version

    const res = await approve(actionId)
    expect(res.statusCode, res.body).toBe(409)
    expect(errorOf(res)).toBe(
      'The project is already archived, so approving would change nothing. Reject the request to close it.',
    )
    const after = await detail(actionId)
    expect(after.status).toBe('PENDING')
    expect(after.current_data.version).toBe(version)
    const notes = await notificationsOf(server, org.staff.token)
    expect(notes.map((n) => n.type)).not.toContain('ACTION_APPROVED')
    expect((await api(org.admin.token).put(`/admin-actions/pending/${actionId}/reject`, {})).statusCode).toBe(
      200,
    )
  })

  it('of an employee already deactivated answers 409 too', async () => {
    const created = await api(org.admin.token).post('/employees', {
      full_name: 'Leaving Person',
      employee_official_id: 'STATE-1',
    })
    const employeeId = created.json().entityId as string
    await grant(server, org.admin.token, org.staff.userId, 'EMPLOYEE', employeeId, 'WRITE')
    const asked = await api(org.staff.token).put(`/employees/${employeeId}/activate`, { activate: false })
    expect(asked.statusCode, asked.body).toBe(202)
    const done = await api(org.admin.token).put(`/employees/${employeeId}/activate`, { activate: false })
    expect(done.statusCode, done.body).toBe(200)
    const version = (await detail(asked.json().actionId)).current_data.version

    const res = await approve(asked.json().actionId)
    expect(res.statusCode, res.body).toBe(409)
    expect(errorOf(res)).toBe(
      'The employee is already inactive, so approving would change nothing. Reject the request to close it.',
    )
    expect((await detail(asked.json().actionId)).current_data.version).toBe(version)
  })
})

describe('a request whose record changed meanwhile', () => {
  it('is flagged for the admin who reviews it', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Godavari Paper' })
    await grant(server, org.admin.token, org.staff.userId, 'CLIENT', id, 'WRITE')
    const request = await api(org.staff.token).put(`/clients/${id}`, { name: 'Godavari Papers Ltd' })
    expect(request.statusCode, request.body).toBe(202)
    const actionId = request.json().actionId
    expect(
      (await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json()
        .record_changed_since_request,
    ).toBe(false)
    expect((await api(org.admin.token).put(`/clients/${id}`, { name: 'Godavari Paper Co' })).statusCode).toBe(
      200,
    )
    const detail = (await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json()
    expect(detail.record_changed_since_request).toBe(true)
    expect(detail.current_data.name).toBe('Godavari Paper Co')
  })
})
