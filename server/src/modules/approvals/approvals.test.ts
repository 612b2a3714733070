import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  countRows,
  createClient,
  grant,
  notificationsOf,
  projectBody,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'

const NOT_FOUND = 'Pending action not found or already processed.'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
let clientId: string

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Approvals Org')
  other = await registerOrg(server, 'Other Approvals Org')
  clientId = await createClient(server, org.admin.token, { name: 'Base Client', gstin: '27AAPFU0939F1ZV' })
  await grant(server, org.admin.token, org.staff.userId, 'CLIENT', clientId, 'WRITE')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

/** Staff asks for a new client; returns the action id. */
async function requestClient(token: string, body: Record<string, unknown>) {
  const res = await api(token).post('/clients', body)
  expect(res.statusCode, res.body).toBe(202)
  return res.json().actionId as string
}

const action = async (token: string, id: string) => {
  const res = await api(token).get(`/admin-actions/pending/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('approve', () => {
  it('applies a CREATE, gives the requester WRITE and the requested access, and notifies both ways', async () => {
    // Access may be granted only to active users of the organisation.
    const outsider = await api(org.staff.token).post('/clients', {
      name: 'Approved Client',
      accessPermissions: [{ user_id: other.staff.userId, level: 'WRITE' }],
    })
    expect(outsider.statusCode).toBe(400)
    expect(errorOf(outsider)).toBe('Access can only be granted to active users of the organisation.')
    const actionId = await requestClient(org.staff.token, {
      name: 'Approved Client',
      pan: 'aaacs1234a',
      accessPermissions: [{ user_id: org.staff.userId, level: 'READ' }, { user_id: org.staff2.userId }],
    })
    for (const admin of [org.admin, org.admin2]) {
      const pending = (await notificationsOf(server, admin.token)).find((n) => n.link?.endsWith(actionId))
      expect(pending).toMatchObject({ type: 'CLIENT_APPROVAL_PENDING', link: `/admin/approvals/${actionId}` })
      expect(pending!.message).toContain('Approved Client')
    }
    expect((await notificationsOf(server, org.staff.token)).map((n) => n.type)).not.toContain(
      'CLIENT_APPROVAL_PENDING',
    )

    const res = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)
    expect(res.statusCode, res.body).toBe(200)
    const entityId = res.json().entityId as string
    const created = await api(org.staff.token).get(`/clients/${entityId}`)
    expect(created.json()).toMatchObject({
      name: 'Approved Client',
      pan: 'AAACS1234A',
      access_level: 'WRITE',
    })
    const entries = (await api(org.admin.token).get(`/access?entityType=CLIENT&entityId=${entityId}`)).json()
    expect(
      entries.map((e: { user_id: string; access_level: string }) => [e.user_id, e.access_level]).sort(),
    ).toEqual(
      [
        [org.staff.userId, 'WRITE'],
        [org.staff2.userId, 'READ'],
      ].sort(),
    )

    const approved = (await notificationsOf(server, org.staff.token)).find(
      (n) => n.type === 'ACTION_APPROVED',
    )
    expect(approved).toMatchObject({ link: `/clients/${entityId}`, entity_id: entityId })
    expect(approved!.message).toContain('Approved Client')
    const processed = await action(org.admin.token, actionId)
    expect(processed).toMatchObject({ status: 'APPROVED', entity_id: entityId })
    expect(processed.processed_by_fullname).toBe('Anita Admin')
  })

  it('applies an UPDATE, and shows the current data while it is pending', async () => {
    const res = await api(org.staff.token).put(`/clients/${clientId}`, { name: 'Base Client Renamed' })
    expect(res.statusCode).toBe(202)
    const pending = await action(org.staff.token, res.json().actionId)
    expect(pending).toMatchObject({
      action_type: 'UPDATE',
      entity_type: 'CLIENT',
      entity_id: clientId,
      proposed_data: { name: 'Base Client Renamed', gstin: null },
      current_data: { name: 'Base Client', gstin: '27AAPFU0939F1ZV' },
      entity_name: 'Base Client',
      entity_link: `/clients/${clientId}`,
    })
    expect(
      (await api(org.admin2.token).put(`/admin-actions/pending/${pending.action_id}/approve`)).statusCode,
    ).toBe(200)
    const after = (await api(org.admin.token).get(`/clients/${clientId}`)).json()
    expect(after).toMatchObject({ name: 'Base Client Renamed', gstin: null })
  })

  it('applies exactly once when two admins approve the same action at the same moment', async () => {
    const before = await countRows(server, 'clients', org.orgId)
    const actionId = await requestClient(org.staff.token, { name: 'Raced Client' })
    const url = `/admin-actions/pending/${actionId}/approve`
    const results = await Promise.all([api(org.admin.token).put(url), api(org.admin2.token).put(url)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404])
    expect(errorOf(results.find((r) => r.statusCode === 404)!)).toBe(NOT_FOUND)
    expect(await countRows(server, 'clients', org.orgId)).toBe(before + 1)
    const approvedNotes = (await notificationsOf(server, org.staff.token)).filter(
      (n) => n.type === 'ACTION_APPROVED' && n.message.includes('Raced Client'),
    )
    expect(approvedNotes).toHaveLength(1)
  })

  it('answers a second approval by the same admin as the first, applying nothing again', async () => {
    const before = await countRows(server, 'clients', org.orgId)
    const actionId = await requestClient(org.staff.token, { name: 'Double Clicked Client' })
    const url = `/admin-actions/pending/${actionId}/approve`
    // A double click sends both at once; a retry after a lost answer comes later.
    const clicks = await Promise.all([api(org.admin.token).put(url), api(org.admin.token).put(url)])
    const retry = await api(org.admin.token).put(url)
    for (const res of [...clicks, retry]) expect(res.statusCode, res.body).toBe(200)
    const answers = [...clicks, retry].map((r) => r.json())
    expect(new Set(answers.map((a) => a.entityId)).size).toBe(1)
    expect(answers.filter((a) => a.already_processed)).toHaveLength(2)
    expect(answers.every((a) => a.message === 'Action approved successfully.')).toBe(true)
    expect(await countRows(server, 'clients', org.orgId)).toBe(before + 1)
    const approvedNotes = (await notificationsOf(server, org.staff.token)).filter(
      (n) => n.type === 'ACTION_APPROVED' && n.message.includes('Double Clicked Client'),
    )
    expect(approvedNotes).toHaveLength(1)
    // Another admin, or another outcome, is told it is already processed.
    expect(errorOf(await api(org.admin2.token).put(url))).toBe(NOT_FOUND)
    const reject = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/reject`, {})
    expect(reject.statusCode).toBe(404)
    expect(errorOf(reject)).toBe(NOT_FOUND)
  })

  it('answers a second rejection by the same admin as the first, notifying once', async () => {
    const actionId = await requestClient(org.staff.token, { name: 'Twice Rejected Client' })
    const url = `/admin-actions/pending/${actionId}/reject`
    const results = await Promise.all([
      api(org.admin.token).put(url, { rejection_reason: 'Duplicate' }),
      api(org.admin.token).put(url, { rejection_reason: 'Duplicate' }),
    ])
    expect(results.map((r) => r.statusCode)).toEqual([200, 200])
    expect(results.map((r) => r.json().message)).toEqual([
      'Action rejected successfully.',
      'Action rejected successfully.',
    ])
    const notes = (await notificationsOf(server, org.staff.token)).filter(
      (n) => n.type === 'ACTION_REJECTED' && n.message.includes('Twice Rejected Client'),
    )
    expect(notes).toHaveLength(1)
    expect(errorOf(await api(org.admin2.token).put(url, {}))).toBe(NOT_FOUND)
    expect(errorOf(await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`))).toBe(
      NOT_FOUND,
    )
    // Staff may not decide at all, not even a decided action.
    expect((await api(org.staff.token).put(url, {})).statusCode).toBe(403)
  })

  it('applies exactly once when one admin approves and another rejects at the same moment', async () => {
    const before = await countRows(server, 'clients', org.orgId)
    const actionId = await requestClient(org.staff.token, { name: 'Contested Client' })
    const results = await Promise.all([
      api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`),
      api(org.admin2.token).put(`/admin-actions/pending/${actionId}/reject`, { rejection_reason: 'No' }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404])
    const { status } = await action(org.admin.token, actionId)
    expect(await countRows(server, 'clients', org.orgId)).toBe(before + (status === 'APPROVED' ? 1 : 0))
  })

  it('leaves the action pending and creates nothing when applying fails', async () => {
    const before = await countRows(server, 'projects', org.orgId)
    const res = await api(org.staff.token).post('/projects', projectBody(clientId, { name: 'Doomed' }))
    expect(res.statusCode).toBe(202)
    const foreignClient = await createClient(server, other.admin.token)
    // The referenced client stops being valid between request and approval.
    await server.deps.database.pool.query(
      `update pending_actions set proposed_data = jsonb_set(proposed_data, '{client_id}', to_jsonb($1::text))
       where action_id = $2`,
      [foreignClient, res.json().actionId],
    )
    const approve = await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}/approve`)
    expect(approve.statusCode).toBe(400)
    expect(errorOf(approve)).toBe('A client must be selected for the project.')
    expect((await action(org.admin.token, res.json().actionId)).status).toBe('PENDING')
    expect(await countRows(server, 'projects', org.orgId)).toBe(before)
    const notes = await notificationsOf(server, org.staff.token)
    expect(notes.filter((n) => n.type === 'ACTION_APPROVED' && n.message.includes('Doomed'))).toEqual([])
  })
})

describe('reject', () => {
  it('rejects with a reason, creating nothing and telling the requester', async () => {
    const before = await countRows(server, 'clients', org.orgId)
    const actionId = await requestClient(org.staff2.token, { name: 'Rejected Client' })
    const res = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/reject`, {
      rejection_reason: '  Duplicate of an existing client  ',
    })
    expect(res.statusCode).toBe(200)
    expect(await countRows(server, 'clients', org.orgId)).toBe(before)
    expect(await action(org.admin.token, actionId)).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'Duplicate of an existing client',
      entity_id: null,
    })
    const note = (await notificationsOf(server, org.staff2.token)).find((n) => n.type === 'ACTION_REJECTED')
    expect(note!.message).toContain('Rejected Client')
    expect(note!.message).toContain('Duplicate of an existing client')
  })

  it('rejects without a reason', async () => {
    const res = await api(org.staff2.token).post('/projects', projectBody(clientId, { name: 'No Reason' }))
    const actionId = res.json().actionId
    const pendingNote = (await notificationsOf(server, org.admin2.token)).find((n) =>
      n.link?.endsWith(actionId),
    )
    expect(pendingNote!.type).toBe('PROJECT_APPROVAL_PENDING')
    const reject = await api(org.admin2.token).put(`/admin-actions/pending/${actionId}/reject`, {})
    expect(reject.statusCode).toBe(200)
    expect(await action(org.admin.token, actionId)).toMatchObject({
      status: 'REJECTED',
      rejection_reason: null,
    })
    const notes = await notificationsOf(server, org.staff2.token)
    expect(notes.find((n) => n.type === 'ACTION_REJECTED' && n.message.includes('No Reason'))).toBeDefined()
    const withoutBody = await requestClient(org.staff2.token, { name: 'Bodyless' })
    expect((await api(org.admin.token).put(`/admin-actions/pending/${withoutBody}/reject`)).statusCode).toBe(
      200,
    )
  })
})

