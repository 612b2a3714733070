import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { registerContract } from '../../../test/register-contract.ts'
import {
  countRows,
  createClient,
  grant,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Clients Org')
  other = await registerOrg(server, 'Other Clients Org')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

async function detail(token: string, id: string) {
  const res = await api(token).get(`/clients/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('POST /clients by an admin', () => {
  it('applies at once with CL-0001 style ids, sequential and independent per organisation', async () => {
    const res = await api(org.admin.token).post('/clients', { name: 'First Client' })
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toBe('Client created successfully.')
    const first = await detail(org.admin.token, res.json().entityId)
    expect(first).toMatchObject({ name: 'First Client', client_id_display: 'CL-0001' })
    expect(first.created_by_username).toBe(org.admin.username)

    const second = await detail(org.admin.token, await createClient(server, org.admin.token, { name: 'Two' }))
    expect(second.client_id_display).toBe('CL-0002')
    const elsewhere = await detail(other.admin.token, await createClient(server, other.admin.token))
    expect(elsewhere.client_id_display).toBe('CL-0001')
    const third = await detail(
      org.admin.token,
      await createClient(server, org.admin.token, { name: 'Three' }),
    )
    expect(third.client_id_display).toBe('CL-0003')
  })

  it('stores GSTIN and PAN uppercase, drops blank contact rows and turns empty fields into null', async () => {
    const id = await createClient(server, org.admin.token, {
      name: '  Surya Textiles  ',
      office_address: '   ',
      gstin: ' 27aaacs1234a1z2 ',
      pan: 'aaacs1234a',
      notes: '',
      contacts: [
        { name: '', phone: '', email: '' },
        { name: 'Ravi Kumar', phone: '9876543210', email: '' },
        { name: '  ', phone: null, email: null },
        { name: null, phone: null, email: 'accounts@surya.test' },
      ],
    })
    const c = await detail(org.admin.token, id)
    expect(c).toMatchObject({
      name: 'Surya Textiles',
      office_address: null,
      gstin: '27AAACS1234A1Z2',
      pan: 'AAACS1234A',
      notes: null,
      contacts: [
        { name: 'Ravi Kumar', phone: '9876543210', email: null },
        { name: null, phone: null, email: 'accounts@surya.test' },
      ],
    })
  })

  it('keeps the state, for GST place of supply, as its 2-digit code, given by name or code', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Mysore Silks', state_code: 'karnataka' })
    expect((await detail(org.admin.token, id)).state_code).toBe('29')
    const byCode = await createClient(server, org.admin.token, { name: 'Chennai Mills', state_code: '33' })
    expect((await detail(org.admin.token, byCode)).state_code).toBe('33')
    const none = await createClient(server, org.admin.token, { name: 'No State Co' })
    expect((await detail(org.admin.token, none)).state_code).toBeNull()
    const bad = await api(org.admin.token).post('/clients', { name: 'Atlantis Co', state_code: 'Atlantis' })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad)).toBe('Choose a state from the list.')
  })

  it.each([
    ['27AAACS1234A1Z3', 'a wrong check character'],
    ['27AAACS1234A1X2', 'no Z in 14th place'],
    ['2AAACS1234A1Z2', 'too short'],
    ['27AAACS1234A1Z22', 'too long'],
    ['ABCDEFGHIJKLMNO', 'letters only'],
  ])('refuses the GSTIN %s (%s) with "Invalid GSTIN format."', async (gstin) => {
    const before = await countRows(server, 'clients', org.orgId)
    const res = await api(org.admin.token).post('/clients', { name: 'Bad GSTIN', gstin })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('Invalid GSTIN format.')
    expect(await countRows(server, 'clients', org.orgId)).toBe(before)
  })

  it.each(['AAAC1234A', 'AAACS12345', 'AAACSX234A', 'AAACS1234AB'])(
    'refuses the PAN %s with "Invalid PAN format."',
    async (pan) => {
      const res = await api(org.admin.token).post('/clients', { name: 'Bad PAN', pan })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Invalid PAN format.')
    },
  )

  it('needs a name: "Client name is required."', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      const res = await api(org.admin.token).post('/clients', body)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Client name is required.')
    }
  })
})

describe('POST /clients by staff', () => {
  it('answers 202 with the request message and creates nothing until approved', async () => {
    const before = await countRows(server, 'clients', org.orgId)
    const res = await api(org.staff.token).post('/clients', { name: 'Requested Client', gstin: '' })
    expect(res.statusCode).toBe(202)
    expect(res.json().message).toBe('Client creation request submitted for admin approval.')
    expect(res.json().actionId).toEqual(expect.any(String))
    expect(res.json().entityId).toBeUndefined()
    expect(await countRows(server, 'clients', org.orgId)).toBe(before)
    const dropdown = await api(org.admin.token).get('/clients/dropdown-list')
    expect(dropdown.json().map((c: { name: string }) => c.name)).not.toContain('Requested Client')

    const approved = await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}/approve`)
    expect(approved.statusCode).toBe(200)
    expect(await countRows(server, 'clients', org.orgId)).toBe(before + 1)
    const created = await detail(org.staff.token, approved.json().entityId)
    expect(created).toMatchObject({ name: 'Requested Client', access_level: 'WRITE', gstin: null })
    expect(created.created_by_username).toBe(org.staff.username)
  })

  it('validates the request before queueing it', async () => {
    const res = await api(org.staff.token).post('/clients', { name: 'X', gstin: '27AAACS1234A1Z9' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('Invalid GSTIN format.')
    const queue = await api(org.staff.token).get('/admin-actions/pending')
    const names = queue
      .json()
      .pendingActions.map((a: { proposed_data: { name: string } }) => a.proposed_data.name)
    expect(names).not.toContain('X')
  })
})

