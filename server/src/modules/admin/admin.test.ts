import { messages, userLimitMessage } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  errorOf,
  login,
  PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/helpers.ts'
import { promoteUserToAdmin } from './service.ts'

let server: TestServer
let orgId: string
let admin: TestUser
let staff: TestUser
let outsider: TestUser
let adminToken: string
let staffToken: string

beforeAll(async () => {
  server = await startTestServer()
  orgId = (await createOrg(server, { name: 'Admin Test Org' })).orgId
  admin = await createUser(server, orgId, { isAdmin: true, fullName: 'Anil Admin' })
  staff = await createUser(server, orgId, { fullName: 'Sunita Staff' })
  outsider = await createUser(server, (await createOrg(server)).orgId, { isAdmin: true })
  adminToken = (await login(server, admin.email)).accessToken
  staffToken = (await login(server, staff.email)).accessToken
})
afterAll(() => server.close())

const asAdmin = () => client(server, adminToken)
const asStaff = () => client(server, staffToken)

interface SettingsUser {
  user_id: string
  is_active: boolean
  isadmin: boolean
  is_accountant: boolean
  version: number
}

async function settings() {
  const res = await asAdmin().get('/admin/settings')
  expect(res.statusCode).toBe(200)
  return res.json() as {
    organisation: { name: string; userLimit: number | null; userCount: number; version: number }
  }
}

interface UserPage {
  users: (SettingsUser & { full_name: string; email: string; mobile: string })[]
  totalPages: number
  currentPage: number
}

