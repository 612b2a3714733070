import { messages } from '@daftar/domain'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { sessions } from '../modules/auth/schema.ts'
import { users } from '../modules/users/schema.ts'
import type { RequestContext } from './context.ts'
import type { Deps } from './deps.ts'
import { forbidden, unauthorized } from './errors.ts'
import type { AccessClaims } from './tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext
  }
}

/**
 * How long a session found live may be trusted without asking the database again. A revocation made
 * by another instance (or by the provider's command line) takes effect within this time; one made on
 * this instance at once (see `invalidate`). docs/decisions.md, "Session check without a database round
 * trip".
 */
export const SESSION_RECHECK_MS = 900
/** Past this many sessions (or tokens) a cache is emptied rather than grown: it is a cache, not a store. */
const MAX_CACHED_SESSIONS = 10_000

/**
 * Access tokens already verified, with their claims and expiry: verifying the signature costs more
 * than the rest of the check (WebCrypto's HMAC through jose), and a token string that verified once
 * verifies again until it expires.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { claims: AccessClaims; expiresAtMs: number }>()

  constructor(private readonly verify: (token: string) => Promise<AccessClaims | null>) {}

  async claims(token: string): Promise<AccessClaims | null> {
    const known = this.entries.get(token)
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims
      this.entries.delete(token)
      return null
    }
    const claims = await this.verify(token)
    const expiresAtMs = claims ? expiryOf(token) : 0
    if (claims && expiresAtMs > Date.now()) {
      if (this.entries.size >= MAX_CACHED_SESSIONS) this.entries.clear()
      this.entries.set(token, { claims, expiresAtMs })
    }
    return claims
  }
}

/** The `exp` of a JWT whose signature has been verified, in ms (0 when absent). */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0
  } catch {
    return 0
  }
}

type LiveSession = Omit<RequestContext, 'sessionId' | 'userId'> & { userId: string; expiresAt: Date }
interface CachedSession {
  session: LiveSession | null
  /** When the query that found it started: anything committed before then is in it. */
  checkedAt: number
}

/** Live sessions this instance has seen recently, keyed by session id. */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>()
  private readonly pending = new Map<string, Promise<LiveSession | null>>()
  private generation = 0

  constructor(
    private readonly load: (sessionId: string) => Promise<LiveSession | null>,
    private readonly recheckMs = SESSION_RECHECK_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async get(sessionId: string): Promise<LiveSession | null> {
    const cached = this.entries.get(sessionId)
    if (cached && this.now() - cached.checkedAt < this.recheckMs) return cached.session
    // Concurrent requests of one session share one query.
    const inFlight = this.pending.get(sessionId)
    if (inFlight) return inFlight
    const generation = this.generation
    const checkedAt = this.now()
    const query = this.load(sessionId).finally(() => this.pending.delete(sessionId))
    this.pending.set(sessionId, query)
    const session = await query
    // A change made on this instance while the query ran may not be in its answer: do not keep it.
    if (generation === this.generation) {
      if (this.entries.size >= MAX_CACHED_SESSIONS) this.entries.clear()
      this.entries.set(sessionId, { session, checkedAt })
    }
    return session
  }

  /**
   * Forgets every session: called after each change made through this instance (a sign-out, a
   * deactivation, a password change or reset, a changed role), so that it applies to the next request.
   */
  invalidate(): void {
    this.generation++
    this.entries.clear()
    this.pending.clear()
  }
}

/**
 * Verifies the bearer token and that its session is still live and its user still active (one query,
 * then trusted for SESSION_RECHECK_MS), so that logout, a password reset or deactivation take effect on
 * the very next request through this instance and within a second through any other.
 */
export function createAuthGuard(deps: Deps) {
  const tokens = new VerifiedTokens((token) => deps.tokens.verifyAccess(token))
  const cache = new SessionCache(async (sessionId) => {
    const [row] = await deps.db
      .select({
        userId: sessions.userId,
        orgId: users.orgId,
        username: users.username,
        fullName: users.fullName,
        isAdmin: users.isAdmin,
        isAccountant: users.isAccountant,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.userId, sessions.userId))
      .where(
        and(
          eq(sessions.sessionId, sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.isActive, true),
        ),
      )
    return row ?? null
  })

  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization
    if (!header?.startsWith('Bearer ')) throw unauthorized()
    const claims = await tokens.claims(header.slice(7).trim())
    if (!claims) throw unauthorized(messages.sessionExpired)
    const session = await cache.get(claims.sessionId)
    if (
      !session ||
      session.userId !== claims.userId ||
      session.orgId !== claims.orgId ||
      session.expiresAt.getTime() <= Date.now()
    ) {
      throw unauthorized(messages.sessionExpired)
    }
    request.ctx = {
      orgId: session.orgId,
      userId: claims.userId,
      username: session.username,
      fullName: session.fullName,
      sessionId: claims.sessionId,
      isAdmin: session.isAdmin,
      isAccountant: session.isAccountant,
    }
  }
  return Object.assign(authenticate, { sessions: cache })
}

/** For admin-only actions: everyone else is refused with 403. */
export function requireAdmin(ctx: RequestContext, message = 'Only administrators can do this.'): void {
  if (!ctx.isAdmin) throw forbidden(message)
}
