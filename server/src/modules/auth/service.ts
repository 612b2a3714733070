import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import {
  identifierKind,
  type LoginAnswer,
  type LoginInput,
  type LogoutInput,
  messages,
  normaliseMobile,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  type ResetPasswordInput,
} from '@daftar/domain'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../platform/errors.ts'
import { enqueue } from '../../platform/outbox.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.ts'
import {
  consumeRateLimit,
  countHit,
  giveBackAttempt,
  type Limit,
  resetRateLimit,
  takeAttempt,
} from '../../platform/rate-limit.ts'
import { sha256 } from '../../platform/tokens.ts'
import { users } from '../users/schema.ts'
import { findUserByIdentifier } from '../users/service.ts'
import { passwordResets, refreshTokens, sessions } from './schema.ts'
import { type ClientInfo, recordSignIn, sessionExpiry, startSession } from './sessions.ts'
import type { UserRow } from './two-factor.ts'
import { secondFactorChallenge } from './two-factor-service.ts'

export type { ClientInfo }

/** The identifier as the lookup reads it: '+91 98000 00004' and '+91-98000-00004' are one number. */
export function normaliseIdentifier(identifier: string): string {
  const value = identifier.trim()
  return identifierKind(value) === 'mobile' ? normaliseMobile(value) : value.toLowerCase()
}

/**
 * Per-account limits are keyed by the account the identifier resolves to (so every spelling of one
 * account shares a bucket), or by the normalised identifier when none resolves (docs/security.md).
 */
function accountKey(prefix: string, user: { userId: string } | null, identifier: string): string {
  return user ? `${prefix}:user:${user.userId}` : `${prefix}:id:${normaliseIdentifier(identifier)}`
}

function limits(deps: Deps, ip: string) {
  const { config } = deps
  const window = config.RATE_LIMIT_WINDOW_SECONDS
  return {
    /** Attempts on one account from one address: a guesser elsewhere does not lock the owner out. */
    loginFromAddress: (account: string): Limit => ({
      key: `${account}:ip:${ip}`,
      max: config.LOGIN_MAX_PER_IDENTIFIER,
      windowSeconds: window,
    }),
    /** Failed attempts on one account from every address: the ceiling of a spread-out guess. */
    loginFailures: (account: string): Limit => ({
      key: `${account}:failures`,
      max: config.LOGIN_MAX_PER_ACCOUNT,
      windowSeconds: window,
    }),
    /** OTP tries per account (or unknown identifier) for the life of a code. */
    otpTries: (account: string) => ({ key: account, windowSeconds: OTP_TTL_MINUTES * 60 }),
    loginIp: { key: `login:ip:${ip}`, max: config.LOGIN_MAX_PER_IP, windowSeconds: window },
    otpSendAccount: (key: string): Limit => ({
      key,
      max: config.OTP_SEND_MAX_PER_IDENTIFIER,
      windowSeconds: window,
    }),
    otpSendIp: { key: `otp-send:ip:${ip}`, max: config.OTP_SEND_MAX_PER_IP, windowSeconds: window },
    otpVerifyIp: { key: `otp-verify:ip:${ip}`, max: config.OTP_VERIFY_MAX_PER_IP, windowSeconds: window },
  }
}

/**
 * Wrong identifier and wrong password answer alike. Every attempt counts per IP address and per
 * account from that address, atomically and before the password is checked, so parallel guesses
 * cannot all slip under the limit; a success clears that count. Attempts on the account from every
 * address together have a ceiling, taken and counted in one guarded statement before the password is
 * checked and given back on success; the owner is told by mail when failures reach the per-address
 * limit (docs/security.md, "V6 Authentication"). A right password is not yet a session when a second
 * factor is on or required: the answer is then a challenge (two-factor-service.ts).
 */
