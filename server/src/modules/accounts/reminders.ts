import {
  accountMessages,
  accountsToday,
  defaultPaymentReminderSettings,
  hourIn,
  type PaymentReminderSettings,
  type paymentReminderSettingsInput,
  reminderMessages,
} from '@daftar/domain'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, preconditionFailed } from '../../platform/errors.ts'
import { enqueue, enqueueMany } from '../../platform/outbox.ts'
import { organisations } from '../organisations/schema.ts'
import { clientEmailOf, type InvoiceMail } from './documents.ts'
import { requireAccountant } from './kinds.ts'
import { findDocument } from './queries.ts'
import { accountInvoices, receivableReminders } from './schema.ts'

/** Reminders go to clients from this hour of the organisation's morning, as the task reminders do. */
export const PAYMENT_REMINDER_HOUR = 8

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** The invoice's client's first contact e-mail, in SQL (the order of clients.contacts), or null. */
const contactEmailSql = sql`(select nullif(trim(e.value->>'email'), '') from clients c,
  jsonb_array_elements(c.contacts) with ordinality e(value, n)
  where c.client_id = i.client_id and nullif(trim(e.value->>'email'), '') is not null order by e.n limit 1)`

/**
 * The scheduled payment reminders (docs/decisions.md, "Payment reminders"): each overdue receivable
 * (sent or partly paid, an amount due, not 'Do not remind') of an organisation with reminders on gets
 * the reminder of each of its organisation's steps (days after the due date) once. One statement for
 * every organisation: the latest step that applies is the claim, inserted into receivable_reminders
 * (ON CONFLICT DO NOTHING RETURNING) in the transaction that queues the mail, so two instances running
 * this at once send it once, and an invoice found 40 days overdue gets the 30-day reminder, not three
 * at once. Claims already made are skipped before the client's e-mail is looked up, and the
 * candidates are read from their index alone, so that a run that finds nothing new (most runs) stays
 * short on the embedded database's one connection. `now` is injected (the tests' clock).
 */
export async function sendPaymentReminders(deps: Deps, now = new Date()) {
  if (hourIn(deps.config.TIME_ZONE, now) < PAYMENT_REMINDER_HOUR) return 0
  // The days overdue are counted on the day OVERDUE is judged by (docs/decisions.md, "Accounts").
  const today = accountsToday(now)
  const defaultDays = JSON.stringify(defaultPaymentReminderSettings.days)
  return deps.db.transaction(async (tx) => {
    const claimed = await tx.execute<{
      invoice_id: string
      org_id: string
      to_email: string | null
      due: string
    }>(
      sql`
      with claimed as (
        insert into receivable_reminders (invoice_id, step, to_email)
        select i.invoice_id, s.step::text, ${contactEmailSql}
        from account_invoices i
        join organisations o on o.org_id = i.org_id
        cross join lateral (
          select max(d.value::int) as step
          from jsonb_array_elements_text(coalesce(o.payment_reminders->'days', ${defaultDays}::jsonb)) d(value)
          where i.due_date <= ${today}::date - d.value::int) s
        where i.kind = 'RECEIVABLE' and i.status in ('SENT', 'PARTIALLY_PAID') and i.amount_due > 0
          and not i.do_not_remind and i.due_date < ${today}::date and s.step is not null
          and coalesce((o.payment_reminders->>'enabled')::boolean, true)
          and not exists (select 1 from receivable_reminders r
            where r.invoice_id = i.invoice_id and r.step = s.step::text)
        on conflict do nothing
        returning invoice_id, to_email)
      select c.invoice_id, i.org_id, c.to_email, i.due_date::text as due
      from claimed c join account_invoices i on i.invoice_id = c.invoice_id`,
    )
    const mails = claimed.rows.filter((row) => row.to_email)
    // A few statements however many reminders are due (the first run after an import may claim
    // thousands): one INSERT a mail held the transaction, and the embedded database with it, for 20 s.
    const byOrg = new Map<string, typeof mails>()
    for (const row of mails) {
      const ofOrg = byOrg.get(row.org_id)
      if (ofOrg) ofOrg.push(row)
      else byOrg.set(row.org_id, [row])
    }
    for (const [orgId, rows] of byOrg)
      for (let at = 0; at < rows.length; at += ENQUEUE_BATCH)
        await enqueueMany(
          tx,
          'invoice-mail',
          rows.slice(at, at + ENQUEUE_BATCH).map(
            (row): InvoiceMail => ({
              orgId,
              invoiceId: row.invoice_id,
              to: row.to_email!,
              reminder: { daysOverdue: daysBetween(row.due, today) },
            }),
          ),
          orgId,
        )
    return mails.length
  })
}

/** Mails queued per statement: well under PostgreSQL's 65,535 parameters at three a row. */
const ENQUEUE_BATCH = 1_000

