import fs from 'node:fs'
import path from 'node:path'
import { messages } from '@daftar/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  errorOf,
  lastMailTo,
  login,
  otpFrom,
  PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/helpers.ts'
import { sha256 } from '../../platform/tokens.ts'
import { passwordResets } from './schema.ts'
import { sendResetCode } from './service.ts'

let server: TestServer
let orgId: string
let user: TestUser

beforeAll(async () => {
  server = await startTestServer()
  orgId = (await createOrg(server)).orgId
  user = await createUser(server, orgId)
})
afterAll(() => server.close())

const anon = () => client(server)

/** Moves a refresh token's rotation a minute into the past, beyond the grace window. */
async function ageRotation(refreshToken: string) {
  await server.deps.database.pool.query(
    `update refresh_tokens set rotated_at = now() - interval '1 minute' where token_hash = $1`,
    [sha256(refreshToken)],
  )
}

describe('login', () => {
  it('accepts email, mobile or username with the password', async () => {
    for (const identifier of [user.email, user.email.toUpperCase(), user.mobile, user.username]) {
      const tokens = await login(server, identifier)
      expect(tokens.accessToken).toMatch(/^ey/)
      expect(tokens.refreshToken).toHaveLength(43)
      const me = await client(server, tokens.accessToken).get('/users/me')
      expect(me.json().user_id).toBe(user.userId)
    }
  })

  it('answers a wrong password and an unknown identifier alike', async () => {
    const wrong = await anon().post('/auth/login', { identifier: user.email, password: 'wrong-password' })
    const unknown = await anon().post('/auth/login', {
      identifier: 'nobody@nowhere.test',
      password: 'wrong-password',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(errorOf(wrong)).toBe(errorOf(unknown))
  })

  it('refuses a missing identifier or password with 400', async () => {
    expect((await anon().post('/auth/login', { identifier: '', password: 'x' })).statusCode).toBe(400)
    expect((await anon().post('/auth/login', { identifier: user.email })).statusCode).toBe(400)
  })

  it('rate limits failed attempts per identifier with 429, and a success is not counted', async () => {
    const victim = await createUser(server, orgId)
    server.config.LOGIN_MAX_PER_IDENTIFIER = 3
    try {
      await login(server, victim.email)
      for (let i = 0; i < 3; i++) {
        expect(
          (await anon().post('/auth/login', { identifier: victim.email, password: 'nope-nope' })).statusCode,
        ).toBe(401)
      }
      const blocked = await anon().post('/auth/login', { identifier: victim.email, password: PASSWORD })
      expect(blocked.statusCode).toBe(429)
      expect(errorOf(blocked)).toMatch(/Too many attempts/)
    } finally {
      server.config.LOGIN_MAX_PER_IDENTIFIER = 10
    }
  })

  it('counts every spelling of one account in one bucket (email, username, spaced or dashed mobile)', async () => {
    const victim = await createUser(server, orgId)
    const digits = victim.mobile.slice(3)
    const spellings = [
      `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
      `+91-${digits.slice(0, 5)}-${digits.slice(5)}`,
      victim.username.toUpperCase(),
    ]
    server.config.LOGIN_MAX_PER_IDENTIFIER = 3
    try {
      for (const identifier of spellings) {
        const res = await anon().post('/auth/login', { identifier, password: 'nope-nope' })
        expect(res.statusCode).toBe(401)
      }
      const blocked = await anon().post('/auth/login', {
        identifier: ` ${victim.email} `,
        password: PASSWORD,
      })
      expect(blocked.statusCode).toBe(429)
    } finally {
      server.config.LOGIN_MAX_PER_IDENTIFIER = 10
    }
  })

  it('counts an unknown identifier by its normalised form', async () => {
    server.config.LOGIN_MAX_PER_IDENTIFIER = 2
    try {
      const spellings = ['Ghost@Nowhere.test', ' ghost@nowhere.test', 'GHOST@NOWHERE.TEST']
      const codes = []
      for (const identifier of spellings)
        codes.push((await anon().post('/auth/login', { identifier, password: 'nope-nope' })).statusCode)
      expect(codes).toEqual([401, 401, 429])
    } finally {
      server.config.LOGIN_MAX_PER_IDENTIFIER = 10
    }
  })

  it('counts 30 parallel wrong logins before the password is checked: the limit holds', async () => {
    const victim = await createUser(server, orgId)
    const codes = await Promise.all(
      Array.from({ length: 30 }, () =>
        anon().post('/auth/login', { identifier: victim.email, password: 'nope-nope' }),
      ),
    ).then((all) => all.map((r) => r.statusCode))
    expect(codes.filter((c) => c === 401)).toHaveLength(10)
    expect(codes.filter((c) => c === 429)).toHaveLength(20)
  })

  it("locks a guessed account from the guesser's address only, up to a ceiling, and tells its owner once", async () => {
    const victim = await createUser(server, orgId)
    const from = (ip: string, password: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { identifier: victim.email, password },
      })
    const warnings = () =>
      fs
        .readdirSync(server.config.outboxDir)
        .map((f) => fs.readFileSync(path.join(server.config.outboxDir, f), 'utf8'))
        .filter((m) => m.includes(`To: ${victim.email}`) && m.includes('trying to sign in')).length
    server.config.LOGIN_MAX_PER_IDENTIFIER = 3
    server.config.LOGIN_MAX_PER_ACCOUNT = 5
    try {
      for (let i = 0; i < 3; i++) expect((await from('10.20.0.1', 'nope-nope')).statusCode).toBe(401)
      expect((await from('10.20.0.1', PASSWORD)).statusCode).toBe(429)
      // The owner, from their usual address, is not locked out by the guesser.
      expect((await from('10.20.0.2', PASSWORD)).statusCode).toBe(200)
      await expect.poll(warnings, { timeout: 10_000 }).toBe(1)
      // Failures from every address together reach the account's ceiling: then nobody gets in.
      expect((await from('10.20.0.3', 'nope-nope')).statusCode).toBe(401)
      expect((await from('10.20.0.4', 'nope-nope')).statusCode).toBe(401)
      expect((await from('10.20.0.5', PASSWORD)).statusCode).toBe(429)
      expect(warnings()).toBe(1)
    } finally {
      server.config.LOGIN_MAX_PER_IDENTIFIER = 10
      server.config.LOGIN_MAX_PER_ACCOUNT = 100
    }
  })

  it("holds the account's ceiling under parallel guesses from many addresses: checked and counted at once", async () => {
    const victim = await createUser(server, orgId)
    server.config.LOGIN_MAX_PER_ACCOUNT = 5
    try {
      const codes = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          server.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: `10.30.0.${i + 1}`,
            payload: { identifier: victim.email, password: 'nope-nope' },
          }),
        ),
      ).then((all) => all.map((r) => r.statusCode))
      expect(codes.filter((c) => c === 401)).toHaveLength(5)
      expect(codes.filter((c) => c === 429)).toHaveLength(25)
      const rows = await server.deps.database.pool.query('select count from rate_limits where key = $1', [
        `login:user:${victim.userId}:failures`,
      ])
      expect(Number((rows.rows[0] as { count: number }).count)).toBe(5)
    } finally {
      server.config.LOGIN_MAX_PER_ACCOUNT = 100
    }
  })

  it('gives back the attempt of a right password: successes never fill the ceiling', async () => {
    const owner = await createUser(server, orgId)
    server.config.LOGIN_MAX_PER_ACCOUNT = 2
    try {
      for (let i = 0; i < 4; i++) await login(server, owner.email)
    } finally {
      server.config.LOGIN_MAX_PER_ACCOUNT = 100
    }
  })

  it('rate limits attempts per IP address', async () => {
    server.config.LOGIN_MAX_PER_IP = 2
    try {
      const from = (ip: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { identifier: user.email, password: PASSWORD },
        })
      expect((await from('10.9.9.9')).statusCode).toBe(200)
      expect((await from('10.9.9.9')).statusCode).toBe(200)
      expect((await from('10.9.9.9')).statusCode).toBe(429)
      expect((await from('10.9.9.10')).statusCode).toBe(200)
    } finally {
      server.config.LOGIN_MAX_PER_IP = 10000
    }
  })
})

describe('tokens and sessions', () => {
  it('refuses requests without a token, with a bad token, or with a refresh token as bearer', async () => {
    const tokens = await login(server, user.email)
    expect((await anon().get('/users/me')).statusCode).toBe(401)
    expect((await client(server, `${tokens.accessToken}x`).get('/users/me')).statusCode).toBe(401)
    expect((await client(server, tokens.refreshToken).get('/users/me')).statusCode).toBe(401)
  })

  it("takes the scheme's name in any case, and no other scheme", async () => {
    const { accessToken } = await login(server, user.email)
    const me = (authorization: string) => anon().get('/users/me', { authorization })
    for (const scheme of ['Bearer', 'bearer', 'BEARER'])
      expect((await me(`${scheme} ${accessToken}`)).statusCode).toBe(200)
    for (const header of [`Basic ${accessToken}`, `Bearer`, `Bearer ${accessToken} extra`, accessToken])
      expect((await me(header)).statusCode, header.slice(0, 12)).toBe(401)
  })

  it('rotates the refresh token on every use', async () => {
    const first = await login(server, user.email)
    const res = await anon().post('/auth/refresh-token', { refreshToken: first.refreshToken })
    expect(res.statusCode).toBe(200)
    const second = res.json()
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect((await client(server, second.accessToken).get('/users/me')).statusCode).toBe(200)
    const third = await anon().post('/auth/refresh-token', { refreshToken: second.refreshToken })
    expect(third.statusCode).toBe(200)
  })

  it('revokes the whole session when a rotated refresh token is presented again after the grace window', async () => {
    const first = await login(server, user.email)
    const second = (await anon().post('/auth/refresh-token', { refreshToken: first.refreshToken })).json()
    await ageRotation(first.refreshToken)
    const replay = await anon().post('/auth/refresh-token', { refreshToken: first.refreshToken })
    expect(replay.statusCode).toBe(401)
    // The legitimate holder of the newer tokens is signed out too.
    expect((await anon().post('/auth/refresh-token', { refreshToken: second.refreshToken })).statusCode).toBe(
      401,
    )
    expect((await client(server, second.accessToken).get('/users/me')).statusCode).toBe(401)
  })

  it('a lost refresh answer retried at once gets the same new token, and the session lives on', async () => {
    const first = await login(server, user.email)
    const lost = await anon().post('/auth/refresh-token', { refreshToken: first.refreshToken })
    const retry = await anon().post('/auth/refresh-token', { refreshToken: first.refreshToken })
    expect(retry.statusCode).toBe(200)
    expect(retry.json().refreshToken).toBe(lost.json().refreshToken)
    expect((await client(server, retry.json().accessToken).get('/users/me')).statusCode).toBe(200)
    const onward = await anon().post('/auth/refresh-token', { refreshToken: retry.json().refreshToken })
    expect(onward.statusCode).toBe(200)
  })

  it('parallel refreshes with one token all get the same successor', async () => {
    const first = await login(server, user.email)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        anon().post('/auth/refresh-token', { refreshToken: first.refreshToken }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.json().refreshToken)).size).toBe(1)
  })

  it('still revokes within the grace window once the successor has been used (a real reuse)', async () => {
    const first = await login(server, user.email)
    const second = (await anon().post('/auth/refresh-token', { refreshToken: first.refreshToken })).json()
    const third = (await anon().post('/auth/refresh-token', { refreshToken: second.refreshToken })).json()
    const replay = await anon().post('/auth/refresh-token', { refreshToken: first.refreshToken })
    expect(replay.statusCode).toBe(401)
    expect((await anon().post('/auth/refresh-token', { refreshToken: third.refreshToken })).statusCode).toBe(
      401,
    )
  })

  it('refuses an unknown refresh token', async () => {
    const res = await anon().post('/auth/refresh-token', { refreshToken: 'not-a-token' })
    expect(res.statusCode).toBe(401)
  })

  it("logout 'this' ends only this session, at once", async () => {
    const a = await login(server, user.email)
    const b = await login(server, user.email)
    const res = await client(server, a.accessToken).post('/auth/logout', {
      option: 'this',
      refreshToken: a.refreshToken,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(messages.loggedOut)
    expect((await client(server, a.accessToken).get('/users/me')).statusCode).toBe(401)
    expect((await anon().post('/auth/refresh-token', { refreshToken: a.refreshToken })).statusCode).toBe(401)
    expect((await client(server, b.accessToken).get('/users/me')).statusCode).toBe(200)
  })

  it("logout 'all' ends every session of the user, at once", async () => {
    const a = await login(server, user.email)
    const b = await login(server, user.email)
    const res = await client(server, a.accessToken).post('/auth/logout', { option: 'all' })
    expect(res.statusCode).toBe(200)
    for (const t of [a, b]) {
      expect((await client(server, t.accessToken).get('/users/me')).statusCode).toBe(401)
      expect((await anon().post('/auth/refresh-token', { refreshToken: t.refreshToken })).statusCode).toBe(
        401,
      )
    }
  })

  it('validates the logout option', async () => {
    const a = await login(server, user.email)
    expect((await client(server, a.accessToken).post('/auth/logout', { option: 'some' })).statusCode).toBe(
      400,
    )
    expect((await client(server, a.accessToken).post('/auth/logout', { option: 'this' })).statusCode).toBe(
      400,
    )
  })
})

describe('forgot and reset password', () => {
  const sendOtp = (identifier: string) => anon().post('/auth/forgot-password', { identifier })
  const resetPassword = (identifier: string, otp: string, newPassword = 'whatever1') =>
    anon().post('/auth/reset-password', { identifier, otp, newPassword })
  /** Asks for a code by `identifier` and reads it from the mail sent to `target`. */
  const mailedCode = async (target: TestUser, identifier = target.email) => {
    await sendOtp(identifier)
    await server.deps.outbox.drain()
    return otpFrom(lastMailTo(server.config, target.email))
  }

  it('answers the same whether or not the account exists, and mails only a real one', async () => {
    const target = await createUser(server, orgId)
    const known = await sendOtp(target.email)
    const unknown = await sendOtp('ghost@nowhere.test')
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual(unknown.json())
    await server.deps.outbox.drain()
    expect(otpFrom(lastMailTo(server.config, target.email))).toMatch(/^\d{6}$/)
    expect(lastMailTo(server.config, 'ghost@nowhere.test')).toBeUndefined()
  })

  it('answers before making the code, doing the same work whether or not the account exists', async () => {
    const target = await createUser(server, orgId)
    let open!: () => void
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    server.deps.outbox.on('password-reset', async (payload) => {
      await gate
      await sendResetCode(server.deps, payload as { userId: string | null })
    })
    try {
      const jobs = async () => {
        const { rows } = await server.deps.database.pool.query(
          `select count(*)::int as n from outbox where kind = 'password-reset'`,
        )
        return rows[0].n as number
      }
      const before = await jobs()
      const known = await sendOtp(target.email)
      expect(await jobs()).toBe(before + 1)
      const unknown = await sendOtp('nobody-at-all@nowhere.test')
      expect(await jobs()).toBe(before + 2)
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200])
      expect(known.body).toBe(unknown.body)
      // Nothing of the code exists yet when the answer has gone out.
      const made = await server.deps.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, target.userId))
      expect(made).toEqual([])
      open()
      await server.deps.outbox.drain()
      expect(otpFrom(lastMailTo(server.config, target.email))).toMatch(/^\d{6}$/)
    } finally {
      open()
      server.deps.outbox.on('password-reset', (payload) =>
        sendResetCode(server.deps, payload as { userId: string | null }),
      )
    }
  })

  it('resets with the mailed OTP, revokes every session, and the OTP works once', async () => {
    const target = await createUser(server, orgId)
    const session = await login(server, target.email)
    const otp = await mailedCode(target, target.mobile)
    const res = await resetPassword(target.mobile, otp, 'brand-new-pass')
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(messages.passwordReset)
    expect((await client(server, session.accessToken).get('/users/me')).statusCode).toBe(401)
    expect(
      (await anon().post('/auth/login', { identifier: target.email, password: PASSWORD })).statusCode,
    ).toBe(401)
    await login(server, target.email, 'brand-new-pass')
    const again = await resetPassword(target.mobile, otp, 'another-pass')
    expect(again.statusCode).toBe(400)
    expect(errorOf(again)).toBe(messages.otpInvalid)
  })

  it('refuses a wrong OTP, and after 5 wrong tries refuses even the right one', async () => {
    const target = await createUser(server, orgId)
    const otp = await mailedCode(target)
    const wrong = otp === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++) {
      const res = await resetPassword(target.email, wrong)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe(messages.otpInvalid)
    }
    const fifth = await resetPassword(target.email, wrong)
    expect(fifth.statusCode).toBe(429)
    const right = await resetPassword(target.email, otp)
    expect(right.statusCode).toBe(429)
    expect(errorOf(right)).toBe(messages.otpTooManyTries)
  })

  it('answers wrong codes for an unknown identifier exactly as for a real account', async () => {
    const target = await createUser(server, orgId)
    const otp = await mailedCode(target)
    const wrong = otp === '000000' ? '111111' : '000000'
    const ghost = `ghost-${target.username}@nowhere.test`
    await anon().post('/auth/forgot-password', { identifier: ghost })
    const answers = async (identifier: string) => {
      const seen: string[] = []
      for (let i = 0; i < 7; i++) {
        const res = await resetPassword(identifier, wrong)
        seen.push(`${res.statusCode} ${errorOf(res)}`)
      }
      return seen
    }
    const real = await answers(target.email)
    expect(real.slice(0, 4)).toEqual(Array(4).fill(`400 ${messages.otpInvalid}`))
    expect(real.slice(4)).toEqual(Array(3).fill(`429 ${messages.otpTooManyTries}`))
    expect(await answers(ghost)).toEqual(real)
  })

  it('refuses an expired OTP', async () => {
    const target = await createUser(server, orgId)
    const otp = await mailedCode(target)
    await server.deps.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, target.userId))
    const res = await resetPassword(target.email, otp)
    expect(res.statusCode).toBe(400)
  })

  it('a newer OTP replaces the older one', async () => {
    const target = await createUser(server, orgId)
    const first = await mailedCode(target)
    await new Promise((r) => setTimeout(r, 5))
    const second = await mailedCode(target)
    if (first !== second) {
      const old = await resetPassword(target.email, first)
      expect(old.statusCode).toBe(400)
    }
    const res = await resetPassword(target.email, second)
    expect(res.statusCode).toBe(200)
  })

  it('validates the new password and the OTP shape', async () => {
    const short = await resetPassword(user.email, '123456', '123')
    expect(short.statusCode).toBe(400)
    expect(errorOf(short)).toBe(messages.passwordTooShort)
    const noOtp = await resetPassword(user.email, '', '123456')
    expect(errorOf(noOtp)).toBe(messages.otpRequired)
    const noId = await anon().post('/auth/forgot-password', { identifier: '  ' })
    expect(noId.statusCode).toBe(400)
  })

  it('sends an SMS file for an account with a mobile number and no email', async () => {
    const target = await createUser(server, orgId, { email: null })
    await sendOtp(target.mobile)
    await server.deps.outbox.drain()
    const fs = await import('node:fs')
    const sms = fs.readdirSync(server.config.outboxDir).filter((f) => f.endsWith('.sms.txt'))
    const texts = sms.map((f) => fs.readFileSync(`${server.config.outboxDir}/${f}`, 'utf8'))
    expect(texts.some((t) => t.includes(`To: ${target.mobile}`) && /code is \d{6}/.test(t))).toBe(true)
  })

  it('rate limits OTP sending per identifier', async () => {
    const target = await createUser(server, orgId)
    server.config.OTP_SEND_MAX_PER_IDENTIFIER = 2
    try {
      expect((await sendOtp(target.email)).statusCode).toBe(200)
      expect((await sendOtp(target.email)).statusCode).toBe(200)
      expect((await sendOtp(target.email)).statusCode).toBe(429)
    } finally {
      server.config.OTP_SEND_MAX_PER_IDENTIFIER = 10000
    }
  })

  it('rate limits OTP sending per account, whatever the spelling', async () => {
    const target = await createUser(server, orgId)
    server.config.OTP_SEND_MAX_PER_IDENTIFIER = 2
    try {
      expect((await sendOtp(target.email.toUpperCase())).statusCode).toBe(200)
      expect((await sendOtp(target.username)).statusCode).toBe(200)
      expect((await sendOtp(target.mobile.replace(/^(\+91)(\d{5})/, '$1 $2 '))).statusCode).toBe(429)
    } finally {
      server.config.OTP_SEND_MAX_PER_IDENTIFIER = 10000
    }
  })

  it('20 parallel wrong OTPs get no more than the 5 allowed tries', async () => {
    const target = await createUser(server, orgId)
    const otp = await mailedCode(target)
    const wrong = otp === '000000' ? '111111' : '000000'
    const codes = await Promise.all(
      Array.from({ length: 20 }, () => resetPassword(target.email, wrong)),
    ).then((all) => all.map((r) => r.statusCode))
    expect(codes.filter((c) => c === 400)).toHaveLength(4)
    expect(codes.filter((c) => c === 429)).toHaveLength(16)
  })

  it('rate limits OTP verification per IP', async () => {
    server.config.OTP_VERIFY_MAX_PER_IP = 2
    try {
      const attempt = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          remoteAddress: '10.7.7.7',
          payload: { identifier: 'x@y.test', otp: '123456', newPassword: 'whatever1' },
        })
      expect((await attempt()).statusCode).toBe(400)
      expect((await attempt()).statusCode).toBe(400)
      expect((await attempt()).statusCode).toBe(429)
    } finally {
      server.config.OTP_VERIFY_MAX_PER_IP = 10000
    }
  })
})
