import { TOTP_PERIOD_SECONDS } from '@daftar/domain'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { client, type TestServer, type TestUser, type Tokens } from './helpers.ts'

/** The code an authenticator app shows for `secret`, `steps` time steps from now. */
export function codeFor(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + steps * TOTP_PERIOD_SECONDS * 1000,
  })
}

/**
 * Waits until the current time step has at least 8 seconds left, so that a code computed here still
 * belongs to the same step (and drift) when the server checks it.
 */
export async function freshStep(): Promise<void> {
  const intoStep = (Date.now() / 1000) % TOTP_PERIOD_SECONDS
  if (intoStep > TOTP_PERIOD_SECONDS - 8) {
    await new Promise((resolve) => setTimeout(resolve, (TOTP_PERIOD_SECONDS - intoStep + 0.2) * 1000))
  }
}

/** Signs in with the password alone and answers the raw answer. */
export async function passwordStep(server: TestServer, user: TestUser, password = user.password) {
  return client(server).post('/auth/login', { identifier: user.email, password })
}

/**
 * Turns two-factor sign-in on for a signed-in user: answers the secret and the recovery codes. The
 * first code is taken from the step before now (a drift the server accepts), so that the current
 * step is still free for the test's own sign-in.
 */
export async function enableTwoFactor(server: TestServer, tokens: Tokens) {
  const api = client(server, tokens.accessToken)
  const setup = await api.post('/auth/2fa/setup')
  expect(setup.statusCode, setup.body).toBe(200)
  const { secret } = setup.json() as { secret: string }
  await freshStep()
  const enabled = await api.post('/auth/2fa/enable', { code: codeFor(secret, -1) })
  expect(enabled.statusCode, enabled.body).toBe(200)
  return { secret, recoveryCodes: (enabled.json() as { recovery_codes: string[] }).recovery_codes }
}

/** The challenge token of a password step that asks for the code. */
export async function challengeOf(server: TestServer, user: TestUser): Promise<string> {
  const res = await passwordStep(server, user)
  expect(res.statusCode, res.body).toBe(200)
  const answer = res.json()
  expect(answer).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) })
  return answer.challengeToken
}

export async function verify(server: TestServer, challengeToken: string, code: string) {
  return client(server).post('/auth/2fa/verify', { challengeToken, code })
}
