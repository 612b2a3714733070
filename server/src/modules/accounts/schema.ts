import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  authorshipColumns,
  generatedId,
  orgId,
  parentRef,
  timestamptz,
  userRef,
  version,
} from '../../db/columns.ts'
import { accountKindEnum, accountStatusEnum, gstTypeEnum, paymentModeEnum } from '../../db/enums.ts'
import { trigramIndex } from '../../db/indexes.ts'
import { clients } from '../clients/schema.ts'
import { projects } from '../projects/schema.ts'
import { suppliers } from '../suppliers/schema.ts'

const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0')

/**
 * Receivable invoices (kind RECEIVABLE, to a client) and payable bills (kind PAYABLE, from a
 * supplier) in one table: they mirror each other, so every query, index and rule is written once.
 * Amounts are numeric(14,2) rupees computed by the domain's GST function; amount_due is derived.
 */
export const accountInvoices = pgTable(
  'account_invoices',
  {
    invoiceId: generatedId('invoice_id'),
    orgId: orgId(),
    kind: accountKindEnum('kind').notNull(),
    clientId: uuid('client_id').references(() => clients.clientId),
    supplierId: uuid('supplier_id').references(() => suppliers.supplierId),
    projectId: uuid('project_id').references(() => projects.projectId),
    /** invoice_no of a receivable, vendor_invoice_no of a payable. */
    number: text('number').notNull(),
    /** invoice_date of a receivable, bill_date of a payable. */
    documentDate: date('document_date').notNull(),
    dueDate: date('due_date'),
    description: text('description'),
    status: accountStatusEnum('status').notNull().default('DRAFT'),
    gstType: gstTypeEnum('gst_type').notNull(),
    isRcm: boolean('is_rcm').notNull().default(false),
    subtotal: money('subtotal'),
    cgstAmount: money('cgst_amount'),
    sgstAmount: money('sgst_amount'),
    igstAmount: money('igst_amount'),
    roundOff: money('round_off'),
    totalAmount: money('total_amount'),
    amountPaid: money('amount_paid'),
    amountDue: numeric('amount_due', { precision: 14, scale: 2 })
      .notNull()
      .generatedAlwaysAs(sql`case when status = 'CANCELLED' then 0 else total_amount - amount_paid end`),
    pdfKey: text('invoice_pdf_s3_key'),
    /** 'Do not remind': no payment reminder goes for this invoice (docs/decisions.md, "Payment reminders"). */
    doNotRemind: boolean('do_not_remind').notNull().default(false),
    ...authorshipColumns(),
    version: version(),
  },
  (t) => [
    // The lists: default sort, due date, amount; status filters, overdue and the summary.
    index('account_invoices_date_idx').on(t.orgId, t.kind, t.documentDate.desc(), t.invoiceId),
    index('account_invoices_due_idx').on(t.orgId, t.kind, t.dueDate, t.invoiceId),
    index('account_invoices_total_idx').on(t.orgId, t.kind, t.totalAmount, t.invoiceId),
    index('account_invoices_status_idx').on(t.orgId, t.kind, t.status, t.dueDate),
    // Search: numbers by prefix, parties and projects by id.
    index('account_invoices_number_idx').on(t.orgId, t.kind, sql`lower(${t.number}) text_pattern_ops`),
    index('account_invoices_client_idx').on(t.orgId, t.clientId),
    index('account_invoices_supplier_idx').on(t.orgId, t.supplierId),
    index('account_invoices_project_idx').on(t.orgId, t.projectId),
    // Global search (modules/search, docs/decisions.md "Search"): any part of a number.
    trigramIndex('account_invoices_number_trgm', t.number),
    index('account_invoices_pdf_idx').on(t.pdfKey).where(sql`invoice_pdf_s3_key is not null`),
    // The payment reminders job's candidates: receivables still owed, not excluded, by due date, with
    // what the job reads of them, so that a run that finds every reminder claimed reads only this.
    index('account_invoices_remind_idx')
      .on(t.dueDate, t.orgId, t.invoiceId, t.clientId)
      .where(
        sql`kind = 'RECEIVABLE' and status in ('SENT', 'PARTIALLY_PAID') and amount_due > 0 and not do_not_remind`,
      ),
    uniqueIndex('account_invoices_receivable_no_key')
      .on(t.orgId, sql`lower(${t.number})`)
      .where(sql`kind = 'RECEIVABLE'`),
    uniqueIndex('account_invoices_payable_no_key')
      .on(t.orgId, t.supplierId, sql`lower(${t.number})`)
      .where(sql`kind = 'PAYABLE'`),
    check(
      'account_invoices_party_check',
      sql`(kind = 'RECEIVABLE' and client_id is not null and supplier_id is null) or (kind = 'PAYABLE' and supplier_id is not null and client_id is null)`,
    ),
    check(
      'account_invoices_status_check',
      sql`(kind = 'RECEIVABLE' and status <> 'RECEIVED') or (kind = 'PAYABLE' and status <> 'SENT')`,
    ),
    // The last line of defence against overpaying: the database refuses it whatever the code does.
    check('account_invoices_paid_check', sql`amount_paid >= 0 and amount_paid <= total_amount`),
  ],
)

