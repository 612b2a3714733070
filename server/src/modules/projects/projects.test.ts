import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { registerContract } from '../../../test/register-contract.ts'
import {
  countRows,
  createClient,
  createProject,
  grant,
  projectBody,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
let clientId: string
let foreignClientId: string

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Projects Org')
  other = await registerOrg(server, 'Other Projects Org')
  clientId = await createClient(server, org.admin.token, { name: 'Bright Solar', office_address: 'Pune' })
  foreignClientId = await createClient(server, other.admin.token, { name: 'Foreign Client' })
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

async function detail(token: string, id: string) {
  const res = await api(token).get(`/projects/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('POST /projects', () => {
  it('applies an admin create at once, with every field', async () => {
    const res = await api(org.admin.token).post(
      '/projects',
      projectBody(clientId, {
        name: ' Rooftop 50 kW ',
        address: 'Plot 7',
        zip_code: '411001',
        project_address_maps_link: 'https://maps.example.test/x',
        project_contact_details: { name: 'Site Lead', phone: '', email: 'lead@x.test' },
        capacity: '50 kW',
        work_order_details: { number: 'WO-9', date: '2024-05-02', total_value: '1500.25' },
        consultant_details: { name: 'Consult Co', contact_person: 'Dev', phone: null, email: '' },
      }),
    )
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toBe('Project created successfully.')
    const p = await detail(org.admin.token, res.json().entityId)
    expect(p).toMatchObject({
      name: 'Rooftop 50 kW',
      client_id: clientId,
      client_name: 'Bright Solar',
      client_address: 'Pune',
      address: 'Plot 7',
      zip_code: '411001',
      project_address_maps_link: 'https://maps.example.test/x',
      project_contact_details: { name: 'Site Lead', phone: null, email: 'lead@x.test' },
      project_type: 'Solar EPC',
      capacity: '50 kW',
      work_order_details: { number: 'WO-9', date: '2024-05-02', total_value: 1500.25 },
      consultant_details: { name: 'Consult Co', contact_person: 'Dev', phone: null, email: null },
      order_value: 1500.25,
      billed_amount: 0,
      total_cost_incurred: 0,
      is_archived: false,
      created_by_username: org.admin.username,
      access_level: 'ADMIN',
    })
  })

  it('parses an empty total value as null', async () => {
    const id = await createProject(server, org.admin.token, clientId, {
      work_order_details: { number: null, date: '', total_value: '' },
    })
    const p = await detail(org.admin.token, id)
    expect(p.work_order_details).toEqual({ number: null, date: null, total_value: null })
    expect(p.order_value).toBeNull()
  })

  it('needs a name and a client of the organisation', async () => {
    const before = await countRows(server, 'projects', org.orgId)
    const noName = await api(org.admin.token).post('/projects', projectBody(clientId, { name: '  ' }))
    expect(noName.statusCode).toBe(400)
    expect(errorOf(noName)).toBe('Project name is required.')
    for (const client_id of [undefined, '', 'not-a-uuid', randomUUID(), foreignClientId]) {
      for (const token of [org.admin.token, org.staff.token]) {
        const res = await api(token).post('/projects', projectBody(clientId, { client_id }))
        expect(res.statusCode).toBe(400)
        expect(errorOf(res)).toBe('A client must be selected for the project.')
      }
    }
    const badLink = await api(org.admin.token).post(
      '/projects',
      projectBody(clientId, { project_address_maps_link: 'not a url' }),
    )
    expect(badLink.statusCode).toBe(400)
    expect(await countRows(server, 'projects', org.orgId)).toBe(before)
    const queue = await api(org.admin.token).get('/admin-actions/pending?entityType=PROJECT')
    expect(queue.json().pendingActions).toEqual([])
  })

  it('turns a staff create into a 202 request that creates nothing until approved', async () => {
    const before = await countRows(server, 'projects', org.orgId)
    const res = await api(org.staff.token).post(
      '/projects',
      projectBody(clientId, {
        name: 'Requested Project',
        accessPermissions: [{ user_id: org.staff2.userId }],
      }),
    )
    expect(res.statusCode).toBe(202)
    expect(res.json().message).toBe('Project creation request submitted for admin approval.')
    expect(await countRows(server, 'projects', org.orgId)).toBe(before)
    const approve = await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}/approve`)
    expect(approve.statusCode).toBe(200)
    const id = approve.json().entityId
    expect((await detail(org.staff.token, id)).access_level).toBe('WRITE')
    expect((await detail(org.staff2.token, id)).access_level).toBe('READ')
  })
})

