import { date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { projectInvoiceStatusEnum } from '../../db/enums.ts'
import { projects } from '../projects/schema.ts'
import { users } from '../users/schema.ts'

export const projectInvoices = pgTable(
  'project_invoices',
  {
    invoiceId: uuid('invoice_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.projectId),
    invoiceNo: text('invoice_no').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    costIncurred: numeric('cost_incurred', { precision: 14, scale: 2 }),
    invoiceDate: date('invoice_date').notNull(),
    status: projectInvoiceStatusEnum('status').notNull().default('PENDING'),
    pdfKey: text('invoice_pdf_s3_key').notNull(),
    transactionId: text('transaction_id'),
    clearanceDate: date('clearance_date'),
    clearedBy: uuid('cleared_by').references(() => users.userId),
    createdBy: uuid('created_by').references(() => users.userId),
    updatedBy: uuid('updated_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('project_invoices_project_idx').on(t.orgId, t.projectId, t.invoiceDate),
    index('project_invoices_pdf_idx').on(t.pdfKey),
  ],
)
