import { randomUUID } from 'node:crypto'
import { accessMessages } from '@daftar/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  grant,
  member,
  notificationsOf,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'
import { auditEvents } from '../../platform/schema.ts'
import { users } from '../users/schema.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
let clientId: string
let projectId: string
let foreignClientId: string

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Access Org')
  other = await registerOrg(server, 'Other Access Org')
  clientId = await createClient(server, org.admin.token, { name: 'Guarded Client' })
  projectId = await createProject(server, org.admin.token, clientId, { name: 'Guarded Project' })
  foreignClientId = await createClient(server, other.admin.token, { name: 'Foreign' })
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)
const listAccess = (token: string, entityType: string, entityId: string) =>
  api(token).get(`/access?entityType=${entityType}&entityId=${entityId}`)

describe('POST /access and GET /access', () => {
  it('grants READ by default, lists entries with exactly the spec’s fields and notifies the user', async () => {
    const res = await api(org.admin.token).post('/access', {
      userId: org.staff.userId,
      entityType: 'CLIENT',
      entityId: clientId,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toBe('Access granted successfully.')
    await grant(server, org.admin.token, org.staff2.userId, 'CLIENT', clientId, 'WRITE')

    const list = await listAccess(org.admin.token, 'CLIENT', clientId)
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual([
      {
        access_id: expect.any(String),
        user_id: org.staff.userId,
        username: org.staff.username,
        full_name: 'Sunil Staff',
        access_level: 'READ',
      },
      {
        access_id: expect.any(String),
        user_id: org.staff2.userId,
        username: org.staff2.username,
        full_name: 'Tara Staff',
        access_level: 'WRITE',
      },
    ])

    const note = (await notificationsOf(server, org.staff.token)).find((n) => n.type === 'ACCESS_GRANTED')
    expect(note).toMatchObject({ link: `/clients/${clientId}`, entity_id: clientId })
    expect(note!.message).toContain('Guarded Client')
    expect(note!.message).toContain('READ')
    // The staff user now sees the record.
    expect((await api(org.staff.token).get(`/clients/${clientId}`)).statusCode).toBe(200)
    // Anyone who can read the record can read its access list; others get 404.
    expect((await listAccess(org.staff.token, 'CLIENT', clientId)).json()).toHaveLength(2)
    expect((await listAccess(org.staff.token, 'PROJECT', projectId)).statusCode).toBe(404)
    expect((await listAccess(other.admin.token, 'CLIENT', clientId)).statusCode).toBe(404)
  })

  it('does not add a user already on the list again, nor change their level unasked', async () => {
    const before = (await listAccess(org.admin.token, 'CLIENT', clientId)).json()
    const mine = (list: { user_id: string }[]) => list.filter((e) => e.user_id === org.staff.userId)
    for (const level of ['WRITE', 'READ']) {
      const again = await api(org.admin.token).post('/access', {
        userId: org.staff.userId,
        entityType: 'CLIENT',
        entityId: clientId,
        level,
      })
      expect(again.statusCode, level).toBe(409)
      expect(again.json().error).toBe(accessMessages.alreadyGranted)
    }
    const after = (await listAccess(org.admin.token, 'CLIENT', clientId)).json()
    expect(mine(after)).toEqual(mine(before))
  })

  it('is for admins only: staff get 403, even with WRITE on the record', async () => {
    const res = await api(org.staff2.token).post('/access', {
      userId: org.staff2.userId,
      entityType: 'PROJECT',
      entityId: projectId,
      level: 'WRITE',
    })
    expect(res.statusCode).toBe(403)
    expect((await api(org.staff2.token).get(`/projects/${projectId}`)).statusCode).toBe(404)
  })

  it('refuses a user of another organisation, an inactive user or none with 400', async () => {
    const gone = await member(server, org.orgId, { fullName: 'Gone User' })
    await server.deps.db.update(users).set({ isActive: false }).where(eq(users.userId, gone.userId))
    for (const userId of [other.staff.userId, gone.userId, randomUUID(), undefined, '']) {
      const res = await api(org.admin.token).post('/access', {
        userId,
        entityType: 'PROJECT',
        entityId: projectId,
      })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Please select a user to grant access to.')
    }
    expect((await listAccess(org.admin.token, 'PROJECT', projectId)).json()).toEqual([])
  })

  it('answers 404 for another organisation’s record, an unknown record or an unregistered type', async () => {
    for (const [entityType, entityId] of [
      ['CLIENT', foreignClientId],
      ['CLIENT', randomUUID()],
      ['PROJECT', clientId],
      ['ASSET', clientId],
    ]) {
      const res = await api(org.admin.token).post('/access', {
        userId: org.staff.userId,
        entityType,
        entityId,
      })
      expect(res.statusCode).toBe(404)
      expect((await listAccess(org.admin.token, entityType!, entityId!)).statusCode).toBe(404)
    }
    const badType = await api(org.admin.token).post('/access', {
      userId: org.staff.userId,
      entityType: 'WIDGET',
      entityId: clientId,
    })
    expect(badType.statusCode).toBe(400)
    expect((await listAccess(org.admin.token, 'CLIENT', 'nope')).statusCode).toBe(400)
    expect((await listAccess(other.staff.token, 'CLIENT', foreignClientId)).statusCode).toBe(404)
  })
})

describe('PUT /access/:id', () => {
  it('toggles the level, which takes effect at once', async () => {
    const accessId = await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'READ')
    const body = { name: 'Guarded Project', client_id: clientId }
    expect((await api(org.staff.token).put(`/projects/${projectId}`, body)).statusCode).toBe(403)

    const res = await api(org.admin.token).put(`/access/${accessId}`, { level: 'WRITE' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Access level updated successfully.')
    expect((await api(org.staff.token).get(`/projects/${projectId}`)).json().access_level).toBe('WRITE')
    expect((await api(org.staff.token).put(`/projects/${projectId}`, body)).statusCode).toBe(202)

    expect((await api(org.admin.token).put(`/access/${accessId}`, { level: 'READ' })).statusCode).toBe(200)
    expect((await api(org.staff.token).put(`/projects/${projectId}`, body)).statusCode).toBe(403)
    expect((await api(org.admin.token).put(`/access/${accessId}`, { level: 'ADMIN' })).statusCode).toBe(400)
  })

  it('is for admins of the organisation only', async () => {
    const accessId = await grant(server, org.admin.token, org.staff2.userId, 'PROJECT', projectId, 'READ')
    expect((await api(org.staff2.token).put(`/access/${accessId}`, { level: 'WRITE' })).statusCode).toBe(403)
    const foreign = await api(other.admin.token).put(`/access/${accessId}`, { level: 'WRITE' })
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign)).toBe('Access entry not found.')
    expect((await api(org.admin.token).put('/access/not-a-uuid', { level: 'WRITE' })).statusCode).toBe(404)
    expect((await api(org.staff2.token).get(`/projects/${projectId}`)).json().access_level).toBe('READ')
  })
})

describe('DELETE /access/:id', () => {
  it('revokes, and the record disappears for the user at once', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Soon Hidden' })
    const accessId = await grant(server, org.admin.token, org.staff2.userId, 'CLIENT', id, 'WRITE')
    const before = await api(org.staff2.token).get('/clients')
    expect(before.json().clients.map((c: { client_id: string }) => c.client_id)).toContain(id)

    expect((await api(org.staff2.token).delete(`/access/${accessId}`)).statusCode).toBe(403)
    expect((await api(other.admin.token).delete(`/access/${accessId}`)).statusCode).toBe(404)
    const res = await api(org.admin.token).delete(`/access/${accessId}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Access revoked successfully.')

    const after = await api(org.staff2.token).get('/clients')
    expect(after.json().clients.map((c: { client_id: string }) => c.client_id)).not.toContain(id)
    expect((await api(org.staff2.token).get(`/clients/${id}`)).statusCode).toBe(404)
    expect((await api(org.staff2.token).get(`/documents?entityType=CLIENT&entityId=${id}`)).statusCode).toBe(
      404,
    )
    expect((await api(org.staff2.token).put(`/clients/${id}`, { name: 'Too late' })).statusCode).toBe(404)
    expect((await listAccess(org.admin.token, 'CLIENT', id)).json()).toEqual([])
    expect((await api(org.admin.token).delete(`/access/${accessId}`)).statusCode).toBe(404)
  })

  it('of revokes at once one wins and is recorded once; the same level again records nothing (run on PostgreSQL in CI)', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Revoked Twice' })
    const accessId = await grant(server, org.admin.token, org.staff2.userId, 'CLIENT', id, 'READ')
    const events = async (action: string) =>
      (
        await server.deps.db
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, action)))
      ).length
    expect((await api(org.admin.token).put(`/access/${accessId}`, { level: 'READ' })).statusCode).toBe(200)
    expect(await events('ACCESS_UPDATE')).toBe(0)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api(org.admin.token).delete(`/access/${accessId}`)),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(7).fill(404)])
    expect(await events('ACCESS_REVOKE')).toBe(1)
  })
})