describe('GET /clients/:id', () => {
  it('answers 404 "Client not found." to staff without access, to another organisation and for unknown ids', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Hidden Client' })
    const none = await api(org.staff.token).get(`/clients/${id}`)
    expect(none.statusCode).toBe(404)
    expect(errorOf(none)).toBe('Client not found.')
    const foreign = await api(other.admin.token).get(`/clients/${id}`)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign)).toBe('Client not found.')
    const unknown = await api(org.admin.token).get(`/clients/${randomUUID()}`)
    expect(unknown.statusCode).toBe(404)
    expect(errorOf(unknown)).toBe('Client not found.')
    expect((await api(org.admin.token).get('/clients/not-a-uuid')).statusCode).toBe(404)
    expect((await api(org.staff.token).get('/clients/not-a-uuid')).statusCode).toBe(404)

    await grant(server, org.admin.token, org.staff.userId, 'CLIENT', id, 'READ')
    expect((await detail(org.staff.token, id)).access_level).toBe('READ')
  })
})

describe('PUT /clients/:id', () => {
  it('applies an admin edit at once and bumps the version', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Editable' })
    const before = await detail(org.admin.token, id)
    const res = await api(org.admin.token).put(
      `/clients/${id}`,
      { name: 'Edited', pan: 'abcde1234f', contacts: [{ name: 'Asha' }] },
      { 'if-match': String(before.version) },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Client updated successfully.')
    const after = await detail(org.admin.token, id)
    expect(after).toMatchObject({ name: 'Edited', pan: 'ABCDE1234F', version: before.version + 1 })
    expect(after.contacts).toEqual([{ name: 'Asha', phone: null, email: null }])
    expect(after.client_id_display).toBe(before.client_id_display)
  })

  it('answers 412 to an edit made on a stale copy, and changes nothing', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Versioned' })
    const { version } = await detail(org.admin.token, id)
    const ok = await api(org.admin.token).put(
      `/clients/${id}`,
      { name: 'V2' },
      { 'if-match': `"${version}"` },
    )
    expect(ok.statusCode).toBe(200)
    const stale = await api(org.admin2.token).put(
      `/clients/${id}`,
      { name: 'V3' },
      { 'if-match': `${version}` },
    )
    expect(stale.statusCode).toBe(412)
    expect((await detail(org.admin.token, id)).name).toBe('V2')

    await grant(server, org.admin.token, org.staff.userId, 'CLIENT', id, 'WRITE')
    const staleRequest = await api(org.staff.token).put(`/clients/${id}`, { name: 'V4' }, { 'if-match': '1' })
    expect(staleRequest.statusCode).toBe(412)
    // Without If-Match an edit still works.
    expect((await api(org.admin.token).put(`/clients/${id}`, { name: 'V5' })).statusCode).toBe(200)
  })

  it('refuses READ with 403, turns WRITE into a 202 request, and 404s staff without access', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Shared Client' })
    expect((await api(org.staff.token).put(`/clients/${id}`, { name: 'Nope' })).statusCode).toBe(404)

    const accessId = await grant(server, org.admin.token, org.staff.userId, 'CLIENT', id, 'READ')
    const read = await api(org.staff.token).put(`/clients/${id}`, { name: 'Nope' })
    expect(read.statusCode).toBe(403)

    expect((await api(org.admin.token).put(`/access/${accessId}`, { level: 'WRITE' })).statusCode).toBe(200)
    const write = await api(org.staff.token).put(`/clients/${id}`, { name: 'Shared Client Renamed' })
    expect(write.statusCode).toBe(202)
    expect(write.json().message).toBe('Client update request submitted for admin approval.')
    expect((await detail(org.admin.token, id)).name).toBe('Shared Client')

    const approve = await api(org.admin.token).put(`/admin-actions/pending/${write.json().actionId}/approve`)
    expect(approve.statusCode).toBe(200)
    const after = await detail(org.admin.token, id)
    expect(after.name).toBe('Shared Client Renamed')
    expect(after.updated_by_username).toBe(org.staff.username)
  })

  it('validates an update like a create', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Valid' })
    const res = await api(org.admin.token).put(`/clients/${id}`, { name: '' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('Client name is required.')
    const pan = await api(org.admin.token).put(`/clients/${id}`, { name: 'Valid', pan: 'ABC' })
    expect(errorOf(pan)).toBe('Invalid PAN format.')
  })

  it('answers 404 to another organisation, whatever its role', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Ours' })
    const res = await api(other.admin.token).put(`/clients/${id}`, { name: 'Theirs' })
    expect(res.statusCode).toBe(404)
    expect((await detail(org.admin.token, id)).name).toBe('Ours')
  })
})