describe('processed and foreign actions', () => {
  it('cannot be approved, rejected or edited again', async () => {
    const actionId = await requestClient(org.staff.token, { name: 'Once Only' })
    expect((await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)).statusCode).toBe(
      200,
    )
    const before = await countRows(server, 'clients', org.orgId)
    for (const [method, path, body] of [
      ['put', `/admin-actions/pending/${actionId}/approve`, undefined],
      ['put', `/admin-actions/pending/${actionId}/reject`, { rejection_reason: 'late' }],
      ['put', `/admin-actions/pending/${actionId}`, { proposed_data: { name: 'Changed' } }],
    ] as const) {
      const res = await api(org.admin2.token)[method](path, body)
      expect(res.statusCode).toBe(404)
      expect(errorOf(res)).toBe(NOT_FOUND)
    }
    expect(await countRows(server, 'clients', org.orgId)).toBe(before)
    expect((await action(org.admin.token, actionId)).status).toBe('APPROVED')
  })

  it('answers 404 for another organisation’s action and for unknown ids', async () => {
    const actionId = await requestClient(org.staff.token, { name: 'Not Yours' })
    for (const path of [`/admin-actions/pending/${actionId}`, '/admin-actions/pending/not-a-uuid']) {
      expect((await api(other.admin.token).get(path)).statusCode).toBe(404)
      expect((await api(other.admin.token).put(`${path}/approve`)).statusCode).toBe(404)
      expect((await api(other.admin.token).put(`${path}/reject`, {})).statusCode).toBe(404)
      expect((await api(other.admin.token).put(path, { proposed_data: { name: 'X' } })).statusCode).toBe(404)
    }
    expect(errorOf(await api(other.admin.token).get(`/admin-actions/pending/${actionId}`))).toBe(NOT_FOUND)
    expect((await action(org.admin.token, actionId)).status).toBe('PENDING')
    const theirQueue = (await api(other.admin.token).get('/admin-actions/pending')).json()
    expect(theirQueue.pendingActions.map((a: { action_id: string }) => a.action_id)).not.toContain(actionId)
  })

  it('is only for admins to act on: staff get 403 and cannot see others’ requests', async () => {
    const actionId = await requestClient(org.staff.token, { name: 'Staff Cannot Approve' })
    for (const token of [org.staff.token, org.staff2.token]) {
      expect((await api(token).put(`/admin-actions/pending/${actionId}/approve`)).statusCode).toBe(403)
      expect((await api(token).put(`/admin-actions/pending/${actionId}/reject`, {})).statusCode).toBe(403)
      const edit = await api(token).put(`/admin-actions/pending/${actionId}`, {
        proposed_data: { name: 'Y' },
      })
      expect(edit.statusCode).toBe(403)
    }
    expect((await api(org.staff2.token).get(`/admin-actions/pending/${actionId}`)).statusCode).toBe(404)
    expect(await action(org.staff.token, actionId)).toMatchObject({
      status: 'PENDING',
      proposed_data: { name: 'Staff Cannot Approve' },
    })
  })
})

