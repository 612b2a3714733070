import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto'
import {
  CHALLENGE_TTL_MINUTES,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  twoFactorMessages,
} from '@daftar/domain'
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { DbOrTx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../platform/errors.ts'
import { resetRateLimit, takeAttempt } from '../../platform/rate-limit.ts'
import { sha256 } from '../../platform/tokens.ts'
import { organisations } from '../organisations/schema.ts'
import { users } from '../users/schema.ts'
import { loginChallenges, recoveryCodes, twoFactor } from './schema.ts'

/*
 * TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app reads it), recovery
 * codes and the sign-in challenge (docs/security.md, "V6 Authentication").
 */

export type UserRow = typeof users.$inferSelect

/** A step either side of the server's clock is accepted: phones drift. */
const DRIFT_STEPS = 1

// ── The secret, sealed at rest ─────────────────────────────────────────────────────────────────────

/** AES-256-GCM key for the TOTP secrets, derived from the server secret (never stored itself). */
const sealingKey = (deps: Deps) => createHmac('sha256', deps.secrets.otp).update('two-factor-secret').digest()

function seal(deps: Deps, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(deps), iv)
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

function unseal(deps: Deps, sealed: string): string {
  const bytes = Buffer.from(sealed.slice(3), 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(deps), bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
}

const totpOf = (secret: string, label = 'Daftar') =>
  new TOTP({
    issuer: 'Daftar',
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })

/** The time step a code belongs to, within the allowed drift of now; null when it matches none. */
function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: DRIFT_STEPS })
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta
}

/**
 * Accepts a step once: the row's last used step moves forward in one guarded statement, so a code
 * (or an older one) cannot be used again, even by two requests at once.
 */
async function claimStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))),
    )
    .returning({ userId: twoFactor.userId })
  return claimed.length === 1
}

// ── Recovery codes ─────────────────────────────────────────────────────────────────────────────────

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** Keyed digest: the codes carry 50 random bits, so a fast hash with a server key is enough. */
const recoveryDigest = (deps: Deps, userId: string, code: string) =>
  createHmac('sha256', deps.secrets.otp)
    .update(`recovery:${userId}:${code.replace('-', '')}`)
    .digest('hex')

async function useRecoveryCode(deps: Deps, userId: string, code: string): Promise<boolean> {
  const used = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryDigest(deps, userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ codeId: recoveryCodes.codeId })
  return used.length === 1
}

// ── Who must use it ────────────────────────────────────────────────────────────────────────────────

export async function twoFactorRow(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId))
  return row ?? null
}

/** The organisation requires a second factor of its admins and accountants. */
export async function isRequiredFor(db: DbOrTx, user: Pick<UserRow, 'orgId' | 'isAdmin' | 'isAccountant'>) {
  if (!user.isAdmin && !user.isAccountant) return false
  const [org] = await db
    .select({ required: organisations.requireTwoFactor })
    .from(organisations)
    .where(eq(organisations.orgId, user.orgId))
  return org?.required ?? false
}

// ── Checking a code ────────────────────────────────────────────────────────────────────────────────

/** Code tries per account: counted before the code is compared, in one guarded statement. */
const codeTries = (deps: Deps, userId: string) => ({
  key: `2fa:user:${userId}`,
  max: deps.config.TWO_FACTOR_MAX_PER_ACCOUNT,
  windowSeconds: deps.config.RATE_LIMIT_WINDOW_SECONDS,
})

/** Counts a try on the account's codes: 429 once the window's tries are spent. */
export async function countCodeTry(deps: Deps, userId: string): Promise<void> {
  if ((await takeAttempt(deps.db, codeTries(deps, userId))) === null) throw tooManyRequests()
}

/**
 * Checks a code from the app (once per time step) or an unused recovery code against the user's
 * enabled authenticator. The try has been counted (`countCodeTry`); a success clears the count.
 */
export async function acceptsSignInCode(deps: Deps, userId: string, code: string): Promise<boolean> {
  const row = await twoFactorRow(deps.db, userId)
  if (!row?.enabledAt) return false
  const step = /^\d+$/.test(code) ? stepOf(unseal(deps, row.secretSealed), code) : null
  const accepted =
    step !== null ? await claimStep(deps.db, userId, step) : await useRecoveryCode(deps, userId, code)
  if (accepted) await resetRateLimit(deps.db, codeTries(deps, userId).key)
  return accepted
}