export async function login(deps: Deps, input: LoginInput, client: ClientInfo): Promise<LoginAnswer> {
  const limit = limits(deps, client.ip)
  await consumeRateLimit(deps.db, [limit.loginIp])
  const user = await findUserByIdentifier(deps.db, input.identifier)
  const account = accountKey('login', user, input.identifier)
  const fromHere = limit.loginFromAddress(account)
  const failures = limit.loginFailures(account)
  const failureCount = await refuseWhenLocked(deps, user, client, async () => {
    await consumeRateLimit(deps.db, [fromHere])
    return takeAttempt(deps.db, failures)
  })
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password)
  if (!user || !valid) {
    await recordSignIn(deps.db, user, 'WRONG_PASSWORD', client)
    await warnOwnerAtLimit(deps, failureCount, user)
    throw unauthorized(messages.invalidCredentials)
  }
  // The password was right: the attempt was not a failure.
  await giveBackAttempt(deps.db, failures.key)
  if (!user.isActive) {
    await recordSignIn(deps.db, user, 'DEACTIVATED', client)
    throw new AppError(403, messages.accountDeactivated)
  }
  await resetRateLimit(deps.db, fromHere.key)
  return (await secondFactorChallenge(deps, user)) ?? startSession(deps, user, client)
}

/** Runs the limit checks; a refusal (429) is recorded in the account's sign-in history. */
async function refuseWhenLocked(
  deps: Deps,
  user: UserRow | null,
  client: ClientInfo,
  take: () => Promise<number | null>,
): Promise<number> {
  let taken: number | null = null
  try {
    taken = await take()
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429)
      await recordSignIn(deps.db, user, 'LOCKED', client)
    throw error
  }
  if (taken === null) {
    await recordSignIn(deps.db, user, 'LOCKED', client)
    throw tooManyRequests()
  }
  return taken
}

/** At the per-address limit of failures, tells the owner once a window. */
async function warnOwnerAtLimit(deps: Deps, count: number, user: UserRow | null) {
  if (!user?.email || !user.isActive || count !== deps.config.LOGIN_MAX_PER_IDENTIFIER) return
  const minutes = Math.round(deps.config.RATE_LIMIT_WINDOW_SECONDS / 60)
  await enqueue(
    deps.db,
    'mail',
    {
      to: user.email,
      subject: 'Someone is trying to sign in to your Daftar account',
      text:
        `There have been ${count} failed attempts to sign in to your Daftar account in the last ` +
        `${minutes} minutes. If they were not yours, someone may be guessing your password: it stays ` +
        'safe as long as nobody knows it, and you can still sign in from your usual device. If you use ' +
        'the same password anywhere else, change it in Daftar (Profile > Change Password).',
    },
    user.orgId,
  )
  deps.outbox.kick()
}

/** How long a rotated refresh token still gets its successor back (a lost answer retried). */
export const REFRESH_GRACE_SECONDS = 10

/**
 * The token that replaces `token`: derived from it with a server secret rather than drawn at random,
 * so that a retry of a refresh whose answer was lost can be given the same successor without the
 * server storing any token in clear. Unpredictable without both the old token and the secret.
 */
function successorOf(deps: Deps, token: string): string {
  return createHmac('sha256', deps.secrets.otp).update(`refresh-successor:${token}`).digest('base64url')
}

/**
 * Rotates the refresh token. A token rotated moments ago (within REFRESH_GRACE_SECONDS) whose
 * successor is still unused is a retry of a lost answer: it gets the same successor again. Any other
 * use of a rotated token is a stolen copy (or a replay): the whole session is revoked, for the thief
 * and the owner alike.
 */