/** The line items of an invoice or bill, in order; replaced as a whole on every edit. */
export const accountInvoiceLines = pgTable(
  'account_invoice_lines',
  {
    invoiceId: parentRef('invoice_id', () => accountInvoices.invoiceId),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    sacCode: text('sac_code'),
    qty: numeric('qty', { precision: 12, scale: 3 }).notNull(),
    unit: text('unit').notNull(),
    rate: numeric('rate', { precision: 14, scale: 2 }).notNull(),
    gstRate: smallint('gst_rate').notNull(),
    basicAmount: numeric('basic_amount', { precision: 14, scale: 2 }).notNull(),
    gstAmount: numeric('gst_amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('account_invoice_lines_key').on(t.invoiceId, t.position),
    check('account_invoice_lines_rate_check', sql`gst_rate in (0, 5, 12, 18, 28)`),
  ],
)

export const accountPayments = pgTable(
  'account_payments',
  {
    paymentId: generatedId('payment_id'),
    orgId: orgId(),
    invoiceId: parentRef('invoice_id', () => accountInvoices.invoiceId),
    /** The document's kind, kept here so that Received / Paid sums read payments alone. */
    kind: accountKindEnum('kind').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    paymentDate: date('payment_date').notNull(),
    mode: paymentModeEnum('mode').notNull(),
    transactionId: text('transaction_id'),
    notes: text('notes'),
    /** The Idempotency-Key of the request that recorded it: a retry finds this row. */
    idempotencyKey: text('idempotency_key'),
    recordedBy: userRef('recorded_by'),
    updatedBy: userRef('updated_by'),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    index('account_payments_invoice_idx').on(t.invoiceId, t.paymentDate),
    index('account_payments_date_idx').on(t.orgId, t.kind, t.paymentDate),
    uniqueIndex('account_payments_key').on(t.orgId, t.idempotencyKey).where(sql`idempotency_key is not null`),
    check('account_payments_amount_check', sql`amount > 0`),
  ],
)

/**
 * The payment reminders sent (docs/decisions.md, "Payment reminders"): a scheduled one is claimed by
 * inserting its row (ON CONFLICT DO NOTHING RETURNING) in the transaction that queues its mail, so each
 * step (days after the due date) goes once whichever instance runs the job. Manual ones ('manual') may
 * repeat; a client without a contact e-mail is recorded with no address, so the invoice shows why.
 */
export const receivableReminders = pgTable(
  'receivable_reminders',
  {
    reminderId: generatedId('reminder_id'),
    invoiceId: parentRef('invoice_id', () => accountInvoices.invoiceId),
    /** The days after the due date of the scheduled step ('3', '10', '30'), or 'manual'. */
    step: text('step').notNull(),
    /** The address it went to; null when the client has no contact e-mail (nothing was sent). */
    toEmail: text('to_email'),
    sentBy: userRef('sent_by'),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receivable_reminders_step_key').on(t.invoiceId, t.step).where(sql`step <> 'manual'`),
    index('receivable_reminders_invoice_idx').on(t.invoiceId, t.sentAt),
  ],
)

/**
 * What is still owed on live documents (SENT, RECEIVED, PARTIALLY_PAID with something due), summed by
 * organisation, kind and due date, kept by triggers on account_invoices (migration 0022). Aging and
 * overdue are a function of the due date alone, so the home page reads a few hundred of these rows
 * instead of summing every open document on each request (docs/decisions.md, "The home page").
 */
export const accountDueTotals = pgTable(
  'account_due_totals',
  {
    orgId: orgId(),
    kind: accountKindEnum('kind').notNull(),
    /** Null for a document without a due date (it counts as current). */
    dueDate: date('due_date'),
    documents: integer('documents').notNull().default(0),
    /** Wider than a document's amount: a sum of many. */
    amountDue: numeric('amount_due', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('account_due_totals_key').on(t.orgId, t.kind, t.dueDate).nullsNotDistinct()],
)
