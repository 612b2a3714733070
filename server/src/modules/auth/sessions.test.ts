import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  login,
  PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/helpers.ts'
import { describeDevice } from './device.ts'
import { pruneSignInLeftovers } from './sessions.ts'

// The signed-in devices and the sign-in history (docs/security.md, "V7 Session management").

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

let server: TestServer
let orgId: string

beforeAll(async () => {
  server = await startTestServer()
  orgId = (await createOrg(server)).orgId
})
afterAll(() => server.close())

async function signInFrom(user: TestUser, userAgent: string, ip = '127.0.0.1', password = PASSWORD) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
    payload: { identifier: user.email, password },
  })
}

const me = (accessToken: string) => client(server, accessToken).get('/users/me')

describe('describeDevice', () => {
  it('names the browser family and the system, without versions', () => {
    expect(describeDevice(CHROME_LINUX)).toBe('Chrome on Linux')
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iOS')
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows')
    expect(
      describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('Firefox on macOS')
    expect(describeDevice(undefined)).toBe('Unknown device')
  })
})

describe('the sessions list', () => {
  it("lists the caller's live sessions with their device, and marks the current one", async () => {
    const user = await createUser(server, orgId)
    const laptop = (await signInFrom(user, CHROME_LINUX, '10.1.0.1')).json()
    await signInFrom(user, SAFARI_IPHONE, '10.1.0.2')
    const ended = await login(server, user.email)
    await client(server, ended.accessToken).post('/auth/logout', {
      option: 'this',
      refreshToken: ended.refreshToken,
    })

    const res = await client(server, laptop.accessToken).get('/auth/sessions')
    expect(res.statusCode).toBe(200)
    const list = res.json() as { device: string; ip: string; current: boolean; user_agent: string }[]
    expect(list).toHaveLength(2)
    const current = list.find((s) => s.current)!
    expect(current).toMatchObject({ device: 'Chrome on Linux', ip: '10.1.0.1', user_agent: CHROME_LINUX })
    expect(list.find((s) => !s.current)).toMatchObject({ device: 'Safari on iOS', ip: '10.1.0.2' })
    expect(list.filter((s) => s.current)).toHaveLength(1)
    // Another user's list holds none of these.
    const other = await createUser(server, orgId)
    const theirs = (
      await client(server, (await login(server, other.email)).accessToken).get('/auth/sessions')
    ).json()
    expect(theirs).toHaveLength(1)
  })

  it('ends one of its own sessions: that device is refused at once, tokens and refresh alike', async () => {
    const user = await createUser(server, orgId)
    const laptop = (await signInFrom(user, CHROME_LINUX)).json()
    const phone = (await signInFrom(user, SAFARI_IPHONE)).json()
    // The phone's session is live, and cached by the session check.
    expect((await me(phone.accessToken)).statusCode).toBe(200)
    const list = (await client(server, laptop.accessToken).get('/auth/sessions')).json() as {
      session_id: string
      current: boolean
    }[]
    const phoneSession = list.find((s) => !s.current)!.session_id
    const res = await client(server, laptop.accessToken).delete(`/auth/sessions/${phoneSession}`)
    expect(res.statusCode).toBe(200)
    expect((await me(phone.accessToken)).statusCode).toBe(401)
    expect(
      (await client(server).post('/auth/refresh-token', { refreshToken: phone.refreshToken })).statusCode,
    ).toBe(401)
    expect((await me(laptop.accessToken)).statusCode).toBe(200)
    // Ending it again: nothing live by that id.
    expect(
      (await client(server, laptop.accessToken).delete(`/auth/sessions/${phoneSession}`)).statusCode,
    ).toBe(404)
  })

  it("answers 404 for another user's session, and leaves it live", async () => {
    const owner = await createUser(server, orgId)
    const stranger = await createUser(server, orgId)
    const ownerTokens = await login(server, owner.email)
    const [ownerSession] = (await client(server, ownerTokens.accessToken).get('/auth/sessions')).json()
    const strangerApi = client(server, (await login(server, stranger.email)).accessToken)
    const res = await strangerApi.delete(`/auth/sessions/${ownerSession.session_id}`)
    expect(res.statusCode).toBe(404)
    expect((await me(ownerTokens.accessToken)).statusCode).toBe(200)
    expect((await strangerApi.delete('/auth/sessions/not-a-uuid')).statusCode).toBe(404)
  })

  it('signs out all the other devices and keeps this one', async () => {
    const user = await createUser(server, orgId)
    const here = await login(server, user.email)
    const others = [await login(server, user.email), await login(server, user.email)]
    for (const other of others) expect((await me(other.accessToken)).statusCode).toBe(200)
    const res = await client(server, here.accessToken).post('/auth/sessions/sign-out-others')
    expect(res.statusCode).toBe(200)
    expect(res.json().signed_out).toBe(2)
    for (const other of others) expect((await me(other.accessToken)).statusCode).toBe(401)
    expect((await me(here.accessToken)).statusCode).toBe(200)
    expect((await client(server, here.accessToken).get('/auth/sessions')).json()).toHaveLength(1)
  })
})

describe('the sign-in history', () => {
  it('records successes and failures with device and address, newest first, the last 20, own only', async () => {
    const user = await createUser(server, orgId)
    expect((await signInFrom(user, SAFARI_IPHONE, '10.2.0.9', 'wrong-password')).statusCode).toBe(401)
    const tokens = (await signInFrom(user, CHROME_LINUX, '10.2.0.1')).json()
    const api = client(server, tokens.accessToken)
    const history = (await api.get('/auth/sign-ins')).json()
    expect(history.slice(0, 2)).toMatchObject([
      { outcome: 'SUCCESS', device: 'Chrome on Linux', ip: '10.2.0.1' },
      { outcome: 'WRONG_PASSWORD', device: 'Safari on iOS', ip: '10.2.0.9' },
    ])
    for (let i = 0; i < 21; i++) await signInFrom(user, CHROME_LINUX, '10.2.0.1')
    const full = (await api.get('/auth/sign-ins')).json() as { outcome: string }[]
    expect(full).toHaveLength(20)
    expect(full.every((r) => r.outcome === 'SUCCESS')).toBe(true)

    const other = await createUser(server, orgId)
    const theirs = (
      await client(server, (await login(server, other.email)).accessToken).get('/auth/sign-ins')
    ).json()
    expect(theirs).toHaveLength(1)
  })
})

describe('pruning', () => {
  it('drops dead challenges and old attempts on unknown identifiers, and keeps the rest', async () => {
    const pool = server.deps.database.pool
    const user = await createUser(server, orgId)
    await client(server).post('/auth/login', {
      identifier: 'ghost-prune@nowhere.test',
      password: 'nope-nope',
    })
    await client(server).post('/auth/login', { identifier: user.email, password: 'nope-nope' })
    await pool.query(
      `update sign_ins set created_at = now() - interval '40 days' where user_id = $1 or user_id is null`,
      [user.userId],
    )
    await pool.query(
      `insert into login_challenges (token_hash, user_id, purpose, expires_at) values
         ('dead', $1, 'VERIFY', now() - interval '2 hours'), ('live', $1, 'VERIFY', now() + interval '5 minutes')`,
      [user.userId],
    )
    await pruneSignInLeftovers(server.deps.db)
    const left = await pool.query(
      `select (select count(*) from sign_ins where user_id is null)::int as unknown,
              (select count(*) from sign_ins where user_id = $1)::int as own,
              (select string_agg(token_hash, ',') from login_challenges where user_id = $1) as challenges`,
      [user.userId],
    )
    expect(left.rows[0]).toEqual({ unknown: 0, own: 1, challenges: 'live' })
  })
})