describe('GET /clients/dropdown-list', () => {
  it('returns every client of the organisation (id, name, gstin) and nothing of another', async () => {
    const ours = await createClient(server, org.admin.token, {
      name: 'Dropdown Co',
      gstin: '27AAPFU0939F1ZV',
    })
    const theirs = await createClient(server, other.admin.token, { name: 'Foreign Dropdown Co' })
    // A staff user without access to any of them still gets every client for pickers.
    const res = await api(org.staff2.token).get('/clients/dropdown-list')
    expect(res.statusCode).toBe(200)
    const list = res.json() as { client_id: string; name: string; gstin: string | null }[]
    expect(list).toHaveLength(await countRows(server, 'clients', org.orgId))
    expect(list.find((c) => c.client_id === ours)).toEqual({
      client_id: ours,
      name: 'Dropdown Co',
      gstin: '27AAPFU0939F1ZV',
    })
    expect(list.map((c) => c.client_id)).not.toContain(theirs)
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['client_id', 'gstin', 'name'])
  })
})

registerContract({
  label: 'Client',
  entityType: 'CLIENT',
  path: '/clients',
  table: 'clients',
  listKey: 'clients',
  idField: 'client_id',
  notFound: 'Client not found.',
  nameField: 'name',
  body: (tag) => ({ name: tag }),
})
