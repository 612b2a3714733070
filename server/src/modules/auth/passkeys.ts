import { randomBytes } from 'node:crypto'
import {
  type addPasskeyInput,
  MAX_PASSKEYS_PER_USER,
  messages,
  PASSKEY_CEREMONY_SECONDS,
  type PasskeySummary,
  passkeyMessages,
  type passkeySignInInput,
} from '@daftar/domain'
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts'
import { verifyPassword } from '../../platform/passwords.ts'
import { consumeRateLimit } from '../../platform/rate-limit.ts'
import { sha256 } from '../../platform/tokens.ts'
import { users } from '../users/schema.ts'
import { findUserInOrg } from '../users/service.ts'
import { passkeyChallenges, passkeys } from './schema.ts'
import { type ClientInfo, recordSignIn, startSession } from './sessions.ts'
import { countCodeTry } from './two-factor.ts'

/*
 * Passkeys (WebAuthn, with @simplewebauthn/server): discoverable credentials with user verification,
 * so a passkey stands for both the password and the code (docs/security.md, "V6 Authentication";
 * docs/decisions.md, "Passkeys").
 */

/** The site a ceremony runs on: the configured public address, or the one the browser asked. */
export interface Site {
  origin: string
  rpId: string
}

type Purpose = 'REGISTER' | 'SIGN_IN'

/** A new ceremony: the challenge kept server-side under a token only the page holds. */
async function openCeremony(db: DbOrTx, site: Site, purpose: Purpose, userId: string | null) {
  const challenge = Uint8Array.from(randomBytes(32))
  const token = randomBytes(32).toString('base64url')
  await db.insert(passkeyChallenges).values({
    tokenHash: sha256(token),
    // As the browser will echo it in its client data: base64url.
    challenge: Buffer.from(challenge).toString('base64url'),
    userId,
    purpose,
    rpId: site.rpId,
    origin: site.origin,
    expiresAt: new Date(Date.now() + PASSKEY_CEREMONY_SECONDS * 1000),
  })
  return { token, challenge }
}

/**
 * Spends a ceremony's token once, in one guarded statement (two answers to one challenge cannot both
 * pass), for its purpose and, when registering, its user.
 */
async function spendCeremony(db: DbOrTx, token: string, purpose: Purpose, userId: string | null) {
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passkeyChallenges.tokenHash, sha256(token)),
        eq(passkeyChallenges.purpose, purpose),
        userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning()
  if (!row) throw badRequest(passkeyMessages.expired)
  return row
}

const summaryOf = (row: typeof passkeys.$inferSelect): PasskeySummary => ({
  passkey_id: row.passkeyId,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
})

export async function listPasskeys(deps: Deps, ctx: RequestContext): Promise<PasskeySummary[]> {
  const rows = await deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, ctx.userId))
    .orderBy(asc(passkeys.createdAt))
  return rows.map(summaryOf)
}

async function passkeyCount(db: DbOrTx, userId: string) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId))
  return row?.n ?? 0
}

/**
 * Registration, step 1: the password again (counted like a code try), then the options for the
 * browser, excluding the passkeys this account already has.
 */