describe('edit & re-evaluate', () => {
  it('stores valid edited data, which approval then applies', async () => {
    const actionId = await requestClient(org.staff.token, { name: 'Draft Name', gstin: '' })
    const res = await api(org.admin.token).put(`/admin-actions/pending/${actionId}`, {
      proposed_data: {
        name: 'Final Name',
        gstin: '27aaacs1234a1z2',
        contacts: [{ name: '' }, { name: 'Op' }],
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Pending action updated successfully.')
    expect(res.json().pendingAction.proposed_data).toMatchObject({
      name: 'Final Name',
      gstin: '27AAACS1234A1Z2',
    })
    const approve = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)
    expect(approve.statusCode).toBe(200)
    const created = (await api(org.admin.token).get(`/clients/${approve.json().entityId}`)).json()
    expect(created).toMatchObject({
      name: 'Final Name',
      gstin: '27AAACS1234A1Z2',
      contacts: [{ name: 'Op', phone: null, email: null }],
    })
  })

  it('refuses invalid data with the schema’s message and leaves the action unchanged', async () => {
    const actionId = await requestClient(org.staff.token, { name: 'Keep Me' })
    const before = await action(org.admin.token, actionId)
    const cases: [unknown, string][] = [
      [{ proposed_data: { name: '' } }, 'Client name is required.'],
      [{ proposed_data: { name: 'X', gstin: '27AAACS1234A1Z9' } }, 'Invalid GSTIN format.'],
      [{ proposed_data: { name: 'X', pan: '123' } }, 'Invalid PAN format.'],
    ]
    for (const [body, message] of cases) {
      const res = await api(org.admin.token).put(`/admin-actions/pending/${actionId}`, body)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe(message)
    }
    const project = await api(org.staff.token).post('/projects', projectBody(clientId, { name: 'Proj' }))
    const foreignClient = await createClient(server, other.admin.token)
    const badProject = await api(org.admin.token).put(`/admin-actions/pending/${project.json().actionId}`, {
      proposed_data: projectBody(foreignClient),
    })
    expect(badProject.statusCode).toBe(400)
    expect(errorOf(badProject)).toBe('A client must be selected for the project.')
    const after = await action(org.admin.token, actionId)
    expect(after.proposed_data).toEqual(before.proposed_data)
    expect(after.version).toBe(before.version)
    expect(after.status).toBe('PENDING')
  })

  it('edits only creation and update requests', async () => {
    const projectId = (await api(org.admin.token).post('/projects', projectBody(clientId))).json().entityId
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
    const archive = await api(org.staff.token).put(`/projects/${projectId}/archive`, { archive: true })
    const res = await api(org.admin.token).put(`/admin-actions/pending/${archive.json().actionId}`, {
      proposed_data: { is_archived: false },
    })
    expect(res.statusCode).toBe(400)
  })
})
