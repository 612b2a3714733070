import { SIGN_IN_HISTORY_LENGTH, type SignInOutcome, twoFactorMessages } from '@daftar/domain'
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { enqueue } from '../../platform/outbox.ts'
import { newRefreshToken, REFRESH_TOKEN_TTL_DAYS, sha256 } from '../../platform/tokens.ts'
import type { users } from '../users/schema.ts'
import { describeDevice } from './device.ts'
import { loginChallenges, passkeyChallenges, refreshTokens, sessions, signIns } from './schema.ts'

export interface ClientInfo {
  ip: string
  userAgent?: string
}

type SignedInUser = Pick<typeof users.$inferSelect, 'userId' | 'orgId' | 'email'>

export const sessionExpiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000)

const userAgentOf = (client: ClientInfo) => client.userAgent?.slice(0, 300) ?? null

/** One sign-in attempt in the user's history (null user: an identifier that names no account). */
export async function recordSignIn(
  db: DbOrTx,
  user: Pick<SignedInUser, 'userId' | 'orgId'> | null,
  outcome: SignInOutcome,
  client: ClientInfo,
) {
  await db.insert(signIns).values({
    orgId: user?.orgId ?? null,
    userId: user?.userId ?? null,
    outcome,
    ip: client.ip,
    userAgent: userAgentOf(client),
    device: describeDevice(client.userAgent),
  })
}

/**
 * A new session for a user who has passed every factor: the tokens, the sign-in recorded, and a
 * mail when the device (browser and system) and address have never signed in to this account before.
 * The very first sign-in has nothing to compare with and sends none (docs/decisions.md, "Two-factor
 * sign-in and sessions").
 */
export async function startSession(deps: Deps, user: SignedInUser, client: ClientInfo) {
  return deps.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        orgId: user.orgId,
        userId: user.userId,
        ip: client.ip,
        userAgent: userAgentOf(client),
        expiresAt: sessionExpiry(),
      })
      .returning({ sessionId: sessions.sessionId })
    const refreshToken = newRefreshToken()
    await tx.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId: session!.sessionId })
    await mailIfNewDevice(deps, tx, user, client)
    await recordSignIn(tx, user, 'SUCCESS', client)
    const accessToken = await deps.tokens.signAccess({
      userId: user.userId,
      orgId: user.orgId,
      sessionId: session!.sessionId,
    })
    return { accessToken, refreshToken }
  })
}

async function mailIfNewDevice(deps: Deps, tx: Tx, user: SignedInUser, client: ClientInfo) {
  if (!user.email) return
  const device = describeDevice(client.userAgent)
  const successes = (extra = and()) =>
    tx
      .select({ id: signIns.signInId })
      .from(signIns)
      .where(and(eq(signIns.userId, user.userId), eq(signIns.outcome, 'SUCCESS'), extra))
      .limit(1)
  const [seen] = await successes(and(eq(signIns.device, device), eq(signIns.ip, client.ip)))
  if (seen) return
  const [before] = await successes()
  if (!before) return
  const when = new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: deps.config.TIME_ZONE,
  }).format(new Date())
  await enqueue(
    tx,
    'mail',
    {
      to: user.email,
      subject: 'New sign-in to your Daftar account',
      text:
        `Your Daftar account was signed in to from a device or address it has not been used from ` +
        `before:\n\n  ${device}, address ${client.ip}, ${when}\n\n` +
        'If this was you, there is nothing to do. If not, change your password now and sign that ' +
        'device out under Profile > Security, where you can also turn on two-factor sign-in.',
    },
    user.orgId,
  )
}

/** The caller's live sessions, newest use first; the one this request came with is `current`. */
export async function listSessions(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, ctx.userId),
        eq(sessions.orgId, ctx.orgId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt))
  return rows.map((s) => ({
    session_id: s.sessionId,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    device: describeDevice(s.userAgent),
    current: s.sessionId === ctx.sessionId,
  }))
}

/**
 * Ends one of the caller's own sessions; another user's id answers 404, as an unknown one. The
 * request is a change, so this instance's session cache forgets the session before the answer goes
 * out and its next request is refused (docs/decisions.md, "Session check without a database round trip").
 */
export async function endSession(deps: Deps, ctx: RequestContext, sessionId: string) {
  const ended = await deps.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'signed out from another device' })
    .where(
      and(
        eq(sessions.sessionId, sessionId),
        eq(sessions.userId, ctx.userId),
        eq(sessions.orgId, ctx.orgId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ sessionId: sessions.sessionId })
  if (ended.length === 0) throw notFound()
  return { message: twoFactorMessages.sessionEnded }
}

export async function endOtherSessions(deps: Deps, ctx: RequestContext) {
  const ended = await deps.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'signed out from another device' })
    .where(
      and(eq(sessions.userId, ctx.userId), ne(sessions.sessionId, ctx.sessionId), isNull(sessions.revokedAt)),
    )
    .returning({ sessionId: sessions.sessionId })
  return { message: twoFactorMessages.othersEnded, signed_out: ended.length }
}

/** The caller's last sign-ins, good and bad. */
export async function listSignIns(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select()
    .from(signIns)
    .where(eq(signIns.userId, ctx.userId))
    .orderBy(desc(signIns.createdAt))
    .limit(SIGN_IN_HISTORY_LENGTH)
  return rows.map((r) => ({
    signed_in_at: r.createdAt.toISOString(),
    outcome: r.outcome,
    ip: r.ip,
    device: r.device,
  }))
}

/** How long attempts on identifiers that name no account are kept: nobody is shown them. */
const UNKNOWN_SIGN_IN_DAYS = 30

/**
 * What sign-in leaves behind and nobody reads again: challenges past their life (used or not), and
 * attempts on identifiers that name no account once they are a month old.
 */
export async function pruneSignInLeftovers(db: DbOrTx) {
  const anHourAgo = new Date(Date.now() - 3600_000)
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, anHourAgo))
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, anHourAgo))
  await db
    .delete(signIns)
    .where(
      and(
        isNull(signIns.userId),
        lt(signIns.createdAt, new Date(Date.now() - UNKNOWN_SIGN_IN_DAYS * 24 * 3600_000)),
      ),
    )
}
