import { MAX_PASSKEYS_PER_USER, passkeyMessages } from '@daftar/domain'
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
  type Tokens,
} from '../../../test/helpers.ts'
import { enableTwoFactor } from '../../../test/two-factor-helpers.ts'
import { createAuthenticator } from '../../../test/webauthn-authenticator.ts'

// Passkeys (docs/security.md, "V6 Authentication"): a software authenticator in the test makes real
// WebAuthn answers, and the server's verification runs on them. Requests name the site by Host.

const HOST = 'daftar.test:8443'
const ORIGIN = `http://${HOST}`
const site = { host: HOST }

let server: TestServer
let orgId: string

beforeAll(async () => {
  server = await startTestServer()
  orgId = (await createOrg(server)).orgId
})
afterAll(() => server.close())

type Authenticator = ReturnType<typeof createAuthenticator>

async function signedIn(): Promise<{ user: TestUser; tokens: Tokens }> {
  const user = await createUser(server, orgId)
  return { user, tokens: await login(server, user.email) }
}

/** Registers a passkey made by `authenticator` for the signed-in user; answers the raw answer. */
async function register(tokens: Tokens, authenticator: Authenticator, name = 'My laptop', origin = ORIGIN) {
  const api = client(server, tokens.accessToken)
  const options = await api.post('/auth/passkeys/registration-options', { password: PASSWORD }, site)
  expect(options.statusCode, options.body).toBe(200)
  const { challengeToken, options: creation } = options.json()
  const credential = authenticator.create(creation, origin)
  return api.post('/auth/passkeys', { challengeToken, name, credential }, site)
}

async function signInOptions(headers = site) {
  const res = await client(server).post('/auth/passkeys/sign-in-options', undefined, headers)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { challengeToken: string; options: { challenge: string; rpId: string } }
}

async function signIn(authenticator: Authenticator, origin = ORIGIN) {
  const { challengeToken, options } = await signInOptions()
  return client(server).post(
    '/auth/passkeys/sign-in',
    { challengeToken, credential: authenticator.get(options, origin) },
    site,
  )
}

async function signInOutcomes(user: TestUser) {
  const { rows } = await server.deps.database.pool.query(
    'select outcome from sign_ins where user_id = $1 order by created_at desc',
    [user.userId],
  )
  return rows.map((r: { outcome: string }) => r.outcome)
}

