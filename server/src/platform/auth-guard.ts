import { messages } from '@daftar/domain'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { sessions } from '../modules/auth/schema.ts'
import { users } from '../modules/users/schema.ts'
import type { RequestContext } from './context.ts'
import type { Deps } from './deps.ts'
import { forbidden, unauthorized } from './errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext
  }
}

/**
 * Verifies the bearer token and that its session is still live and its user still active, in one
 * query, so that logout, a password reset or deactivation take effect on the very next request.
 */
export function createAuthGuard(deps: Deps) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization
    if (!header?.startsWith('Bearer ')) throw unauthorized()
    const claims = await deps.tokens.verifyAccess(header.slice(7).trim())
    if (!claims) throw unauthorized(messages.sessionExpired)
    const [row] = await deps.db
      .select({
        orgId: users.orgId,
        username: users.username,
        fullName: users.fullName,
        isAdmin: users.isAdmin,
        isAccountant: users.isAccountant,
      })
      .from(sessions)
      .innerJoin(users, eq(users.userId, sessions.userId))
      .where(
        and(
          eq(sessions.sessionId, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.isActive, true),
        ),
      )
    if (!row || row.orgId !== claims.orgId) throw unauthorized(messages.sessionExpired)
    request.ctx = {
      orgId: row.orgId,
      userId: claims.userId,
      username: row.username,
      fullName: row.fullName,
      sessionId: claims.sessionId,
      isAdmin: row.isAdmin,
      isAccountant: row.isAccountant,
    }
  }
}

/** For admin-only actions: everyone else is refused with 403. */
export function requireAdmin(ctx: RequestContext, message = 'Only administrators can do this.'): void {
  if (!ctx.isAdmin) throw forbidden(message)
}
