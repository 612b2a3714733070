import { messages } from '@daftar/domain'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { callerColumns, type RequestContext } from './context.ts'
import type { Deps } from './deps.ts'
import { forbidden, unauthorized } from './errors.ts'
import { sessions, users } from './identity-schema.ts'
import type { InstanceCaches } from './recheck-cache.ts'
import type { AccessClaims } from './tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext
  }
}

/** Past this many tokens the cache is emptied rather than grown: it is a cache, not a store. */
const MAX_CACHED_TOKENS = 10_000

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
      if (this.entries.size >= MAX_CACHED_TOKENS) this.entries.clear()
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

/**
 * Verifies the bearer token and that its session is still live and its user still active (one query,
 * then trusted for RECHECK_MS), so that logout, a password reset or deactivation take effect on
 * the very next request through this instance and within a second through any other.
 */
export function createAuthGuard(deps: Deps, caches: InstanceCaches) {
  const tokens = new VerifiedTokens((token) => deps.tokens.verifyAccess(token))
  const liveSessions = caches.create<LiveSession | null>()
  const loadSession = async (sessionId: string) => {
    const [row] = await deps.db
      .select({ ...callerColumns, expiresAt: sessions.expiresAt })
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
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization
    // An authentication scheme's name is case-insensitive (RFC 9110, 11.1): 'bearer' is 'Bearer'.
    const token = /^bearer +(\S+)\s*$/i.exec(header ?? '')?.[1]
    if (!token) throw unauthorized()
    const claims = await tokens.claims(token)
    if (!claims) throw unauthorized(messages.sessionExpired)
    const session = await liveSessions.get(claims.sessionId, () => loadSession(claims.sessionId))
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
  return authenticate
}

/** For admin-only actions: everyone else is refused with 403. */
export function requireAdmin(ctx: RequestContext, message = 'Only administrators can do this.'): void {
  if (!ctx.isAdmin) throw forbidden(message)
}
