import { accountsAccessOptions } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const organisations = pgTable(
  'organisations',
  {
    orgId: uuid('org_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Login accounts the provider allows; null means no limit. */
    userLimit: integer('user_limit'),
    /** What invoices print (admin settings): GSTIN, address, bank details, UPI id. */
    gstin: text('gstin'),
    address: text('address'),
    bankAccountName: text('bank_account_name'),
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number'),
    bankIfsc: text('bank_ifsc'),
    bankBranch: text('bank_branch'),
    upiId: text('upi_id'),
    /** Who can open Accounts (admin settings): everyone, or admins and accountants only. */
    accountsAccess: text('accounts_access', { enum: accountsAccessOptions }).notNull().default('EVERYONE'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'organisations_accounts_access_check',
      sql`${t.accountsAccess} in ('EVERYONE', 'ADMINS_AND_ACCOUNTANTS')`,
    ),
  ],
)
