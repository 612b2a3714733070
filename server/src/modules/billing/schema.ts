import { date, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { authorshipColumns, generatedId, orgId, userRef, version } from '../../db/columns.ts'
import { projectInvoiceStatusEnum } from '../../db/enums.ts'
import { projects } from '../projects/schema.ts'

export const projectInvoices = pgTable(
  'project_invoices',
  {
    invoiceId: generatedId('invoice_id'),
    orgId: orgId(),
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
    clearedBy: userRef('cleared_by'),
    ...authorshipColumns(),
    version: version(),
  },
  (t) => [
    index('project_invoices_project_idx').on(t.orgId, t.projectId, t.invoiceDate),
    index('project_invoices_pdf_idx').on(t.pdfKey),
  ],
)
