import { twoFactorMessages } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  errorOf,
  lastMailTo,
  login,
  otpFrom,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/helpers.ts'
import {
  challengeOf,
  codeFor,
  enableTwoFactor,
  freshStep,
  passwordStep,
  verify,
} from '../../../test/two-factor-helpers.ts'

// Two-factor sign-in (docs/security.md, "V6 Authentication"): codes computed here from the secret the
// setup shows, as an authenticator app would.

let server: TestServer
let orgId: string

beforeAll(async () => {
  server = await startTestServer()
  orgId = (await createOrg(server)).orgId
})
afterAll(() => server.close())

const me = (accessToken: string) => client(server, accessToken).get('/users/me')

/** A user with two-factor sign-in on. */
async function twoFactorUser(options: { isAdmin?: boolean; isAccountant?: boolean } = {}) {
  const user = await createUser(server, orgId, options)
  const tokens = await login(server, user.email)
  return { user, tokens, ...(await enableTwoFactor(server, tokens)) }
}

/** Forgets the last used step, so that a test of drift is not refused as a replay. */
async function forgetLastStep(user: TestUser) {
  await server.deps.database.pool.query('update two_factor set last_used_step = null where user_id = $1', [
    user.userId,
  ])
}

describe('setting up', () => {
  it('shows a secret, its otpauth URL and a QR code, and takes a code from the app to turn on', async () => {
    const user = await createUser(server, orgId)
    const api = client(server, (await login(server, user.email)).accessToken)
    expect((await api.get('/auth/2fa')).json()).toMatchObject({ enabled: false, required: false })

    const setup = (await api.post('/auth/2fa/setup')).json()
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/Daftar:.+\?.*secret=[A-Z2-7]{32}/)
    expect(setup.otpauth_url).toContain('issuer=Daftar')
    expect(setup.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)

    const wrong = await api.post('/auth/2fa/enable', {
      code: '000000' === codeFor(setup.secret) ? '111111' : '000000',
    })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong)).toBe(twoFactorMessages.codeInvalid)
    expect((await api.get('/auth/2fa')).json().enabled).toBe(false)

    await freshStep()
    const enabled = await api.post('/auth/2fa/enable', { code: codeFor(setup.secret) })
    expect(enabled.statusCode).toBe(200)
    const codes = enabled.json().recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    expect((await api.get('/auth/2fa')).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 })
    // Stored as digests only: no code and not the secret in clear.
    const stored = await server.deps.database.pool.query(
      `select (select string_agg(code_hash, ',') from recovery_codes where user_id = $1) as hashes,
              (select secret_sealed from two_factor where user_id = $1) as sealed`,
      [user.userId],
    )
    const row = stored.rows[0] as { hashes: string; sealed: string }
    for (const code of codes) expect(row.hashes).not.toContain(code)
    expect(row.sealed).not.toContain(setup.secret)
    // Once on, setup again is refused: it would replace the working authenticator.
    expect((await api.post('/auth/2fa/setup')).statusCode).toBe(409)
  })

  it('refuses a code before any setup, and a malformed one with the schema message', async () => {
    const user = await createUser(server, orgId)
    const api = client(server, (await login(server, user.email)).accessToken)
    const early = await api.post('/auth/2fa/enable', { code: '123456' })
    expect(early.statusCode).toBe(400)
    expect(errorOf(early)).toBe(twoFactorMessages.setupFirst)
    const malformed = await api.post('/auth/2fa/enable', { code: '12ab' })
    expect(malformed.statusCode).toBe(400)
    expect(errorOf(malformed)).toBe(twoFactorMessages.codeFormat)
  })

  it('is not open to a caller without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/2fa'],
      ['POST', '/api/auth/2fa/setup'],
      ['POST', '/api/auth/2fa/enable'],
      ['DELETE', '/api/auth/2fa'],
    ] as const) {
      const res = await server.app.inject({ method, url, payload: { code: '123456', password: 'x' } })
      expect(res.statusCode, url).toBe(401)
    }
  })
})

