import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const organisations = pgTable('organisations', {
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
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
