import { approvalMessages } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  countRows,
  createClient,
  createProject,
  grant,
  member,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Approval Guards Org')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)
const version = async (path: string) => (await api(org.admin.token).get(path)).json().version as number
const statuses = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort()

async function pendingFor(entityId: string) {
  const { rows } = await server.deps.database.pool.query(
    `select action_id, action_type, status from pending_actions where org_id = $1 and entity_id = $2`,
    [org.orgId, entityId],
  )
  return rows
}

describe('edits carrying one If-Match version', () => {
  it('20 at once on a client: exactly one wins, the rest answer 412', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Race Client' })
    const v = await version(`/clients/${id}`)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 ? org.admin.token : org.admin2.token).put(
          `/clients/${id}`,
          { name: `Race Client ${i}` },
          { 'if-match': String(v) },
        ),
      ),
    )
    expect(statuses(results)).toEqual([200, ...Array(19).fill(412)])
    const winner = results.findIndex((r) => r.statusCode === 200)
    const after = (await api(org.admin.token).get(`/clients/${id}`)).json()
    expect(after).toMatchObject({ name: `Race Client ${winner}`, version: v + 1 })
  })

  it('20 at once on a project: exactly one wins, the rest answer 412', async () => {
    const clientId = await createClient(server, org.admin.token, { name: 'Race Project Client' })
    const id = await createProject(server, org.admin.token, clientId, { name: 'Race Project' })
    const v = await version(`/projects/${id}`)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(org.admin.token).put(
          `/projects/${id}`,
          { name: `Race Project ${i}`, client_id: clientId },
          { 'if-match': String(v) },
        ),
      ),
    )
    expect(statuses(results)).toEqual([200, ...Array(19).fill(412)])
    expect((await api(org.admin.token).get(`/projects/${id}`)).json().version).toBe(v + 1)
  })

  it('an approval applies an update only to the record version the admin reviewed', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Reviewed Client' })
    await grant(server, org.admin.token, org.staff.userId, 'CLIENT', id, 'WRITE')
    const request = await api(org.staff.token).put(`/clients/${id}`, { name: 'Reviewed Client Renamed' })
    const actionId = request.json().actionId
    const reviewed = (await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json()
    // Someone edits the record after the admin opened the review.
    await api(org.admin2.token).put(`/clients/${id}`, { name: 'Edited Meanwhile' })
    const stale = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`, undefined, {
      'if-match': String(reviewed.current_data.version),
    })
    expect(stale.statusCode).toBe(412)
    expect((await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json().status).toBe(
      'PENDING',
    )
    expect((await api(org.admin.token).get(`/clients/${id}`)).json().name).toBe('Edited Meanwhile')
    const fresh = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`, undefined, {
      'if-match': String(await version(`/clients/${id}`)),
    })
    expect(fresh.statusCode, fresh.body).toBe(200)
    expect((await api(org.admin.token).get(`/clients/${id}`)).json().name).toBe('Reviewed Client Renamed')
  })

  it("an approval applies only the request's data the admin reviewed, not another admin's edit of it", async () => {
    const request = await api(org.staff.token).post('/clients', { name: 'Proposed Co' })
    const actionId = request.json().actionId
    const url = `/admin-actions/pending/${actionId}`
    const reviewed = (await api(org.admin.token).get(url)).json()
    // Another admin corrects the request after the first one opened it.
    const edit = await api(org.admin2.token).put(url, { proposed_data: { name: 'Corrected Co' } })
    expect(edit.statusCode, edit.body).toBe(200)
    const stale = await api(org.admin.token).put(`${url}/approve`, { action_version: reviewed.version })
    expect(stale.statusCode).toBe(412)
    expect(errorOf(stale)).toBe(approvalMessages.editedMeanwhile)
    expect((await api(org.admin.token).get(url)).json().status).toBe('PENDING')
    // Reviewed again, it is approved with what it now says; a repeat of that approval changes nothing.
    const now = (await api(org.admin.token).get(url)).json()
    const body = { action_version: now.version }
    const approved = await api(org.admin.token).put(`${url}/approve`, body)
    expect(approved.statusCode, approved.body).toBe(200)
    const again = await api(org.admin.token).put(`${url}/approve`, body)
    expect(again.json()).toMatchObject({ already_processed: true, entityId: approved.json().entityId })
    const client = (await api(org.admin.token).get(`/clients/${approved.json().entityId}`)).json()
    expect(client.name).toBe('Corrected Co')
  })
})