async function userPage(query = '', api = asAdmin()) {
  const res = await api.get(`/admin/users${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as UserPage
}

const settingsUser = async (userId: string) => (await userPage()).users.find((u) => u.user_id === userId)!

describe('staff are refused', () => {
  it('answers 403 on every admin endpoint and changes nothing', async () => {
    expect((await asStaff().get('/admin/settings')).statusCode).toBe(403)
    const rename = await asStaff().put('/admin/organisation', { name: 'Staff Org' })
    expect(rename.statusCode).toBe(403)
    const promote = await asStaff().put(`/admin/users/${staff.userId}`, { isadmin: true })
    expect(promote.statusCode).toBe(403)
    const deactivate = await asStaff().put(`/admin/users/${admin.userId}`, { is_active: false })
    expect(deactivate.statusCode).toBe(403)
    expect(errorOf(deactivate)).toEqual(expect.any(String))
    expect((await asStaff().get('/admin/users')).statusCode).toBe(403)
    // Refused before what they sent is read: an invalid body is still a 403, not a 400.
    expect((await asStaff().put(`/admin/users/${staff.userId}`, {})).statusCode).toBe(403)
    expect((await asStaff().put('/admin/organisation', {})).statusCode).toBe(403)
    expect((await settings()).organisation.name).toBe('Admin Test Org')
    expect((await settingsUser(staff.userId)).isadmin).toBe(false)
    expect((await settingsUser(admin.userId)).is_active).toBe(true)
  })
})

describe('GET /admin/settings and /admin/users', () => {
  it('shows the organisation and all its users, active ones first, never another organisation’s', async () => {
    const s = await settings()
    expect(s.organisation).toMatchObject({ name: 'Admin Test Org', userLimit: null })
    const { users } = await userPage()
    expect(s.organisation.userCount).toBe(users.filter((u) => u.is_active).length)
    const ids = users.map((u) => u.user_id)
    expect(ids).toContain(admin.userId)
    expect(ids).toContain(staff.userId)
    expect(ids).not.toContain(outsider.userId)
    const firstInactive = users.findIndex((u) => !u.is_active)
    if (firstInactive >= 0) expect(users.slice(firstInactive).every((u) => !u.is_active)).toBe(true)
    expect(users.find((u) => u.user_id === staff.userId)).toMatchObject({
      email: staff.email,
      mobile: staff.mobile,
      is_active: true,
    })
  })

  it('lists 20 a page, active users first and then by name, and searches name, username, email and mobile', async () => {
    const org = await createOrg(server, { name: 'Paged Org' })
    const boss = await createUser(server, org.orgId, { isAdmin: true, fullName: 'Zoya Boss' })
    const bossApi = client(server, (await login(server, boss.email)).accessToken)
    const names = Array.from({ length: 21 }, (_, i) => `Member ${String(i).padStart(2, '0')}`)
    const members = []
    for (const fullName of names) members.push(await createUser(server, org.orgId, { fullName }))
    expect((await bossApi.put(`/admin/users/${members[0]!.userId}`, { is_active: false })).statusCode).toBe(
      200,
    )

    const first = await userPage('', bossApi)
    expect(first).toMatchObject({ totalPages: 2, currentPage: 1 })
    expect(first.users.map((u) => u.full_name)).toEqual(names.slice(1))
    // The deactivated member comes last, after every active user whatever their name.
    const second = await userPage('?page=2', bossApi)
    expect(second.users.map((u) => u.full_name)).toEqual(['Zoya Boss', 'Member 00'])

    for (const term of [
      'member 07',
      members[7]!.username,
      members[7]!.email.toUpperCase(),
      members[7]!.mobile,
    ]) {
      const found = await userPage(`?searchQuery=${encodeURIComponent(term)}`, bossApi)
      expect(
        found.users.map((u) => u.user_id),
        term,
      ).toEqual([members[7]!.userId])
    }
    expect((await userPage(`?searchQuery=${encodeURIComponent(staff.email)}`, bossApi)).users).toEqual([])
  })
})

describe('PUT /admin/organisation', () => {
  it('renames the organisation, which /users/me reflects for everyone', async () => {
    const res = await asAdmin().put('/admin/organisation', { name: '  Renamed Works Pvt Ltd ' })
    expect(res.statusCode).toBe(200)
    expect(res.json().organisation.name).toBe('Renamed Works Pvt Ltd')
    expect((await asStaff().get('/users/me')).json().orgName).toBe('Renamed Works Pvt Ltd')
    expect((await asAdmin().get('/users/me')).json().orgName).toBe('Renamed Works Pvt Ltd')
    const outsiderToken = (await login(server, outsider.email)).accessToken
    expect((await client(server, outsiderToken).get('/users/me')).json().orgName).not.toBe(
      'Renamed Works Pvt Ltd',
    )
  })

  it('refuses an empty name (400) and a stale If-Match (412)', async () => {
    const empty = await asAdmin().put('/admin/organisation', { name: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(errorOf(empty)).toBe('Organisation name is required.')
    const { version } = (await settings()).organisation
    const stale = await asAdmin().put(
      '/admin/organisation',
      { name: 'Stale Name' },
      { 'if-match': String(version + 5) },
    )
    expect(stale.statusCode).toBe(412)
    expect((await settings()).organisation.name).not.toBe('Stale Name')
    const current = await asAdmin().put(
      '/admin/organisation',
      { name: 'Admin Test Org' },
      { 'if-match': String(version) },
    )
    expect(current.statusCode).toBe(200)
  })
})

describe('PUT /admin/users/:id', () => {
  it('grants and removes the admin and accountant flags, effective on the next request', async () => {
    const user = await createUser(server, orgId)
    const token = (await login(server, user.email)).accessToken
    expect((await client(server, token).get('/admin/settings')).statusCode).toBe(403)
    const grant = await asAdmin().put(`/admin/users/${user.userId}`, { isadmin: true, is_accountant: true })
    expect(grant.statusCode).toBe(200)
    expect(grant.json().user).toMatchObject({ isadmin: true, is_accountant: true, is_active: true })
    expect((await client(server, token).get('/admin/settings')).statusCode).toBe(200)
    expect((await client(server, token).get('/users/me')).json()).toMatchObject({
      isadmin: true,
      is_accountant: true,
    })
    const revoke = await asAdmin().put(`/admin/users/${user.userId}`, { isadmin: false })
    expect(revoke.statusCode).toBe(200)
    expect(revoke.json().user).toMatchObject({ isadmin: false, is_accountant: true })
    expect((await client(server, token).get('/admin/settings')).statusCode).toBe(403)
  })

  it('deactivating a user ends their access at once and stops their login', async () => {
    const user = await createUser(server, orgId)
    const tokens = await login(server, user.email)
    expect((await client(server, tokens.accessToken).get('/users/me')).statusCode).toBe(200)
    const res = await asAdmin().put(`/admin/users/${user.userId}`, { is_active: false })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.is_active).toBe(false)
    expect((await client(server, tokens.accessToken).get('/users/me')).statusCode).toBe(401)
    expect(
      (await client(server).post('/auth/refresh-token', { refreshToken: tokens.refreshToken })).statusCode,
    ).toBe(401)
    const again = await client(server).post('/auth/login', { identifier: user.email, password: PASSWORD })
    expect(again.statusCode).toBeGreaterThanOrEqual(400)
    expect(again.json()).not.toHaveProperty('accessToken')
    expect(errorOf(again)).toBe(messages.accountDeactivated)
    // A deactivated user drops out of the user pickers.
    const picker = (await asAdmin().get('/users')).json().map((u: { user_id: string }) => u.user_id)
    expect(picker).not.toContain(user.userId)
    // Reactivated, they can sign in again.
    expect((await asAdmin().put(`/admin/users/${user.userId}`, { is_active: true })).statusCode).toBe(200)
    await login(server, user.email)
  })

  it('an admin cannot demote or deactivate themself (422)', async () => {
    const demote = await asAdmin().put(`/admin/users/${admin.userId}`, { isadmin: false })
    expect(demote.statusCode).toBe(422)
    const deactivate = await asAdmin().put(`/admin/users/${admin.userId}`, { is_active: false })
    expect(deactivate.statusCode).toBe(422)
    expect(errorOf(deactivate)).toMatch(/yourself/)
    expect(await settingsUser(admin.userId)).toMatchObject({ isadmin: true, is_active: true })
    expect((await asAdmin().get('/admin/settings')).statusCode).toBe(200)
    // Their own accountant flag is theirs to change.
    expect((await asAdmin().put(`/admin/users/${admin.userId}`, { is_accountant: true })).statusCode).toBe(
      200,
    )
  })

  it('two admins demoting each other at once leave the organisation with an admin', async () => {
    for (let round = 0; round < 5; round++) {
      const org = await createOrg(server)
      const a = await createUser(server, org.orgId, { isAdmin: true })
      const b = await createUser(server, org.orgId, { isAdmin: true })
      const [ta, tb] = await Promise.all([login(server, a.email), login(server, b.email)])
      const [byA, byB] = await Promise.all([
        client(server, ta.accessToken).put(`/admin/users/${b.userId}`, { isadmin: false }),
        client(server, tb.accessToken).put(`/admin/users/${a.userId}`, { is_active: false }),
      ])
      // One wins. The other is refused by the last-admin guard (403), or, when B's deactivation of A
      // commits before A's request is even let in, turned away as a revoked session (401).
      const [won, lost] = [byA.statusCode, byB.statusCode].sort()
      expect(won).toBe(200)
      expect([401, 403]).toContain(lost)
      const { rows } = await server.deps.database.pool.query(
        'select count(*)::int as n from users where org_id = $1 and isadmin and is_active',
        [org.orgId],
      )
      expect(rows[0].n).toBe(1)
    }
  })

  it('the provider command promotes an active user to admin, within their organisation only', async () => {
    const org = await createOrg(server)
    const user = await createUser(server, org.orgId)
    const promoted = await promoteUserToAdmin(server.deps.db, org.orgId, user.email.toUpperCase())
    expect(promoted.userId).toBe(user.userId)
    const token = (await login(server, user.email)).accessToken
    expect((await client(server, token).get('/admin/settings')).statusCode).toBe(200)
    await expect(promoteUserToAdmin(server.deps.db, orgId, user.username)).rejects.toMatchObject({
      statusCode: 404,
    })
  })

  it('refuses to reactivate a user when the organisation is at its user limit (422)', async () => {
    const org = await createOrg(server, { name: 'Full House', userLimit: 2 })
    const boss = await createUser(server, org.orgId, { isAdmin: true })
    const worker = await createUser(server, org.orgId)
    const bossApi = client(server, (await login(server, boss.email)).accessToken)
    expect((await bossApi.put(`/admin/users/${worker.userId}`, { is_active: false })).statusCode).toBe(200)
    // The freed place is taken by a new account.
    const newcomer = await createUser(server, org.orgId)
    const res = await bossApi.put(`/admin/users/${worker.userId}`, { is_active: true })
    expect(res.statusCode).toBe(422)
    expect(errorOf(res)).toBe(userLimitMessage(2, 'Full House'))
    expect(errorOf(res)).toMatch(/^User limit of 2 has been reached for Full House\. /)
    const { users } = await userPage('', bossApi)
    expect(users.find((u) => u.user_id === worker.userId)?.is_active).toBe(false)
    expect((await bossApi.get('/admin/settings')).json().organisation.userCount).toBe(2)
    // Once a place is free again, reactivation works.
    expect((await bossApi.put(`/admin/users/${newcomer.userId}`, { is_active: false })).statusCode).toBe(200)
    expect((await bossApi.put(`/admin/users/${worker.userId}`, { is_active: true })).statusCode).toBe(200)
  })

  it("answers 404 for another organisation's user and a malformed id", async () => {
    const res = await asAdmin().put(`/admin/users/${outsider.userId}`, { is_active: false })
    expect(res.statusCode).toBe(404)
    await login(server, outsider.email)
    expect((await asAdmin().put('/admin/users/12345', { is_active: false })).statusCode).toBe(404)
  })

  it('refuses an empty or ill-typed body (400) and a stale If-Match (412)', async () => {
    expect((await asAdmin().put(`/admin/users/${staff.userId}`, {})).statusCode).toBe(400)
    expect((await asAdmin().put(`/admin/users/${staff.userId}`, { isadmin: 'yes' })).statusCode).toBe(400)
    const { version } = await settingsUser(staff.userId)
    const stale = await asAdmin().put(
      `/admin/users/${staff.userId}`,
      { is_accountant: true },
      { 'if-match': String(version + 1) },
    )
    expect(stale.statusCode).toBe(412)
    expect((await settingsUser(staff.userId)).is_accountant).toBe(false)
  })
})
