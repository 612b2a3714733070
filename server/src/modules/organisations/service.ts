import { type OrganisationBilling, userLimitMessage, userLimitReached } from '@daftar/domain'
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

type OrganisationRow = typeof organisations.$inferSelect

/** The invoice details of an organisation, as the API names them. */
export function organisationBilling(org: OrganisationRow): OrganisationBilling {
  return {
    gstin: org.gstin,
    address: org.address,
    bank_account_name: org.bankAccountName,
    bank_name: org.bankName,
    bank_account_number: org.bankAccountNumber,
    bank_ifsc: org.bankIfsc,
    bank_branch: org.bankBranch,
    upi_id: org.upiId,
  }
}

/** The name, and each invoice detail that the input names (absent ones stay as they are). */
export async function updateOrganisationRow(
  tx: Tx,
  orgId: string,
  input: { name: string } & Partial<Record<keyof OrganisationBilling, string | null | undefined>>,
) {
  const [org] = await tx
    .update(organisations)
    .set({
      name: input.name,
      gstin: input.gstin,
      address: input.address,
      bankAccountName: input.bank_account_name,
      bankName: input.bank_name,
      bankAccountNumber: input.bank_account_number,
      bankIfsc: input.bank_ifsc,
      bankBranch: input.bank_branch,
      upiId: input.upi_id,
      updatedAt: new Date(),
      version: sql`${organisations.version} + 1`,
    })
    .where(eq(organisations.orgId, orgId))
    .returning()
  if (!org) throw notFound('Organisation not found.')
  return org
}
