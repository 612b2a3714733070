import {
  type disableTwoFactorInput,
  type LoginAnswer,
  twoFactorMessages,
  type verifySignInInput,
} from '@daftar/domain'
import type { z } from 'zod'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, forbidden } from '../../platform/errors.ts'
import { verifyPassword } from '../../platform/passwords.ts'
import { consumeRateLimit } from '../../platform/rate-limit.ts'
import { findUserInOrg } from '../users/service.ts'
import { type ClientInfo, recordSignIn, startSession } from './sessions.ts'
import {
  acceptsSignInCode,
  beginSetup,
  challengedUser,
  completeSetup,
  countCodeTry,
  isRequiredFor,
  issueChallenge,
  removeTwoFactor,
  spendChallenge,
  twoFactorRow,
  type UserRow,
  unusedRecoveryCodes,
} from './two-factor.ts'

/*
 * The flows of two-factor sign-in: the challenge after a right password, its verification, setup from
 * the profile and setup required at sign-in (docs/security.md, "V6 Authentication").
 */

/**
 * After a right password: with an authenticator on, a challenge to answer with a code; when the
 * organisation requires one this user has not set up, a challenge that only sets it up; else null
 * (a session at once). A password reset changes none of this, so it never skips the second factor.
 */
export async function secondFactorChallenge(deps: Deps, user: UserRow): Promise<LoginAnswer | null> {
  const row = await twoFactorRow(deps.db, user.userId)
  if (row?.enabledAt) {
    return { twoFactorRequired: true, challengeToken: await issueChallenge(deps.db, user, 'VERIFY') }
  }
  if (await isRequiredFor(deps.db, user)) {
    return { twoFactorSetupRequired: true, challengeToken: await issueChallenge(deps.db, user, 'SETUP') }
  }
  return null
}

const signInAddress = (deps: Deps, ip: string) => ({
  key: `login:ip:${ip}`,
  max: deps.config.LOGIN_MAX_PER_IP,
  windowSeconds: deps.config.RATE_LIMIT_WINDOW_SECONDS,
})

/**
 * The second step of sign-in: the challenge must be live and of this purpose; the code try is counted
 * for the account before the code is compared; the challenge is spent only by a right code.
 */
export async function verifySignIn(
  deps: Deps,
  input: z.output<typeof verifySignInInput>,
  client: ClientInfo,
) {
  await consumeRateLimit(deps.db, [signInAddress(deps, client.ip)])
  const user = await challengedUser(deps.db, input.challengeToken, 'VERIFY')
  try {
    await countCodeTry(deps, user.userId)
  } catch (error) {
    await recordSignIn(deps.db, user, 'LOCKED', client)
    throw error
  }
  if (!(await acceptsSignInCode(deps, user.userId, input.code))) {
    await recordSignIn(deps.db, user, 'WRONG_CODE', client)
    throw badRequest(twoFactorMessages.codeInvalid)
  }
  await spendChallenge(deps.db, input.challengeToken)
  return startSession(deps, user, client)
}

/** Setup required at sign-in, step 1: a new secret for the challenged user. */
export async function requiredSetup(deps: Deps, challengeToken: string, client: ClientInfo) {
  await consumeRateLimit(deps.db, [signInAddress(deps, client.ip)])
  return beginSetup(deps, await challengedUser(deps.db, challengeToken, 'SETUP'))
}

/** Setup required at sign-in, step 2: the first code turns it on, and only then is there a session. */
export async function requiredEnable(
  deps: Deps,
  input: { challengeToken: string; code: string },
  client: ClientInfo,
) {
  await consumeRateLimit(deps.db, [signInAddress(deps, client.ip)])
  const user = await challengedUser(deps.db, input.challengeToken, 'SETUP')
  const codes = await completeSetup(deps, user, input.code)
  await spendChallenge(deps.db, input.challengeToken)
  return { ...codes, ...(await startSession(deps, user, client)) }
}

async function signedInUser(deps: Deps, ctx: RequestContext): Promise<UserRow> {
  return findUserInOrg(deps.db, ctx.orgId, ctx.userId)
}

export async function twoFactorStatusOf(deps: Deps, ctx: RequestContext) {
  const user = await signedInUser(deps, ctx)
  const row = await twoFactorRow(deps.db, user.userId)
  const enabled = !!row?.enabledAt
  return {
    enabled,
    enabled_at: row?.enabledAt?.toISOString() ?? null,
    recovery_codes_left: enabled ? await unusedRecoveryCodes(deps.db, user.userId) : 0,
    required: await isRequiredFor(deps.db, user),
  }
}

export async function setupForSignedIn(deps: Deps, ctx: RequestContext) {
  return beginSetup(deps, await signedInUser(deps, ctx))
}

export async function enableForSignedIn(deps: Deps, ctx: RequestContext, code: string) {
  return completeSetup(deps, await signedInUser(deps, ctx), code)
}

/**
 * Turning it off takes the password and a code (or a recovery code), both counted as code tries;
 * refused while the organisation requires it of this user.
 */
export async function disableForSignedIn(
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof disableTwoFactorInput>,
) {
  const user = await signedInUser(deps, ctx)
  if (!(await twoFactorRow(deps.db, user.userId))?.enabledAt) throw badRequest(twoFactorMessages.notOn)
  if (await isRequiredFor(deps.db, user)) throw forbidden(twoFactorMessages.requiredByOrganisation)
  await countCodeTry(deps, user.userId)
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw badRequest(twoFactorMessages.passwordIncorrect)
  if (!(await acceptsSignInCode(deps, user.userId, input.code)))
    throw badRequest(twoFactorMessages.codeInvalid)
  await removeTwoFactor(deps, user)
  return { message: twoFactorMessages.turnedOff }
}
