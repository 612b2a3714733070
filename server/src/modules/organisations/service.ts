import {
  type AccountsAccess,
  type OrganisationBilling,
  userLimitMessage,
  userLimitReached,
} from '@daftar/domain'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { notFound, unprocessable } from '../../platform/errors.ts'
import { countRows } from '../../platform/listing.ts'
import { users } from '../users/schema.ts'
import { organisations } from './schema.ts'

export async function getOrganisation(db: DbOrTx, orgId: string) {
  const [org] = await db.select().from(organisations).where(eq(organisations.orgId, orgId))
  if (!org) throw notFound('Organisation not found.')
  return org
}

/** Login accounts that count against the provider's limit: the active ones. */
export async function countLoginAccounts(db: DbOrTx, orgId: string): Promise<number> {
  return countRows(db, users, and(eq(users.orgId, orgId), eq(users.isActive, true)))
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
type BillingKey = keyof OrganisationBilling

/** The column of each invoice detail, which the API names in snake_case. */
const billingColumns = {
  gstin: 'gstin',
  address: 'address',
  bank_account_name: 'bankAccountName',
  bank_name: 'bankName',
  bank_account_number: 'bankAccountNumber',
  bank_ifsc: 'bankIfsc',
  bank_branch: 'bankBranch',
  upi_id: 'upiId',
} as const satisfies Record<BillingKey, keyof OrganisationRow>
const billingKeys = Object.keys(billingColumns) as BillingKey[]

/** The invoice details of an organisation, as the API names them. */
export function organisationBilling(org: OrganisationRow): OrganisationBilling {
  return Object.fromEntries(billingKeys.map((key) => [key, org[billingColumns[key]]])) as OrganisationBilling
}

/** The name, and each invoice detail that the input names, as columns (absent ones stay as they are). */
export function organisationColumns(
  input: { name: string; accounts_access?: AccountsAccess; require_two_factor?: boolean } & Partial<
    Record<BillingKey, string | null | undefined>
  >,
): Partial<OrganisationRow> {
  return Object.fromEntries([
    ['name', input.name],
    ['accountsAccess', input.accounts_access],
    ['requireTwoFactor', input.require_two_factor],
    ...billingKeys.map((key) => [billingColumns[key], input[key]]),
  ])
}

/** Who can open the organisation's Accounts (docs/decisions.md, "Accounts (receivables, payables, payments)"). */
export async function accountsAccessOf(db: DbOrTx, orgId: string): Promise<AccountsAccess> {
  const [org] = await db
    .select({ access: organisations.accountsAccess })
    .from(organisations)
    .where(eq(organisations.orgId, orgId))
  return org?.access ?? 'ADMINS_AND_ACCOUNTANTS'
}