/** An organisation's payment reminder settings: what it saved, else the defaults. */
export async function reminderSettingsOf(db: DbOrTx, orgId: string): Promise<PaymentReminderSettings> {
  const [row] = await db
    .select({ saved: organisations.paymentReminders })
    .from(organisations)
    .where(eq(organisations.orgId, orgId))
  return { ...defaultPaymentReminderSettings, ...(row?.saved ?? {}) }
}

/** GET /admin/payment-reminders (admins). */
export async function paymentReminderSettingsFor(deps: Deps, ctx: RequestContext) {
  requireAdmin(ctx)
  return reminderSettingsOf(deps.db, ctx.orgId)
}

/**
 * PUT /admin/payment-reminders (admins): the whole of the settings, recorded in the audit trail. The
 * organisation's row is locked while the version is compared, so of two saves made on one version
 * exactly one wins (412 for the other), as with every other If-Match edit.
 */
export async function updatePaymentReminderSettings(
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof paymentReminderSettingsInput>,
  version: number | undefined,
) {
  requireAdmin(ctx)
  const settings = await deps.db.transaction(async (tx) => {
    await tx
      .select({ id: organisations.orgId })
      .from(organisations)
      .where(eq(organisations.orgId, ctx.orgId))
      .for('update')
    const before = await reminderSettingsOf(tx, ctx.orgId)
    if (version !== undefined && version !== before.version) throw preconditionFailed()
    const after: PaymentReminderSettings = { ...input, version: before.version + 1 }
    await tx
      .update(organisations)
      .set({ paymentReminders: after, updatedAt: new Date() })
      .where(eq(organisations.orgId, ctx.orgId))
    await audit(tx, ctx, {
      action: 'UPDATE',
      entityType: 'ORGANISATION',
      entityId: ctx.orgId,
      before: { payment_reminders: before },
      after: { payment_reminders: after },
    })
    return after
  })
  return { message: reminderMessages.saved, settings }
}

/** POST /receivables/{id}/remind: one reminder now (admins and accountants), recorded as 'manual'. */
export async function remindNow(deps: Deps, ctx: RequestContext, invoiceId: string, now = new Date()) {
  requireAccountant(ctx, accountMessages.remindOnly)
  const doc = await findDocument(deps.db, ctx, 'RECEIVABLE', invoiceId)
  if (!['SENT', 'PARTIALLY_PAID'].includes(doc.status) || Number(doc.amountDue) <= 0)
    throw badRequest(accountMessages.remindNotDue)
  const to = await clientEmailOf(deps, doc)
  const today = accountsToday(now)
  const daysOverdue = doc.dueDate ? Math.max(0, daysBetween(doc.dueDate, today)) : 0
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(receivableReminders)
      .values({ invoiceId, step: 'manual', toEmail: to, sentBy: ctx.userId })
    await enqueue(
      tx,
      'invoice-mail',
      { orgId: ctx.orgId, invoiceId, to, reminder: { daysOverdue } } satisfies InvoiceMail,
      ctx.orgId,
    )
    await audit(tx, ctx, { action: 'REMIND', entityType: 'RECEIVABLE', entityId: invoiceId, after: { to } })
  })
  return { message: `A payment reminder for invoice ${doc.number} will be emailed to ${to}.` }
}

/** PUT /receivables/{id}/do-not-remind: excludes the invoice from (or returns it to) the scheduled reminders. */
export async function setDoNotRemind(deps: Deps, ctx: RequestContext, invoiceId: string, value: boolean) {
  requireAccountant(ctx, accountMessages.remindOnly)
  const doc = await findDocument(deps.db, ctx, 'RECEIVABLE', invoiceId)
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountInvoices)
      .set({ doNotRemind: value })
      .where(and(eq(accountInvoices.invoiceId, invoiceId), eq(accountInvoices.orgId, ctx.orgId)))
    await audit(tx, ctx, {
      action: 'UPDATE',
      entityType: 'RECEIVABLE',
      entityId: invoiceId,
      before: { do_not_remind: doc.doNotRemind },
      after: { do_not_remind: value },
    })
  })
  return {
    message: value
      ? `Invoice ${doc.number} will not be reminded.`
      : `Invoice ${doc.number} will be reminded when overdue.`,
  }
}

/** The reminders of one invoice, newest first (its detail shows them). */
export async function remindersOf(deps: Deps, invoiceId: string) {
  return deps.db
    .select({
      step: receivableReminders.step,
      to: receivableReminders.toEmail,
      sentAt: receivableReminders.sentAt,
    })
    .from(receivableReminders)
    .where(and(eq(receivableReminders.invoiceId, invoiceId)))
    .orderBy(desc(receivableReminders.sentAt))
}
