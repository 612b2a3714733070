import { users } from './identity-schema.ts'

/** Who is calling: built by the auth guard for every request past /api/auth. */
export interface RequestContext {
  orgId: string
  userId: string
  username: string
  fullName: string
  sessionId: string
  isAdmin: boolean
  isAccountant: boolean
}

/**
 * The user's columns a context is made of (all but the session): read by the auth guard for a
 * request, and by work done on a user's behalf without one (the daily digest).
 */
export const callerColumns = {
  userId: users.userId,
  orgId: users.orgId,
  username: users.username,
  fullName: users.fullName,
  isAdmin: users.isAdmin,
  isAccountant: users.isAccountant,
}