export async function registrationOptions(deps: Deps, ctx: RequestContext, password: string, site: Site) {
  const user = await findUserInOrg(deps.db, ctx.orgId, ctx.userId)
  await countCodeTry(deps, user.userId)
  if (!(await verifyPassword(user.passwordHash, password)))
    throw badRequest(passkeyMessages.passwordIncorrect)
  if ((await passkeyCount(deps.db, user.userId)) >= MAX_PASSKEYS_PER_USER)
    throw conflict(passkeyMessages.tooMany)
  const existing = await deps.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.userId))
  const { token, challenge } = await openCeremony(deps.db, site, 'REGISTER', user.userId)
  const options = await generateRegistrationOptions({
    rpName: 'Daftar',
    rpID: site.rpId,
    userName: user.email ?? user.mobile ?? user.username,
    userDisplayName: user.fullName,
    userID: userHandleOf(user.userId),
    challenge,
    timeout: PASSKEY_CEREMONY_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: asTransports(c.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  return { challengeToken: token, options: options as unknown as Record<string, unknown> }
}

/** The WebAuthn user handle: the user's id as its 16 bytes (no name or e-mail in it). */
const userHandleOf = (userId: string) => Uint8Array.from(Buffer.from(userId.replace(/-/g, ''), 'hex'))

const asTransports = (values: string[]) => values as AuthenticatorTransport[]

/** Registration, step 2: the authenticator's answer verified against the ceremony, then kept. */
export async function addPasskey(
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof addPasskeyInput>,
): Promise<PasskeySummary> {
  const ceremony = await spendCeremony(deps.db, input.challengeToken, 'REGISTER', ctx.userId)
  const verified = await verifyRegistrationResponse({
    response: input.credential,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: ceremony.origin,
    expectedRPID: ceremony.rpId,
    requireUserVerification: true,
  }).catch(() => null)
  if (!verified?.verified) throw badRequest(passkeyMessages.notVerified)
  const { credential } = verified.registrationInfo
  return deps.db.transaction(async (tx) => {
    // Counted again in the transaction, behind a lock on the user, so parallel adds keep the cap.
    await tx.execute(sql`select 1 from ${users} where ${users.userId} = ${ctx.userId} for update`)
    if ((await passkeyCount(tx, ctx.userId)) >= MAX_PASSKEYS_PER_USER) throw conflict(passkeyMessages.tooMany)
    try {
      const [row] = await tx
        .insert(passkeys)
        .values({
          userId: ctx.userId,
          orgId: ctx.orgId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? [],
          rpId: ceremony.rpId,
          name: input.name,
        })
        .returning()
      await audit(tx, ctx, {
        action: 'PASSKEY_ADDED',
        entityType: 'user',
        entityId: ctx.userId,
        after: { passkey_id: row!.passkeyId, name: row!.name },
      })
      return summaryOf(row!)
    } catch (error) {
      if (isUniqueViolation(error, 'passkeys_credential_key'))
        throw conflict(passkeyMessages.alreadyRegistered)
      throw error
    }
  })
}

export async function removePasskey(deps: Deps, ctx: RequestContext, passkeyId: string) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.passkeyId, passkeyId), eq(passkeys.userId, ctx.userId)))
      .returning()
    if (!row) throw notFound(passkeyMessages.notFound)
    await audit(tx, ctx, {
      action: 'PASSKEY_REMOVED',
      entityType: 'user',
      entityId: ctx.userId,
      before: { passkey_id: row.passkeyId, name: row.name },
    })
    return { message: passkeyMessages.removed }
  })
}

const signInAddress = (deps: Deps, ip: string) => ({
  key: `login:ip:${ip}`,
  max: deps.config.LOGIN_MAX_PER_IP,
  windowSeconds: deps.config.RATE_LIMIT_WINDOW_SECONDS,
})

/** Sign-in, step 1 (public, counted per address like a password attempt): a challenge for any passkey. */
export async function signInOptions(deps: Deps, site: Site, client: ClientInfo) {
  await consumeRateLimit(deps.db, [signInAddress(deps, client.ip)])
  const { token, challenge } = await openCeremony(deps.db, site, 'SIGN_IN', null)
  const options = await generateAuthenticationOptions({
    rpID: site.rpId,
    challenge,
    timeout: PASSKEY_CEREMONY_SECONDS * 1000,
    userVerification: 'required',
  })
  return { challengeToken: token, options: options as unknown as Record<string, unknown> }
}

/**
 * Sign-in, step 2: the ceremony spent once, the passkey found by its credential id, the signature,
 * the site, user verification and the counter checked; then a session as after every factor.
 */
export async function signInWithPasskey(
  deps: Deps,
  input: z.output<typeof passkeySignInInput>,
  client: ClientInfo,
) {
  await consumeRateLimit(deps.db, [signInAddress(deps, client.ip)])
  const ceremony = await spendCeremony(deps.db, input.challengeToken, 'SIGN_IN', null)
  const [found] = await deps.db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.userId, passkeys.userId))
    .where(eq(passkeys.credentialId, input.credential.id))
  if (!found || found.passkey.rpId !== ceremony.rpId) throw badRequest(passkeyMessages.unknown)
  const { passkey, user } = found
  const handle = input.credential.response.userHandle
  const handleMatches = !handle || handle === Buffer.from(userHandleOf(user.userId)).toString('base64url')
  const verified = handleMatches
    ? await verifyAuthenticationResponse({
        response: input.credential,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: ceremony.origin,
        expectedRPID: ceremony.rpId,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: Uint8Array.from(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.signCount,
          transports: asTransports(passkey.transports),
        },
      }).catch(() => null)
    : null
  if (!verified?.verified) {
    await recordSignIn(deps.db, user, 'WRONG_PASSKEY', client)
    throw badRequest(passkeyMessages.notVerified)
  }
  if (!user.isActive) {
    await recordSignIn(deps.db, user, 'DEACTIVATED', client)
    throw new AppError(403, messages.accountDeactivated)
  }
  await deps.db
    .update(passkeys)
    .set({ signCount: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.passkeyId, passkey.passkeyId))
  return startSession(deps, user, client)
}