describe('registering a passkey', () => {
  it('asks for the password, then keeps a verified passkey made for this site with user verification', async () => {
    const { user, tokens } = await signedIn()
    const api = client(server, tokens.accessToken)
    const wrong = await api.post('/auth/passkeys/registration-options', { password: 'Wrong@1234' }, site)
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong)).toBe(passkeyMessages.passwordIncorrect)

    const options = await api.post('/auth/passkeys/registration-options', { password: PASSWORD }, site)
    const { options: creation } = options.json()
    expect(creation.rp).toEqual({ name: 'Daftar', id: 'daftar.test' })
    expect(creation.user.name).toBe(user.email)
    expect(creation.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })

    const added = await register(tokens, createAuthenticator(), '  Work phone ')
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json()).toEqual({
      passkey_id: expect.any(String),
      name: 'Work phone',
      created_at: expect.any(String),
      last_used_at: null,
    })
    expect((await api.get('/auth/passkeys')).json()).toEqual([added.json()])
    const { rows } = await server.deps.database.pool.query(
      `select action from audit_events where entity_id = $1 and action like 'PASSKEY%'`,
      [user.userId],
    )
    expect(rows).toEqual([{ action: 'PASSKEY_ADDED' }])
  })

  it('refuses an authenticator that did not verify the user, an answer made on another site, and a spent ceremony', async () => {
    const { tokens } = await signedIn()
    const noUv = await register(tokens, createAuthenticator({ userVerification: false }))
    expect(noUv.statusCode).toBe(400)
    expect(errorOf(noUv)).toBe(passkeyMessages.notVerified)

    const elsewhere = await register(tokens, createAuthenticator(), 'Phone', 'http://evil.test')
    expect(elsewhere.statusCode).toBe(400)

    const api = client(server, tokens.accessToken)
    const { challengeToken, options } = (
      await api.post('/auth/passkeys/registration-options', { password: PASSWORD }, site)
    ).json()
    const authenticator = createAuthenticator()
    const first = await api.post(
      '/auth/passkeys',
      { challengeToken, name: 'A', credential: authenticator.create(options, ORIGIN) },
      site,
    )
    expect(first.statusCode).toBe(201)
    const again = await api.post(
      '/auth/passkeys',
      { challengeToken, name: 'B', credential: authenticator.create(options, ORIGIN) },
      site,
    )
    expect(again.statusCode).toBe(400)
    expect(errorOf(again)).toBe(passkeyMessages.expired)
    expect((await api.get('/auth/passkeys')).json()).toHaveLength(1)
  })

  it("cannot finish another user's ceremony", async () => {
    const owner = await signedIn()
    const other = await signedIn()
    const { challengeToken, options } = (
      await client(server, owner.tokens.accessToken).post(
        '/auth/passkeys/registration-options',
        { password: PASSWORD },
        site,
      )
    ).json()
    const res = await client(server, other.tokens.accessToken).post(
      '/auth/passkeys',
      { challengeToken, name: 'Stolen', credential: createAuthenticator().create(options, ORIGIN) },
      site,
    )
    expect(res.statusCode).toBe(400)
    expect((await client(server, other.tokens.accessToken).get('/auth/passkeys')).json()).toEqual([])
  })

  it(`holds at most ${MAX_PASSKEYS_PER_USER} passkeys per account`, async () => {
    const { user, tokens } = await signedIn()
    await server.deps.database.pool.query(
      `insert into passkeys (user_id, org_id, credential_id, public_key, rp_id, name)
       select $1::uuid, $2::uuid, gen_random_uuid()::text, 'key', 'daftar.test', 'Key ' || n
       from generate_series(1, $3::int) n`,
      [user.userId, user.orgId, MAX_PASSKEYS_PER_USER],
    )
    const res = await client(server, tokens.accessToken).post(
      '/auth/passkeys/registration-options',
      { password: PASSWORD },
      site,
    )
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toBe(passkeyMessages.tooMany)
  })
})

