import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { VerifiedTokens } from '../src/platform/auth-guard.ts'
import { RECHECK_MS, RecheckCache } from '../src/platform/recheck-cache.ts'
import { createTokenSigner } from '../src/platform/tokens.ts'
import { client, createOrg, createUser, login, startTestServer, type TestServer } from './helpers.ts'

// The session check trusts a live session for under a second instead of asking the database on every
// request (docs/decisions.md, "Session check without a database round trip"). These tests hold it to
// its promise: a revocation made through an instance applies to its very next request, and one made
// through another instance on the same database within a second.

describe('RecheckCache', () => {
  it('asks the database once per recheck interval, and once for concurrent requests', async () => {
    let clock = 0
    let queries = 0
    const cache = new RecheckCache<string>(900, () => clock)
    const load = async () => {
      queries++
      return 'live'
    }
    await Promise.all([cache.get('s', load), cache.get('s', load), cache.get('s', load)])
    expect(queries).toBe(1)
    clock = 899
    expect(await cache.get('s', load)).toBe('live')
    expect(queries).toBe(1)
    clock = 900
    await cache.get('s', load)
    expect(queries).toBe(2)
  })

  it('forgets everything when told, and does not keep an answer that a change may have overtaken', async () => {
    let queries = 0
    let release: () => void = () => {}
    const cache = new RecheckCache<string>()
    const load = async () => {
      queries++
      if (queries === 2) await new Promise<void>((resolve) => (release = resolve))
      return 'live'
    }
    await cache.get('s', load)
    cache.invalidate()
    const slow = cache.get('s', load)
    await new Promise((resolve) => setImmediate(resolve))
    cache.invalidate() // a change committed while the second query ran
    release()
    await slow
    await cache.get('s', load)
    expect(queries).toBe(3)
  })

  it('keeps no failed answer', async () => {
    const cache = new RecheckCache<string>()
    await expect(cache.get('s', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('s', async () => 'live')).toBe('live')
  })
})

describe('VerifiedTokens', () => {
  it('verifies a token once, and refuses it altered or expired', async () => {
    const signer = createTokenSigner('a-secret-of-at-least-32-characters!!')
    let verifications = 0
    const tokens = new VerifiedTokens((token) => {
      verifications++
      return signer.verifyAccess(token)
    })
    const claims = { userId: 'u', orgId: 'o', sessionId: 's' }
    const token = await signer.signAccess(claims)
    expect(await tokens.claims(token)).toEqual(claims)
    expect(await tokens.claims(token)).toEqual(claims)
    expect(verifications).toBe(1)
    expect(await tokens.claims(`${token.slice(0, -2)}xx`)).toBeNull()

    const [header, , signature] = token.split('.')
    const expired = Buffer.from(JSON.stringify({ sub: 'u', org: 'o', sid: 's', exp: 1 })).toString(
      'base64url',
    )
    expect(await tokens.claims(`${header}.${expired}.${signature}`)).toBeNull()

    const now = Date.now()
    const later = new VerifiedTokens((t) => signer.verifyAccess(t))
    expect(await later.claims(token)).toEqual(claims)
    const realNow = Date.now
    Date.now = () => now + 16 * 60 * 1000
    try {
      expect(await later.claims(token)).toBeNull()
    } finally {
      Date.now = realNow
    }
  })
})

describe('revocation and changes', () => {
  let server: TestServer
  let other: FastifyInstance
  let orgId: string
  let adminToken: string

  beforeAll(async () => {
    server = await startTestServer()
    // A second instance of the app on the same database, with its own session cache.
    other = await buildApp(server.deps)
    await other.ready()
    orgId = (await createOrg(server)).orgId
    const admin = await createUser(server, orgId, { isAdmin: true })
    adminToken = (await login(server, admin.email)).accessToken
  })
  afterAll(async () => {
    await other?.close()
    await server?.close()
  })

  const me = (token: string, app: FastifyInstance = server.app) =>
    app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })

  it('by signing out refuses the session on the next request', async () => {
    const user = await createUser(server, orgId)
    const tokens = await login(server, user.email)
    expect((await me(tokens.accessToken)).statusCode).toBe(200)
    expect((await me(tokens.accessToken)).statusCode).toBe(200)
    const out = await client(server, tokens.accessToken).post('/auth/logout', {
      option: 'this',
      refreshToken: tokens.refreshToken,
    })
    expect(out.statusCode).toBe(200)
    expect((await me(tokens.accessToken)).statusCode).toBe(401)
  })

  it('by deactivating the user refuses their session on the next request', async () => {
    const user = await createUser(server, orgId)
    const tokens = await login(server, user.email)
    expect((await me(tokens.accessToken)).statusCode).toBe(200)
    const res = await client(server, adminToken).put(`/admin/users/${user.userId}`, { is_active: false })
    expect(res.statusCode).toBe(200)
    expect((await me(tokens.accessToken)).statusCode).toBe(401)
  })

  it('by changing the password refuses the other devices on the next request', async () => {
    const user = await createUser(server, orgId)
    const phone = await login(server, user.email)
    const laptop = await login(server, user.email)
    expect((await me(phone.accessToken)).statusCode).toBe(200)
    expect((await me(laptop.accessToken)).statusCode).toBe(200)
    const res = await client(server, laptop.accessToken).put(`/users/${user.userId}/change-password`, {
      currentPassword: user.password,
      newPassword: 'N3w-Passw0rd!x',
    })
    expect(res.statusCode).toBe(200)
    expect((await me(phone.accessToken)).statusCode).toBe(401)
    expect((await me(laptop.accessToken)).statusCode).toBe(200)
  })

  it('by demoting an admin takes their admin rights away on the next request', async () => {
    const user = await createUser(server, orgId, { isAdmin: true })
    const tokens = await login(server, user.email)
    const settings = () =>
      server.app.inject({
        url: '/api/admin/settings',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      })
    expect((await settings()).statusCode).toBe(200)
    const res = await client(server, adminToken).put(`/admin/users/${user.userId}`, { isadmin: false })
    expect(res.statusCode).toBe(200)
    expect((await settings()).statusCode).toBe(403)
  })

  it('through another instance refuses the session within a second', async () => {
    const user = await createUser(server, orgId)
    const tokens = await login(server, user.email)
    expect((await me(tokens.accessToken, other)).statusCode).toBe(200)
    const out = await client(server, tokens.accessToken).post('/auth/logout', {
      option: 'this',
      refreshToken: tokens.refreshToken,
    })
    expect(out.statusCode).toBe(200)
    const revokedAt = Date.now()
    let status = 200
    while (status === 200 && Date.now() - revokedAt < 5_000) {
      status = (await me(tokens.accessToken, other)).statusCode
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(status).toBe(401)
    // The interval plus one query's time on a loaded machine.
    expect(Date.now() - revokedAt).toBeLessThan(RECHECK_MS + 250)
  })

  it('shows a change to the signed-in user at once through this instance, within a second through another', async () => {
    const user = await createUser(server, orgId)
    const { accessToken } = await login(server, user.email)
    const orgName = async (app: FastifyInstance) => (await me(accessToken, app)).json().orgName as string
    const before = await orgName(server.app)
    expect(await orgName(other)).toBe(before)

    const renamed = `${before} Renamed`
    const res = await client(server, adminToken).put('/admin/organisation', { name: renamed })
    expect(res.statusCode).toBe(200)
    const changedAt = Date.now()
    expect(await orgName(server.app)).toBe(renamed)

    let seen = await orgName(other)
    while (seen !== renamed && Date.now() - changedAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      seen = await orgName(other)
    }
    expect(seen).toBe(renamed)
    expect(Date.now() - changedAt).toBeLessThan(RECHECK_MS + 250)
  })
})