describe('GET /projects/:id', () => {
  it('answers 404 "Project not found." without access, to another organisation and for unknown ids', async () => {
    const id = await createProject(server, org.admin.token, clientId, { name: 'Private Project' })
    for (const [token, pid] of [
      [org.staff.token, id],
      [other.admin.token, id],
      [org.admin.token, randomUUID()],
    ] as const) {
      const res = await api(token).get(`/projects/${pid}`)
      expect(res.statusCode).toBe(404)
      expect(errorOf(res)).toBe('Project not found.')
    }
    expect((await api(org.staff.token).get('/projects/12345')).statusCode).toBe(404)
  })
})

describe('PUT /projects/:id', () => {
  it('applies an admin edit, 412s a stale copy, refuses READ and queues WRITE', async () => {
    const id = await createProject(server, org.admin.token, clientId, { name: 'Editable Project' })
    const { version } = await detail(org.admin.token, id)
    const edit = await api(org.admin.token).put(
      `/projects/${id}`,
      projectBody(clientId, { name: 'Edited Project', capacity: '2 MW' }),
      { 'if-match': String(version) },
    )
    expect(edit.statusCode).toBe(200)
    expect(edit.json().message).toBe('Project updated successfully.')
    expect(await detail(org.admin.token, id)).toMatchObject({ name: 'Edited Project', version: version + 1 })
    const stale = await api(org.admin.token).put(`/projects/${id}`, projectBody(clientId), {
      'if-match': String(version),
    })
    expect(stale.statusCode).toBe(412)

    expect((await api(org.staff.token).put(`/projects/${id}`, projectBody(clientId))).statusCode).toBe(404)
    const accessId = await grant(server, org.admin.token, org.staff.userId, 'PROJECT', id, 'READ')
    expect((await api(org.staff.token).put(`/projects/${id}`, projectBody(clientId))).statusCode).toBe(403)
    await api(org.admin.token).put(`/access/${accessId}`, { level: 'WRITE' })
    const request = await api(org.staff.token).put(
      `/projects/${id}`,
      projectBody(clientId, { name: 'Staff Rename' }),
    )
    expect(request.statusCode).toBe(202)
    expect(request.json().message).toBe('Project update request submitted for admin approval.')
    expect((await detail(org.admin.token, id)).name).toBe('Edited Project')
    const foreign = await api(org.staff.token).put(
      `/projects/${id}`,
      projectBody(foreignClientId, { name: 'Moved' }),
    )
    expect(foreign.statusCode).toBe(400)
    expect(errorOf(foreign)).toBe('A client must be selected for the project.')
  })

  it('answers 404 to another organisation', async () => {
    const id = await createProject(server, org.admin.token, clientId)
    const res = await api(other.admin.token).put(`/projects/${id}`, projectBody(foreignClientId))
    expect(res.statusCode).toBe(404)
  })
})