export async function refresh(deps: Deps, refreshToken: string) {
  const tokenHash = sha256(refreshToken)
  const next = successorOf(deps, refreshToken)
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        rotatedAt: refreshTokens.rotatedAt,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        userId: sessions.userId,
        orgId: sessions.orgId,
        isActive: users.isActive,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.sessionId, refreshTokens.sessionId))
      .innerJoin(users, eq(users.userId, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
    if (!row || row.revokedAt || row.expiresAt <= new Date() || !row.isActive) return null
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
      .returning({ rotatedAt: refreshTokens.rotatedAt })
    if (claimed.length === 0) {
      // Already rotated: a retry within the grace window gets the unused successor again.
      const [successor] = await tx
        .select({ rotatedAt: refreshTokens.rotatedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(next)))
        .for('update')
      // Read again: a parallel refresh may have rotated it after this transaction's first read.
      const [own] = await tx
        .select({ rotatedAt: refreshTokens.rotatedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
      const rotatedAt = own?.rotatedAt
      const fresh = !!rotatedAt && Date.now() - rotatedAt.getTime() < REFRESH_GRACE_SECONDS * 1000
      if (!successor || successor.rotatedAt || !fresh) {
        await revokeSessions(tx, eq(sessions.sessionId, row.sessionId), 'refresh token reused')
        return 'reused' as const
      }
    } else {
      await tx.insert(refreshTokens).values({ tokenHash: sha256(next), sessionId: row.sessionId })
      await tx
        .update(sessions)
        .set({ lastUsedAt: new Date(), expiresAt: sessionExpiry() })
        .where(eq(sessions.sessionId, row.sessionId))
    }
    const accessToken = await deps.tokens.signAccess({
      userId: row.userId,
      orgId: row.orgId,
      sessionId: row.sessionId,
    })
    return { accessToken, refreshToken: next }
  })
  // A revocation must be kept: it is committed before the 401 goes out.
  if (!outcome || outcome === 'reused') throw unauthorized(messages.sessionExpired)
  return outcome
}

async function revokeSessions(tx: Tx, where: ReturnType<typeof eq>, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(where, isNull(sessions.revokedAt)))
}

export async function revokeAllSessions(tx: Tx, userId: string, reason: string) {
  await revokeSessions(tx, eq(sessions.userId, userId), reason)
}

export async function logout(deps: Deps, ctx: RequestContext, input: LogoutInput) {
  await deps.db.transaction(async (tx) => {
    if (input.option === 'all') {
      await revokeAllSessions(tx, ctx.userId, 'logout all')
      return
    }
    await revokeSessions(tx, eq(sessions.sessionId, ctx.sessionId), 'logout')
    // The refresh token the client holds may belong to this session or a sibling on the same device.
    const [owned] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.sessionId, refreshTokens.sessionId))
      .where(and(eq(refreshTokens.tokenHash, sha256(input.refreshToken)), eq(sessions.userId, ctx.userId)))
    if (owned) await revokeSessions(tx, eq(sessions.sessionId, owned.sessionId), 'logout')
  })
  return { message: input.option === 'all' ? messages.loggedOutAll : messages.loggedOut }
}

function otpDigest(secret: string, resetId: string, otp: string): string {
  return createHmac('sha256', secret).update(`${resetId}:${otp}`).digest('hex')
}

/**
 * Always answers the same, whether or not the identifier names an account, and takes the same time:
 * the request only counts the attempt and queues one `password-reset` job either way; the code is made
 * and sent by the outbox after the answer (docs/security.md).
 */
export async function forgotPassword(deps: Deps, identifier: string, client: ClientInfo) {
  const limit = limits(deps, client.ip)
  await consumeRateLimit(deps.db, [limit.otpSendIp])
  const user = await findUserByIdentifier(deps.db, identifier)
  await consumeRateLimit(deps.db, [limit.otpSendAccount(accountKey('otp-send', user, identifier))])
  // A new code brings new tries, for an unknown identifier as for an account: both answer alike.
  await resetRateLimit(deps.db, accountKey('otp-verify', user, identifier))
  await enqueue(deps.db, 'password-reset', { userId: user?.userId ?? null })
  deps.outbox.kick()
  return { message: messages.otpSent }
}

