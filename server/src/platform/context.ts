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