describe('a repeated submit', () => {
  it('with one Idempotency-Key makes one request, however fast it repeats', async () => {
    const before = await countRows(server, 'pending_actions', org.orgId)
    const key = { 'idempotency-key': 'form-7f3a9c' }
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(org.staff.token).post('/clients', { name: 'Double Click Co' }, key),
      ),
    )
    expect(statuses(results)).toEqual([202, 202, 202, 202, 202])
    expect(new Set(results.map((r) => r.json().actionId)).size).toBe(1)
    expect(await countRows(server, 'pending_actions', org.orgId)).toBe(before + 1)
    // A later submit of the same form answers with the same request.
    const later = await api(org.staff.token).post('/clients', { name: 'Double Click Co' }, key)
    expect(later.json().actionId).toBe(results[0]!.json().actionId)
    // Another person's key is their own.
    const other = await api(org.staff2.token).post('/clients', { name: 'Double Click Co' }, key)
    expect(other.json().actionId).not.toBe(results[0]!.json().actionId)
  })

  it('of a state change, 20 at once, leaves one waiting request', async () => {
    const clientId = await createClient(server, org.admin.token, { name: 'Archive Race Client' })
    const id = await createProject(server, org.admin.token, clientId, { name: 'Archive Race' })
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', id, 'WRITE')
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(org.staff.token).put(`/projects/${id}/archive`, { archive: true }),
      ),
    )
    expect(statuses(results)).toEqual([202, ...Array(19).fill(409)])
    expect(errorOf(results.find((r) => r.statusCode === 409)!)).toBe(
      'A request for this change is already waiting for approval.',
    )
    expect(await pendingFor(id)).toHaveLength(1)
  })
})

describe('the requester at approval time', () => {
  it('who lost WRITE: the review says so, and approving needs a confirmation', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Revoked Writer Co' })
    const accessId = await grant(server, org.admin.token, org.staff.userId, 'CLIENT', id, 'WRITE')
    const actionId = (await api(org.staff.token).put(`/clients/${id}`, { name: 'Renamed By Staff' })).json()
      .actionId
    expect(
      (await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json().requester_warning,
    ).toBe(null)
    await api(org.admin.token).put(`/access/${accessId}`, { level: 'READ' })

    const review = (await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json()
    expect(review.requester_warning).toBe('Sunil Staff no longer has write access to this client.')
    const refused = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused)).toBe(
      'The requester no longer has the right to make this change. Confirm to approve it anyway.',
    )
    expect((await api(org.admin.token).get(`/clients/${id}`)).json().name).toBe('Revoked Writer Co')
    const confirmed = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`, {
      approve_without_requester_access: true,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect((await api(org.admin.token).get(`/clients/${id}`)).json().name).toBe('Renamed By Staff')
  })

  it('who was deactivated: the same confirmation is needed, for a create too', async () => {
    const leaver = await member(server, org.orgId, { fullName: 'Leela Leaver' })
    const actionId = (await api(leaver.token).post('/clients', { name: 'Leaver Client' })).json().actionId
    await api(org.admin.token).put(`/admin/users/${leaver.userId}`, { is_active: false })
    const review = (await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json()
    expect(review.requester_warning).toBe("Leela Leaver's account has been deactivated.")
    expect((await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)).statusCode).toBe(
      409,
    )
    const confirmed = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`, {
      approve_without_requester_access: true,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
  })
})

