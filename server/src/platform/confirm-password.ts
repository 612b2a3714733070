import { eq } from 'drizzle-orm'
import type { RequestContext } from './context.ts'
import type { Deps } from './deps.ts'
import { badRequest, tooManyRequests } from './errors.ts'
import { users } from './identity-schema.ts'
import { verifyPassword } from './passwords.ts'
import { giveBackAttempt, takeAttempt } from './rate-limit.ts'

/**
 * Tries at the password that confirms a delete, per account: limited like code tries (the same
 * `TWO_FACTOR_MAX_PER_ACCOUNT` a window) but in a bucket of their own, so a right password given
 * back here never hands back a try at a second-factor code.
 */
const deleteTries = (deps: Deps, userId: string) => ({
  key: `delete-password:user:${userId}`,
  max: deps.config.TWO_FACTOR_MAX_PER_ACCOUNT,
  windowSeconds: deps.config.RATE_LIMIT_WINDOW_SECONDS,
})

/**
 * The caller's own password, typed again to confirm deleting a document or a project invoice
 * (docs/security.md, "V6 Authentication"). The try is taken in one guarded statement before the
 * password is checked, so no number of guesses at once gets past the limit (then 429); a right
 * password gives its try back, so an admin confirming many deletes is never refused.
 */
export async function confirmOwnPassword(
  deps: Deps,
  ctx: RequestContext,
  password: string,
  wrongMessage: string,
): Promise<void> {
  const tries = deleteTries(deps, ctx.userId)
  if ((await takeAttempt(deps.db, tries)) === null) throw tooManyRequests()
  const [me] = await deps.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.userId, ctx.userId))
  if (!me || !(await verifyPassword(me.hash, password))) throw badRequest(wrongMessage)
  await giveBackAttempt(deps.db, tries.key)
}