/** Outbox handler of `password-reset`: makes a new OTP for an active account and sends it. */
export async function sendResetCode(deps: Deps, payload: { userId: string | null }) {
  if (!payload?.userId) return
  const [user] = await deps.db.select().from(users).where(eq(users.userId, payload.userId))
  if (user?.isActive && (user.email || user.mobile)) {
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await deps.db.transaction(async (tx) => {
      // A new code replaces any earlier one.
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, user.userId), isNull(passwordResets.usedAt)))
      const [reset] = await tx
        .insert(passwordResets)
        .values({
          orgId: user.orgId,
          userId: user.userId,
          otpHash: 'pending',
          expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
        })
        .returning({ resetId: passwordResets.resetId })
      await tx
        .update(passwordResets)
        .set({ otpHash: otpDigest(deps.secrets.otp, reset!.resetId, otp) })
        .where(eq(passwordResets.resetId, reset!.resetId))
      const text =
        `Your Daftar password reset code is ${otp}.\n\n` +
        `It expires in ${OTP_TTL_MINUTES} minutes and can be used once. ` +
        'If you did not ask to reset your password, ignore this message; your password stays as it is.'
      if (user.email) {
        await enqueue(
          tx,
          'mail',
          { to: user.email, subject: 'Your Daftar password reset code', text },
          user.orgId,
        )
      } else {
        await enqueue(
          tx,
          'sms',
          {
            to: user.mobile,
            text: `Daftar: your password reset code is ${otp}. It expires in ${OTP_TTL_MINUTES} minutes.`,
          },
          user.orgId,
        )
      }
    })
  }
}

/**
 * Tries are counted per identifier (the account it names, or its normalised form), whether or not it
 * names an account, so a real account and an unknown one answer the same sequence: four times
 * 'incorrect', then 'too many' (docs/security.md, "V6 Authentication").
 */
export async function resetPassword(deps: Deps, input: ResetPasswordInput, client: ClientInfo) {
  const limit = limits(deps, client.ip)
  await consumeRateLimit(deps.db, [limit.otpVerifyIp])
  const user = await findUserByIdentifier(deps.db, input.identifier)
  const tries = await countHit(deps.db, limit.otpTries(accountKey('otp-verify', user, input.identifier)))
  const refused = () =>
    tries >= OTP_MAX_ATTEMPTS ? new AppError(429, messages.otpTooManyTries) : badRequest(messages.otpInvalid)
  if (tries > OTP_MAX_ATTEMPTS) throw refused()
  if (!user?.isActive) throw refused()
  const [reset] = await deps.db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, user.userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1)
  if (!reset) throw refused()
  // The try is counted before the code is compared, in one statement, so parallel guesses cannot
  // exceed the allowed tries.
  const [counted] = await deps.db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.resetId, reset.resetId), lt(passwordResets.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ attempts: passwordResets.attempts })
  if (!counted) throw new AppError(429, messages.otpTooManyTries)
  const expected = Buffer.from(reset.otpHash)
  const given = Buffer.from(otpDigest(deps.secrets.otp, reset.resetId, input.otp))
  // The answer follows the identifier's count alone, so parallel tries answer in the same order as
  // one after the other (the code's own count only guards the code).
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused()
  const passwordHash = await hashPassword(input.newPassword)
  await deps.db.transaction(async (tx) => {
    // Single use, even when two requests race with the right code.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.resetId, reset.resetId), isNull(passwordResets.usedAt)))
      .returning({ resetId: passwordResets.resetId })
    if (claimed.length === 0) throw badRequest(messages.otpInvalid)
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.userId, user.userId))
    await revokeAllSessions(tx, user.userId, 'password reset')
    await audit(
      tx,
      { orgId: user.orgId, userId: user.userId },
      { action: 'PASSWORD_RESET', entityType: 'USER', entityId: user.userId },
    )
  })
  await resetRateLimit(deps.db, accountKey('login', user, input.identifier))
  return { message: messages.passwordReset }
}
