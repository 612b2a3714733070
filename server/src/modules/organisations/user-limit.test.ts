import { userLimitMessage } from '@daftar/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  login,
  PASSWORD,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts'
import { users } from '../users/schema.ts'
import { createLoginAccount, type NewLoginAccount } from '../users/service.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

let n = 0
const account = (orgId: string, extra: Partial<NewLoginAccount> = {}): NewLoginAccount => {
  const id = `lim${Date.now().toString(36)}${n++}`
  return {
    orgId,
    username: id,
    fullName: `Limit ${id}`,
    email: `${id}@limit.test`,
    mobile: `+9170${String(Date.now() + n).slice(-8)}`,
    password: PASSWORD,
    ...extra,
  }
}

const createAccount = (a: NewLoginAccount) => server.deps.db.transaction((tx) => createLoginAccount(tx, a))

const activeCount = async (orgId: string) =>
  (await server.deps.db.select().from(users).where(eq(users.orgId, orgId))).filter((u) => u.isActive).length

describe('createLoginAccount and the user limit', () => {
  it('refuses an account past the limit with 422 and the spec message, and stores nothing', async () => {
    const org = await createOrg(server, { name: 'Tiny Traders', userLimit: 2 })
    await createAccount(account(org.orgId))
    await createAccount(account(org.orgId))
    const third = account(org.orgId)
    await expect(createAccount(third)).rejects.toMatchObject({
      statusCode: 422,
      message: userLimitMessage(2, 'Tiny Traders'),
    })
    expect(await activeCount(org.orgId)).toBe(2)
    const stored = await server.deps.db.select().from(users).where(eq(users.username, third.username))
    expect(stored).toHaveLength(0)
  })

  it('counts only active users', async () => {
    const org = await createOrg(server, { userLimit: 2 })
    const a = await createAccount(account(org.orgId))
    await createAccount(account(org.orgId))
    await expect(createAccount(account(org.orgId))).rejects.toMatchObject({ statusCode: 422 })
    await server.deps.db.update(users).set({ isActive: false }).where(eq(users.userId, a.userId))
    await createAccount(account(org.orgId))
    expect(await activeCount(org.orgId)).toBe(2)
    await expect(createAccount(account(org.orgId))).rejects.toMatchObject({ statusCode: 422 })
  })

  it('a null limit means no limit', async () => {
    const org = await createOrg(server, { userLimit: null })
    for (let i = 0; i < 6; i++) await createAccount(account(org.orgId))
    expect(await activeCount(org.orgId)).toBe(6)
  })

  it('two concurrent creations cannot both take the last place', async () => {
    const org = await createOrg(server, { userLimit: 1 })
    const results = await Promise.allSettled([
      createAccount(account(org.orgId)),
      createAccount(account(org.orgId)),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { statusCode: 422 } })
    expect(await activeCount(org.orgId)).toBe(1)
  })

  it('shows orgUserLimit and orgCurrentUserCount on /users/me', async () => {
    const org = await createOrg(server, { name: 'Counted Co', userLimit: 5 })
    const first = await createUser(server, org.orgId)
    const second = await createUser(server, org.orgId)
    await createUser(server, org.orgId)
    await server.deps.db.update(users).set({ isActive: false }).where(eq(users.userId, second.userId))
    const me = (await client(server, (await login(server, first.email)).accessToken).get('/users/me')).json()
    expect(me).toMatchObject({ orgName: 'Counted Co', orgUserLimit: 5, orgCurrentUserCount: 2 })

    const open = await createOrg(server, { userLimit: null })
    const solo = await createUser(server, open.orgId)
    const soloMe = (
      await client(server, (await login(server, solo.email)).accessToken).get('/users/me')
    ).json()
    expect(soloMe).toMatchObject({ orgUserLimit: null, orgCurrentUserCount: 1 })
  })

  it('refuses a duplicate username, email or mobile with 409, across organisations and case', async () => {
    const org = await createOrg(server)
    const other = await createOrg(server)
    const taken = account(org.orgId, { mobile: '+919812345670' })
    await createAccount(taken)
    const dupUsername = account(other.orgId, { username: taken.username.toUpperCase() })
    await expect(createAccount(dupUsername)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Username is already taken.',
    })
    const dupEmail = account(other.orgId, { email: taken.email!.toUpperCase() })
    await expect(createAccount(dupEmail)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Email is already in use by another account.',
    })
    const dupMobile = account(other.orgId, { mobile: '+91 98123-45670' })
    await expect(createAccount(dupMobile)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Mobile number is already in use by another account.',
    })
    expect(await activeCount(other.orgId)).toBe(0)
  })
})