describe('access grants of a create request', () => {
  it('are shown in the review with names, can be edited, and approval applies the edited list', async () => {
    const actionId = (
      await api(org.staff.token).post('/clients', {
        name: 'Granted Co',
        accessPermissions: [{ user_id: org.staff2.userId, level: 'WRITE' }],
      })
    ).json().actionId
    const review = (await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json()
    expect(review.access_permissions).toEqual([
      { user_id: org.staff2.userId, username: org.staff2.username, full_name: 'Tara Staff', level: 'WRITE' },
    ])
    const edited = await api(org.admin.token).put(`/admin-actions/pending/${actionId}`, {
      proposed_data: { name: 'Granted Co' },
      access_permissions: [{ user_id: org.staff2.userId, level: 'READ' }],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const approved = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)
    const entityId = approved.json().entityId
    const entries = (await api(org.admin.token).get(`/access?entityType=CLIENT&entityId=${entityId}`)).json()
    expect(entries.find((e: { user_id: string }) => e.user_id === org.staff2.userId).access_level).toBe(
      'READ',
    )
  })

  it('are judged again at approval: a person deactivated since cannot be given access', async () => {
    const grantee = await member(server, org.orgId, { fullName: 'Gone Grantee' })
    const actionId = (
      await api(org.staff.token).post('/clients', {
        name: 'Grant Then Leave Co',
        accessPermissions: [{ user_id: grantee.userId, level: 'READ' }],
      })
    ).json().actionId
    await api(org.admin.token).put(`/admin/users/${grantee.userId}`, { is_active: false })
    const refused = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused)).toBe('Access can only be granted to active users of the organisation.')
    expect((await api(org.admin.token).get(`/admin-actions/pending/${actionId}`)).json().status).toBe(
      'PENDING',
    )
  })
})

describe('the requester’s own view of a request', () => {
  it('shows what they proposed and the outcome, and the record only while they may read it', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Private Co', notes: 'secret margin 12%' })
    const accessId = await grant(server, org.admin.token, org.staff.userId, 'CLIENT', id, 'WRITE')
    const actionId = (await api(org.staff.token).put(`/clients/${id}`, { name: 'Private Co Ltd' })).json()
      .actionId
    await api(org.admin.token).put(`/admin-actions/pending/${actionId}/reject`, {
      rejection_reason: 'Keep it',
    })
    const mine = (await api(org.staff.token).get(`/admin-actions/pending/${actionId}`)).json()
    expect(mine).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'Keep it',
      processed_by_fullname: 'Anita Admin',
      proposed_data: expect.objectContaining({ name: 'Private Co Ltd' }),
    })
    expect(mine.current_data.notes).toBe('secret margin 12%')
    expect(mine.requester_warning).toBeNull()

    await api(org.admin.token).delete(`/access/${accessId}`)
    const revoked = (await api(org.staff.token).get(`/admin-actions/pending/${actionId}`)).json()
    expect(revoked.current_data).toBeNull()
    expect(revoked.entity_name).toBeNull()
    expect(revoked.entity_link).toBeNull()
    expect(JSON.stringify(revoked)).not.toContain('secret margin')
  })

  it('names the record by its display id in the queue', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Display Id Co' })
    const display = (await api(org.admin.token).get(`/clients/${id}`)).json().client_id_display
    await grant(server, org.admin.token, org.staff.userId, 'CLIENT', id, 'WRITE')
    await api(org.staff.token).put(`/clients/${id}`, { name: 'Display Id Co Renamed' })
    const queue = (await api(org.admin.token).get('/admin-actions/pending?entityType=CLIENT')).json()
    const row = queue.pendingActions.find((a: { entity_id: string }) => a.entity_id === id)
    expect(row.entity_display_id).toBe(display)

    const created = await api(org.staff.token).post('/clients', { name: 'Numbered On Approval' })
    const approved = await api(org.admin.token).put(
      `/admin-actions/pending/${created.json().actionId}/approve`,
    )
    const after = (await api(org.admin.token).get(`/admin-actions/pending/${created.json().actionId}`)).json()
    const number = (await api(org.admin.token).get(`/clients/${approved.json().entityId}`)).json()
      .client_id_display
    expect(after.entity_display_id).toBe(number)
  })
})