describe('signing in with a passkey', () => {
  it('gives a session without password or code, even with two-factor sign-in on', async () => {
    const { user, tokens } = await signedIn()
    await enableTwoFactor(server, tokens)
    const authenticator = createAuthenticator()
    expect((await register(tokens, authenticator)).statusCode).toBe(201)

    const res = await signIn(authenticator)
    expect(res.statusCode, res.body).toBe(200)
    const session = res.json()
    expect(session).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) })
    const me = await client(server, session.accessToken).get('/users/me')
    expect(me.statusCode).toBe(200)
    expect(JSON.stringify(me.json())).toContain(user.userId)
    expect((await signInOutcomes(user))[0]).toBe('SUCCESS')
    const [passkey] = (await client(server, session.accessToken).get('/auth/passkeys')).json()
    expect(passkey.last_used_at).not.toBeNull()
  })

  it('spends a ceremony once and refuses an answer replayed or made on another site', async () => {
    const { user, tokens } = await signedIn()
    const authenticator = createAuthenticator()
    await register(tokens, authenticator)

    const { challengeToken, options } = await signInOptions()
    const credential = authenticator.get(options, ORIGIN)
    const ok = await client(server).post('/auth/passkeys/sign-in', { challengeToken, credential }, site)
    expect(ok.statusCode).toBe(200)
    const replay = await client(server).post('/auth/passkeys/sign-in', { challengeToken, credential }, site)
    expect(replay.statusCode).toBe(400)
    expect(errorOf(replay)).toBe(passkeyMessages.expired)

    const phished = await signIn(authenticator, 'http://evil.test')
    expect(phished.statusCode).toBe(400)
    expect(errorOf(phished)).toBe(passkeyMessages.notVerified)
    expect((await signInOutcomes(user))[0]).toBe('WRONG_PASSKEY')
  })

  it('gives one session for one ceremony, however many answers arrive at once', async () => {
    const { tokens } = await signedIn()
    const authenticator = createAuthenticator()
    await register(tokens, authenticator)
    const { challengeToken, options } = await signInOptions()
    const credential = authenticator.get(options, ORIGIN)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        client(server).post('/auth/passkeys/sign-in', { challengeToken, credential }, site),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(400)])
  })

  it('refuses a signature counter that went back (a cloned authenticator)', async () => {
    const { tokens } = await signedIn()
    const authenticator = createAuthenticator()
    await register(tokens, authenticator)
    expect((await signIn(authenticator)).statusCode).toBe(200)
    authenticator.credentials[0]!.counter = 0
    const cloned = await signIn(authenticator)
    expect(cloned.statusCode).toBe(400)
    expect(errorOf(cloned)).toBe(passkeyMessages.notVerified)
  })

  it('does not take a passkey made for another site, an unknown one, or one of a deactivated account', async () => {
    const { user, tokens } = await signedIn()
    const authenticator = createAuthenticator()
    await register(tokens, authenticator)

    const other = { host: 'other.test' }
    const { challengeToken, options } = await signInOptions(other)
    const res = await client(server).post(
      '/auth/passkeys/sign-in',
      { challengeToken, credential: authenticator.get(options, 'http://other.test') },
      other,
    )
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe(passkeyMessages.unknown)

    const stranger = createAuthenticator()
    stranger.create({ challenge: 'x', rp: { id: 'daftar.test' }, user: { id: 'AAAA' } }, ORIGIN)
    const unknown = await signIn(stranger)
    expect(unknown.statusCode).toBe(400)
    expect(errorOf(unknown)).toBe(passkeyMessages.unknown)

    await server.deps.database.pool.query('update users set is_active = false where user_id = $1', [
      user.userId,
    ])
    const deactivated = await signIn(authenticator)
    expect(deactivated.statusCode).toBe(403)
    expect((await signInOutcomes(user))[0]).toBe('DEACTIVATED')
  })
})

describe('removing a passkey', () => {
  it('removes one of my own; another user gets 404 and the passkey stays', async () => {
    const { user, tokens } = await signedIn()
    const authenticator = createAuthenticator()
    const { passkey_id } = (await register(tokens, authenticator)).json()
    const other = await signedIn()

    const foreign = await client(server, other.tokens.accessToken).delete(`/auth/passkeys/${passkey_id}`)
    expect(foreign.statusCode).toBe(404)
    expect((await signIn(authenticator)).statusCode).toBe(200)

    const removed = await client(server, tokens.accessToken).delete(`/auth/passkeys/${passkey_id}`)
    expect(removed.statusCode).toBe(200)
    expect(removed.json().message).toBe(passkeyMessages.removed)
    expect((await client(server, tokens.accessToken).get('/auth/passkeys')).json()).toEqual([])
    const gone = await signIn(authenticator)
    expect(gone.statusCode).toBe(400)
    expect(errorOf(gone)).toBe(passkeyMessages.unknown)
    const { rows } = await server.deps.database.pool.query(
      `select action from audit_events where entity_id = $1 and action = 'PASSKEY_REMOVED'`,
      [user.userId],
    )
    expect(rows).toHaveLength(1)
  })

  it('needs a session for everything but the two sign-in steps', async () => {
    for (const [method, url] of [
      ['get', '/auth/passkeys'],
      ['post', '/auth/passkeys/registration-options'],
      ['post', '/auth/passkeys'],
    ] as const) {
      expect((await client(server)[method](url, {})).statusCode).toBe(401)
    }
  })
})
