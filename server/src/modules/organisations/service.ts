import { userLimitMessage, userLimitReached } from '@daftar/domain'
import { and, count, eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { notFound, unprocessable } from '../../platform/errors.ts'
import { users } from '../users/schema.ts'
import { organisations } from './schema.ts'

export async function getOrganisation(db: DbOrTx, orgId: string) {
  const [org] = await db.select().from(organisations).where(eq(organisations.orgId, orgId))
  if (!org) throw notFound('Organisation not found.')
  return org
}

/** Login accounts that count against the provider's limit: the active ones. */
export async function countLoginAccounts(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isActive, true)))
  return row?.n ?? 0
}

/**
 * Call inside the transaction that creates or reactivates a login account. It locks the organisation
 * row, so two concurrent creations cannot both take the last place.
 */
export async function assertLoginAccountAvailable(tx: Tx, orgId: string): Promise<void> {
  const [org] = await tx
    .select({ name: organisations.name, userLimit: organisations.userLimit })
    .from(organisations)
    .where(eq(organisations.orgId, orgId))
    .for('update')
  if (!org) throw notFound('Organisation not found.')
  const current = await countLoginAccounts(tx, orgId)
  if (userLimitReached(org.userLimit, current))
    throw unprocessable(userLimitMessage(org.userLimit!, org.name))
}

export async function renameOrganisation(tx: Tx, orgId: string, name: string) {
  const [org] = await tx
    .update(organisations)
    .set({ name, updatedAt: new Date(), version: sql`${organisations.version} + 1` })
    .where(eq(organisations.orgId, orgId))
    .returning()
  if (!org) throw notFound('Organisation not found.')
  return org
}