describe('PUT /projects/:id/archive', () => {
  const inList = async (token: string, path: string, id: string) => {
    const res = await api(token).get(path)
    expect(res.statusCode).toBe(200)
    return res.json().projects.some((p: { project_id: string }) => p.project_id === id)
  }

  it('archives and unarchives at once for an admin, and 409s a no-op', async () => {
    const id = await createProject(server, org.admin.token, clientId, { name: 'Archivable' })
    const res = await api(org.admin.token).put(`/projects/${id}/archive`, { archive: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Project archived successfully.')
    expect((await detail(org.admin.token, id)).is_archived).toBe(true)
    expect(await inList(org.admin.token, '/projects', id)).toBe(false)
    expect(await inList(org.admin.token, '/projects/archived', id)).toBe(true)

    const again = await api(org.admin.token).put(`/projects/${id}/archive`, { archive: true })
    expect(again.statusCode).toBe(409)

    const back = await api(org.admin.token).put(`/projects/${id}/archive`, { archive: false })
    expect(back.statusCode).toBe(200)
    expect(back.json().message).toBe('Project unarchived successfully.')
    expect(await inList(org.admin.token, '/projects', id)).toBe(true)
    expect(await inList(org.admin.token, '/projects/archived', id)).toBe(false)
    expect((await api(org.admin.token).put(`/projects/${id}/archive`, { archive: false })).statusCode).toBe(
      409,
    )
    expect((await api(org.admin.token).put(`/projects/${id}/archive`, {})).statusCode).toBe(400)
  })

  it('turns a staff archive into a pending ARCHIVE action, applied on approval', async () => {
    const id = await createProject(server, org.admin.token, clientId, { name: 'Staff Archive' })
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', id, 'WRITE')
    const res = await api(org.staff.token).put(`/projects/${id}/archive`, { archive: true })
    expect(res.statusCode).toBe(202)
    expect(res.json().message).toBe('Project status change request submitted for admin approval.')
    expect((await detail(org.admin.token, id)).is_archived).toBe(false)

    const action = await api(org.admin.token).get(`/admin-actions/pending/${res.json().actionId}`)
    expect(action.json()).toMatchObject({
      action_type: 'ARCHIVE',
      entity_type: 'PROJECT',
      entity_id: id,
      status: 'PENDING',
      proposed_data: { is_archived: true },
      requested_by_username: org.staff.username,
    })
    expect(action.json().current_data.name).toBe('Staff Archive')

    expect(
      (await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}/approve`)).statusCode,
    ).toBe(200)
    expect((await detail(org.staff.token, id)).is_archived).toBe(true)
    expect(await inList(org.staff.token, '/projects/archived', id)).toBe(true)

    const unarchive = await api(org.staff.token).put(`/projects/${id}/archive`, { archive: false })
    expect(unarchive.statusCode).toBe(202)
    const pending = await api(org.admin.token).get(`/admin-actions/pending/${unarchive.json().actionId}`)
    expect(pending.json()).toMatchObject({ action_type: 'UNARCHIVE', proposed_data: { is_archived: false } })
  })

  it('refuses READ with 403 and answers 404 without access, whatever the state', async () => {
    const id = await createProject(server, org.admin.token, clientId, { name: 'Guarded' })
    expect((await api(org.staff2.token).put(`/projects/${id}/archive`, { archive: true })).statusCode).toBe(
      404,
    )
    await api(org.admin.token).put(`/projects/${id}/archive`, { archive: true })
    // An archived project the caller cannot see is not revealed by a 409.
    expect((await api(org.staff2.token).put(`/projects/${id}/archive`, { archive: true })).statusCode).toBe(
      404,
    )
    expect((await api(other.admin.token).put(`/projects/${id}/archive`, { archive: true })).statusCode).toBe(
      404,
    )
    await grant(server, org.admin.token, org.staff2.userId, 'PROJECT', id, 'READ')
    expect((await api(org.staff2.token).put(`/projects/${id}/archive`, { archive: false })).statusCode).toBe(
      403,
    )
    expect((await detail(org.admin.token, id)).is_archived).toBe(true)
  })
})

registerContract({
  label: 'Project',
  entityType: 'PROJECT',
  path: '/projects',
  table: 'projects',
  listKey: 'projects',
  idField: 'project_id',
  notFound: 'Project not found.',
  nameField: 'name',
  setup: async (server, org) => ({
    clientId: await createClient(server, org.admin.token, { name: 'Contract Client' }),
  }),
  body: (tag, setup) => projectBody(setup.clientId!, { name: tag }),
})
