import fs from 'node:fs'
import path from 'node:path'
import { messages, userMessages } from '@daftar/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  errorOf,
  login,
  multipart,
  PASSWORD,
  PNG_1PX,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/helpers.ts'
import { users } from './schema.ts'

let server: TestServer
let orgId: string
let orgName: string
let me: TestUser
let colleague: TestUser
let outsider: TestUser
let token: string

beforeAll(async () => {
  server = await startTestServer()
  const org = await createOrg(server, { name: 'Users Test Org', userLimit: 40 })
  orgId = org.orgId
  orgName = org.name
  me = await createUser(server, orgId, { fullName: 'Meera Iyer' })
  colleague = await createUser(server, orgId, { fullName: 'Arjun Rao', isAdmin: true })
  outsider = await createUser(server, (await createOrg(server)).orgId)
  token = (await login(server, me.email)).accessToken
})
afterAll(() => server.close())

const api = (t = token) => client(server, t)

/** Every regular file under the storage root (relative paths). */
function storedFiles(): string[] {
  const root = server.config.filesDir
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort()
}

const putProfile = (
  userId: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = {},
  headers: Record<string, string> = {},
  t = token,
) => {
  const body = multipart(fields, files)
  return api(t).put(`/users/${userId}`, body.payload, { ...body.headers, ...headers })
}

/** The user under test as every user answer shows them. */
const meera = () => ({
  user_id: me.userId,
  username: me.username,
  full_name: 'Meera Iyer',
  designation: 'Engineer',
  employee_id: null,
  display_photo: null,
  isadmin: false,
  is_accountant: false,
})

const png = (data = PNG_1PX, name = 'me.png') => ({ display_photo: { name, type: 'image/png', data } })