describe('signing in with a second factor', () => {
  it('answers a challenge instead of tokens, and the code from the app gives the tokens', async () => {
    const { user, secret } = await twoFactorUser()
    const answer = (await passwordStep(server, user)).json()
    expect(answer).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) })
    expect(answer).not.toHaveProperty('accessToken')
    await freshStep()
    const res = await verify(server, answer.challengeToken, codeFor(secret))
    expect(res.statusCode).toBe(200)
    expect((await me(res.json().accessToken)).json().user_id).toBe(user.userId)
  })

  it('accepts a code once: the same code, or an older one, is refused afterwards', async () => {
    const { user, secret } = await twoFactorUser()
    await freshStep()
    const code = codeFor(secret)
    expect((await verify(server, await challengeOf(server, user), code)).statusCode).toBe(200)
    const replay = await verify(server, await challengeOf(server, user), code)
    expect(replay.statusCode).toBe(400)
    expect(errorOf(replay)).toBe(twoFactorMessages.codeInvalid)
    // The step before is within the drift, but older than the step already used.
    expect((await verify(server, await challengeOf(server, user), codeFor(secret, -1))).statusCode).toBe(400)
  })

  it('accepts one step of clock drift either way, and refuses two', async () => {
    // Set up with the step before now: one step behind is accepted.
    const { user, secret } = await twoFactorUser()
    await freshStep()
    expect((await verify(server, await challengeOf(server, user), codeFor(secret, 1))).statusCode).toBe(200)

    const far = await twoFactorUser()
    await freshStep()
    expect(
      (await verify(server, await challengeOf(server, far.user), codeFor(far.secret, 2))).statusCode,
    ).toBe(400)
    await forgetLastStep(far.user)
    await freshStep()
    expect(
      (await verify(server, await challengeOf(server, far.user), codeFor(far.secret, -2))).statusCode,
    ).toBe(400)
    await freshStep()
    expect((await verify(server, await challengeOf(server, far.user), codeFor(far.secret))).statusCode).toBe(
      200,
    )
  })

  it('accepts each recovery code once, however it is typed', async () => {
    const { user, tokens, recoveryCodes } = await twoFactorUser()
    const [first, second] = recoveryCodes as [string, string]
    expect((await verify(server, await challengeOf(server, user), first)).statusCode).toBe(200)
    const again = await verify(server, await challengeOf(server, user), first)
    expect(again.statusCode).toBe(400)
    const typed = ` ${second.toUpperCase().replace('-', ' ')} `
    expect((await verify(server, await challengeOf(server, user), typed)).statusCode).toBe(200)
    expect((await client(server, tokens.accessToken).get('/auth/2fa')).json().recovery_codes_left).toBe(8)
  })

  it('gives tokens once for one code or one recovery code sent several times at once', async () => {
    // The losers are refused as wrong codes, which the per-account limit also counts: 400 or 429.
    const tokensOnce = (answers: { statusCode: number }[]) => {
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
      for (const r of answers) expect([200, 400, 429]).toContain(r.statusCode)
    }
    const byCode = await twoFactorUser()
    await freshStep()
    const code = codeFor(byCode.secret)
    const challenges = await Promise.all(Array.from({ length: 4 }, () => challengeOf(server, byCode.user)))
    tokensOnce(await Promise.all(challenges.map((challenge) => verify(server, challenge, code))))

    const byRecovery = await twoFactorUser()
    const recovery = byRecovery.recoveryCodes[0] as string
    const more = await Promise.all(Array.from({ length: 4 }, () => challengeOf(server, byRecovery.user)))
    tokensOnce(await Promise.all(more.map((challenge) => verify(server, challenge, recovery))))
  })

  it('limits wrong codes like passwords: counted before comparing, 20 at once get the allowed tries', async () => {
    const { user, secret } = await twoFactorUser()
    const challenge = await challengeOf(server, user)
    const wrong = codeFor(secret, 5)
    const codes = await Promise.all(Array.from({ length: 20 }, () => verify(server, challenge, wrong))).then(
      (all) => all.map((r) => r.statusCode),
    )
    expect(codes.filter((c) => c === 400)).toHaveLength(server.config.TWO_FACTOR_MAX_PER_ACCOUNT)
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - server.config.TWO_FACTOR_MAX_PER_ACCOUNT)
    // The right code is refused too until the window ends.
    await freshStep()
    expect((await verify(server, challenge, codeFor(secret))).statusCode).toBe(429)
  })

  it('refuses a challenge that has expired, was forged, was already used or is of another kind', async () => {
    const { user, tokens, secret } = await twoFactorUser()
    await freshStep()
    const expired = await challengeOf(server, user)
    await server.deps.database.pool.query(
      `update login_challenges set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.userId],
    )
    const late = await verify(server, expired, codeFor(secret))
    expect(late.statusCode).toBe(401)
    expect(errorOf(late)).toBe(twoFactorMessages.challengeExpired)
    for (const forged of ['x'.repeat(43), tokens.refreshToken]) {
      expect((await verify(server, forged, codeFor(secret))).statusCode).toBe(401)
    }
    // An access token is longer than any challenge: the schema refuses it before any lookup.
    expect((await verify(server, tokens.accessToken, codeFor(secret))).statusCode).toBe(400)

    const used = await challengeOf(server, user)
    expect((await verify(server, used, codeFor(secret))).statusCode).toBe(200)
    await forgetLastStep(user)
    expect((await verify(server, used, codeFor(secret))).statusCode).toBe(401)

    // A challenge to verify cannot set up a new authenticator, nor one to set up sign anyone in.
    const verifying = await challengeOf(server, user)
    expect(
      (await client(server).post('/auth/2fa/required-setup', { challengeToken: verifying })).statusCode,
    ).toBe(401)
  })

  it('does not let a password reset skip the second factor', async () => {
    const { user, secret } = await twoFactorUser()
    expect((await client(server).post('/auth/forgot-password', { identifier: user.email })).statusCode).toBe(
      200,
    )
    await server.deps.outbox.drain()
    const otp = otpFrom(lastMailTo(server.config, user.email))
    const reset = await client(server).post('/auth/reset-password', {
      identifier: user.email,
      otp,
      newPassword: 'after-reset-1',
    })
    expect(reset.statusCode).toBe(200)
    const answer = (await passwordStep(server, user, 'after-reset-1')).json()
    expect(answer).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) })
    await freshStep()
    expect((await verify(server, answer.challengeToken, codeFor(secret))).statusCode).toBe(200)
  })
})

describe('turning it off', () => {
  it('takes the password and a code; then sign-in needs the password alone', async () => {
    const { user, tokens, secret } = await twoFactorUser()
    const api = client(server, tokens.accessToken)
    await freshStep()
    const noPassword = await api.delete('/auth/2fa', { password: 'wrong-one', code: codeFor(secret) })
    expect(noPassword.statusCode).toBe(400)
    expect(errorOf(noPassword)).toBe(twoFactorMessages.passwordIncorrect)
    const noCode = await api.delete('/auth/2fa', { password: user.password, code: codeFor(secret, 4) })
    expect(noCode.statusCode).toBe(400)
    expect(errorOf(noCode)).toBe(twoFactorMessages.codeInvalid)
    expect((await api.get('/auth/2fa')).json().enabled).toBe(true)
    const off = await api.delete('/auth/2fa', { password: user.password, code: codeFor(secret) })
    expect(off.statusCode).toBe(200)
    const answer = (await passwordStep(server, user)).json()
    expect(answer.accessToken).toMatch(/^ey/)
  })
})

describe('required by the organisation for admins and accountants', () => {
  it('walks them through setup at sign-in, gives no session before, and keeps staff as they were', async () => {
    const org = (await createOrg(server)).orgId
    const admin = await createUser(server, org, { isAdmin: true })
    const accountant = await createUser(server, org, { isAccountant: true })
    const staff = await createUser(server, org)
    const adminApi = client(server, (await login(server, admin.email)).accessToken)
    const set = await adminApi.put('/admin/organisation', { name: 'Two Factor Co', require_two_factor: true })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().organisation.require_two_factor).toBe(true)
    expect((await adminApi.get('/admin/settings')).json().organisation.require_two_factor).toBe(true)
    // Only an admin may change it.
    const staffApi = client(server, (await login(server, staff.email)).accessToken)
    expect(
      (await staffApi.put('/admin/organisation', { name: 'Two Factor Co', require_two_factor: false }))
        .statusCode,
    ).toBe(403)

    expect((await passwordStep(server, staff)).json().accessToken).toMatch(/^ey/)
    const answer = (await passwordStep(server, accountant)).json()
    expect(answer).toEqual({ twoFactorSetupRequired: true, challengeToken: expect.any(String) })
    // The setup challenge is not a session, nor a way past the code step.
    expect((await client(server, answer.challengeToken).get('/users/me')).statusCode).toBe(401)
    expect((await verify(server, answer.challengeToken, '123456')).statusCode).toBe(401)

    const setup = await client(server).post('/auth/2fa/required-setup', {
      challengeToken: answer.challengeToken,
    })
    expect(setup.statusCode).toBe(200)
    await freshStep()
    const done = await client(server).post('/auth/2fa/required-enable', {
      challengeToken: answer.challengeToken,
      code: codeFor(setup.json().secret),
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().recovery_codes).toHaveLength(10)
    const api = client(server, done.json().accessToken)
    expect((await me(done.json().accessToken)).json().user_id).toBe(accountant.userId)
    expect((await api.get('/auth/2fa')).json()).toMatchObject({ enabled: true, required: true })
    // The challenge is spent; the next sign-in asks for the code; and it cannot be turned off.
    expect(
      (await client(server).post('/auth/2fa/required-setup', { challengeToken: answer.challengeToken }))
        .statusCode,
    ).toBe(401)
    expect((await passwordStep(server, accountant)).json().twoFactorRequired).toBe(true)
    await freshStep()
    const off = await api.delete('/auth/2fa', {
      password: accountant.password,
      code: codeFor(setup.json().secret),
    })
    expect(off.statusCode).toBe(403)
    expect(errorOf(off)).toBe(twoFactorMessages.requiredByOrganisation)
  })
})