// ── Setting it up ──────────────────────────────────────────────────────────────────────────────────

/** A new secret waiting for its first code; any earlier one that was never confirmed is replaced. */
export async function beginSetup(deps: Deps, user: UserRow) {
  const existing = await twoFactorRow(deps.db, user.userId)
  if (existing?.enabledAt) throw conflict(twoFactorMessages.alreadyOn)
  const secret = new Secret({ size: 20 }).base32
  const sealed = seal(deps, secret)
  await deps.db
    .insert(twoFactor)
    .values({ userId: user.userId, orgId: user.orgId, secretSealed: sealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretSealed: sealed, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactor.enabledAt),
    })
  const otpauthUrl = totpOf(secret, user.email ?? user.username).toString()
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg }
}

/**
 * Confirms the waiting secret with a code from the app and answers ten new recovery codes, shown
 * once: only their digests are kept.
 */
export async function completeSetup(deps: Deps, user: UserRow, code: string) {
  const row = await twoFactorRow(deps.db, user.userId)
  if (row?.enabledAt) throw conflict(twoFactorMessages.alreadyOn)
  if (!row) throw badRequest(twoFactorMessages.setupFirst)
  await countCodeTry(deps, user.userId)
  const step = stepOf(unseal(deps, row.secretSealed), code)
  if (step === null) throw badRequest(twoFactorMessages.codeInvalid)
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await deps.db.transaction(async (tx) => {
    const enabled = await tx
      .update(twoFactor)
      .set({ enabledAt: new Date(), lastUsedStep: step })
      .where(and(eq(twoFactor.userId, user.userId), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId })
    if (enabled.length === 0) throw conflict(twoFactorMessages.alreadyOn)
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.userId))
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.userId, codeHash: recoveryDigest(deps, user.userId, c) })))
    await audit(
      tx,
      { orgId: user.orgId, userId: user.userId },
      { action: 'TWO_FACTOR_ENABLED', entityType: 'USER', entityId: user.userId },
    )
  })
  await resetRateLimit(deps.db, codeTries(deps, user.userId).key)
  return { recovery_codes: codes }
}

export async function removeTwoFactor(deps: Deps, user: UserRow) {
  await deps.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.userId))
    await tx.delete(twoFactor).where(eq(twoFactor.userId, user.userId))
    await audit(
      tx,
      { orgId: user.orgId, userId: user.userId },
      { action: 'TWO_FACTOR_DISABLED', entityType: 'USER', entityId: user.userId },
    )
  })
}

export async function unusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return Number(row?.n ?? 0)
}

// ── The sign-in challenge ──────────────────────────────────────────────────────────────────────────

export type ChallengePurpose = 'VERIFY' | 'SETUP'

/** A token for the step after the password: one user, one purpose, CHALLENGE_TTL_MINUTES, used once. */
export async function issueChallenge(db: DbOrTx, user: UserRow, purpose: ChallengePurpose) {
  const token = randomBytes(32).toString('base64url')
  await db.insert(loginChallenges).values({
    tokenHash: sha256(token),
    userId: user.userId,
    purpose,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MINUTES * 60_000),
  })
  return token
}

/** The active user a live, unused challenge of this purpose belongs to; 401 for anything else. */
export async function challengedUser(db: DbOrTx, token: string, purpose: ChallengePurpose) {
  const [row] = await db
    .select({ user: users })
    .from(loginChallenges)
    .innerJoin(users, eq(users.userId, loginChallenges.userId))
    .where(
      and(
        eq(loginChallenges.tokenHash, sha256(token)),
        eq(loginChallenges.purpose, purpose),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date()),
      ),
    )
  if (!row?.user.isActive) throw unauthorized(twoFactorMessages.challengeExpired)
  return row.user
}

/** Uses the challenge up, once: of two requests with one token only one gets past here. */
export async function spendChallenge(db: DbOrTx, token: string): Promise<void> {
  const spent = await db
    .update(loginChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(loginChallenges.tokenHash, sha256(token)), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.challengeId })
  if (spent.length === 0) throw unauthorized(twoFactorMessages.challengeExpired)
}