async function current() {
  const res = await api().get('/users/me')
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('GET /users', () => {
  it('lists only the active users of the caller’s organisation', async () => {
    const gone = await createUser(server, orgId, { fullName: 'Gone Away' })
    await server.deps.db.update(users).set({ isActive: false }).where(eq(users.userId, gone.userId))
    const res = await api().get('/users')
    expect(res.statusCode).toBe(200)
    const ids = res.json().map((u: { user_id: string }) => u.user_id)
    expect(ids).toContain(me.userId)
    expect(ids).toContain(colleague.userId)
    expect(ids).not.toContain(gone.userId)
    expect(ids).not.toContain(outsider.userId)
    const mine = res.json().find((u: { user_id: string }) => u.user_id === me.userId)
    expect(mine).toEqual(meera())
  })

  it('needs a token', async () => {
    expect((await client(server).get('/users')).statusCode).toBe(401)
  })
})

describe('GET /users/me', () => {
  it('returns every field of the current user and the organisation figures', async () => {
    const body = await current()
    const [{ n }] = (
      await server.deps.database.pool.query(
        'select count(*)::int as n from users where org_id = $1 and is_active',
        [orgId],
      )
    ).rows
    expect(body).toMatchObject({
      ...meera(),
      orgName,
      orgUserLimit: 40,
      orgCurrentUserCount: n,
    })
    expect(body.version).toEqual(expect.any(Number))
    expect(body).not.toHaveProperty('password_hash')
    expect(body).not.toHaveProperty('passwordHash')
  })
})

describe('PUT /users/:id (profile)', () => {
  it('changes the full name and bumps the version', async () => {
    const before = await current()
    const res = await putProfile(me.userId, { full_name: '  Meera K. Iyer ' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(userMessages.profileUpdated)
    expect(res.json().user.full_name).toBe('Meera K. Iyer')
    const after = await current()
    expect(after.full_name).toBe('Meera K. Iyer')
    expect(after.version).toBe(before.version + 1)
  })

  it('stores an uploaded PNG, which can then be fetched through a signed URL', async () => {
    const res = await putProfile(me.userId, { full_name: 'Meera Iyer' }, png())
    expect(res.statusCode).toBe(200)
    const key = (await current()).display_photo as string
    expect(key).toMatch(new RegExp(`^org/${orgId}/displayPicture/[0-9a-f-]{36}\\.png$`))
    expect(res.json().user.display_photo).toBe(key)
    expect(fs.existsSync(path.join(server.config.filesDir, key))).toBe(true)

    const signed = await api().get(
      `/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=displayPicture`,
    )
    expect(signed.statusCode).toBe(200)
    const { url } = signed.json()
    expect(url).toEqual(expect.any(String))
    // A colleague in the same organisation may see the photo too.
    const colleagueToken = (await login(server, colleague.email)).accessToken
    const theirs = await api(colleagueToken).get(
      `/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=displayPicture`,
    )
    expect(theirs.statusCode).toBe(200)

    const file = await server.app.inject({ method: 'GET', url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true)
  })

  it('refuses a file that is not an image, whatever its name and claimed type, and keeps nothing', async () => {
    const filesBefore = storedFiles()
    const photoBefore = (await current()).display_photo
    const fake = Buffer.from('just some text, certainly not a picture\n'.repeat(10))
    const res = await putProfile(me.userId, { full_name: 'Meera Iyer' }, png(fake, 'photo.png'))
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe(userMessages.photoNotImage)
    expect(storedFiles()).toEqual(filesBefore)
    expect((await current()).display_photo).toBe(photoBefore)
  })

  it('refuses a photo over the 1 MB the app ever sends with 413 and keeps nothing', async () => {
    const filesBefore = storedFiles()
    const big = Buffer.alloc(1024 * 1024 + 1024, 0)
    PNG_1PX.copy(big)
    const res = await putProfile(me.userId, { full_name: 'Meera Iyer' }, png(big, 'big.png'))
    expect(res.statusCode).toBe(413)
    expect(errorOf(res)).toBe(userMessages.photoTooLarge)
    expect(storedFiles()).toEqual(filesBefore)
  })

  it('replacing the photo deletes the old file; remove_display_photo=true clears it and deletes the file', async () => {
    await putProfile(me.userId, { full_name: 'Meera Iyer' }, png())
    const first = (await current()).display_photo as string
    await putProfile(me.userId, { full_name: 'Meera Iyer' }, png())
    const second = (await current()).display_photo as string
    expect(second).not.toBe(first)
    expect(fs.existsSync(path.join(server.config.filesDir, first))).toBe(false)
    expect(fs.existsSync(path.join(server.config.filesDir, second))).toBe(true)

    const res = await putProfile(me.userId, { full_name: 'Meera Iyer', remove_display_photo: 'true' })
    expect(res.statusCode).toBe(200)
    expect((await current()).display_photo).toBeNull()
    expect(fs.existsSync(path.join(server.config.filesDir, second))).toBe(false)
    // The key no longer belongs to anyone, so it is not signed any more.
    const signed = await api().get(
      `/get-presigned-url?key=${encodeURIComponent(second)}&bucketType=displayPicture`,
    )
    expect(signed.statusCode).toBe(404)
  })

  it('refuses to edit another user of the same organisation with 403', async () => {
    const res = await putProfile(colleague.userId, { full_name: 'Hacked' })
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toBe(userMessages.onlyYourOwnProfile)
    const [row] = await server.deps.db.select().from(users).where(eq(users.userId, colleague.userId))
    expect(row!.fullName).toBe('Arjun Rao')
  })

  it('answers 404 for a user of another organisation and for a malformed id', async () => {
    const other = await putProfile(outsider.userId, { full_name: 'Hacked' })
    expect(other.statusCode).toBe(404)
    const malformed = await putProfile('not-a-uuid', { full_name: 'Hacked' })
    expect(malformed.statusCode).toBe(404)
    expect(errorOf(malformed)).toBe('Not found.')
    // The failed lookup leaves the server healthy for the next request.
    expect((await api().get('/users/me')).statusCode).toBe(200)
  })

  it('requires a full name (400)', async () => {
    const res = await putProfile(me.userId, { full_name: '   ' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe(userMessages.fullNameRequired)
    expect((await putProfile(me.userId, {})).statusCode).toBe(400)
  })

  it('a request refused by validation keeps no uploaded file (missing full name, bad If-Match)', async () => {
    const filesBefore = storedFiles()
    const noName = await putProfile(me.userId, {}, png())
    expect(noName.statusCode).toBe(400)
    const badIfMatch = await putProfile(me.userId, { full_name: 'Meera Iyer' }, png(), {
      'if-match': 'banana',
    })
    expect(badIfMatch.statusCode).toBe(400)
    expect(storedFiles()).toEqual(filesBefore)
  })

  it('refuses a stale If-Match version with 412 and applies a current one', async () => {
    const { version } = await current()
    const stale = await putProfile(
      me.userId,
      { full_name: 'Stale Edit' },
      {},
      { 'if-match': String(version - 1) },
    )
    expect(stale.statusCode).toBe(412)
    expect((await current()).full_name).not.toBe('Stale Edit')
    const fresh = await putProfile(me.userId, { full_name: 'Fresh Edit' }, {}, { 'if-match': `"${version}"` })
    expect(fresh.statusCode).toBe(200)
    expect((await current()).full_name).toBe('Fresh Edit')
  })
})

describe('PUT /users/:id/change-password', () => {
  it('refuses a wrong current password', async () => {
    const user = await createUser(server, orgId)
    const t = (await login(server, user.email)).accessToken
    const res = await api(t).put(`/users/${user.userId}/change-password`, {
      currentPassword: 'not-my-password',
      newPassword: 'another-one',
    })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('Current password is incorrect.')
    await login(server, user.email, PASSWORD)
  })

  it('refuses a short new password', async () => {
    const res = await api().put(`/users/${me.userId}/change-password`, {
      currentPassword: PASSWORD,
      newPassword: '12345',
    })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('New password must be at least 6 characters long.')
  })

  it('changes the password, revokes the other sessions and keeps the calling one', async () => {
    const user = await createUser(server, orgId)
    const caller = await login(server, user.email)
    const other = await login(server, user.email)
    const res = await api(caller.accessToken).put(`/users/${user.userId}/change-password`, {
      currentPassword: PASSWORD,
      newPassword: 'fresh-secret-1',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Password changed successfully' })
    expect(res.json().message).toBe(messages.passwordChanged)

    expect((await api(caller.accessToken).get('/users/me')).statusCode).toBe(200)
    expect(
      (await client(server).post('/auth/refresh-token', { refreshToken: caller.refreshToken })).statusCode,
    ).toBe(200)
    expect((await api(other.accessToken).get('/users/me')).statusCode).toBe(401)
    expect(
      (await client(server).post('/auth/refresh-token', { refreshToken: other.refreshToken })).statusCode,
    ).toBe(401)

    const old = await client(server).post('/auth/login', { identifier: user.email, password: PASSWORD })
    expect(old.statusCode).toBe(401)
    await login(server, user.email, 'fresh-secret-1')
  })

  it("refuses to change another user's password with 403", async () => {
    const res = await api().put(`/users/${colleague.userId}/change-password`, {
      currentPassword: PASSWORD,
      newPassword: 'taken-over-1',
    })
    expect(res.statusCode).toBe(403)
    await login(server, colleague.email, PASSWORD)
    const outside = await api().put(`/users/${outsider.userId}/change-password`, {
      currentPassword: PASSWORD,
      newPassword: 'taken-over-1',
    })
    expect(outside.statusCode).toBe(404)
  })
})
