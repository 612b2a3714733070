import fs from 'node:fs'
import path from 'node:path'
import { accountMessages, addDays, reminderMessages } from '@daftar/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AccountsOrg,
  accountsOrg,
  as,
  createReceivable,
  day,
  paymentBody,
  receivable,
  sentReceivable,
} from '../../../test/accounts-helpers.ts'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createClient } from '../../../test/registers-helpers.ts'
import { organisations } from '../organisations/schema.ts'
import { sendPaymentReminders } from './reminders.ts'
import { accountInvoices } from './schema.ts'

let server: TestServer
let org: AccountsOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server)
  await server.deps.db
    .update(organisations)
    .set({ upiId: 'demo@okbank' })
    .where(eq(organisations.orgId, org.orgId))
})
afterAll(() => server.close())

/** The fake clock: 10:00 in India on the day `offset` days from today. */
const at = (offset: number, time = '10:00') => new Date(`${addDays(day(0), offset)}T${time}:00+05:30`)

async function stepsOf(id: string, on = server) {
  const rows = await on.deps.db.execute<{ step: string; to_email: string | null }>(
    sql`select step, to_email from receivable_reminders where invoice_id = ${id} order by sent_at, step`,
  )
  return rows.rows.map((r) => `${r.step}:${r.to_email ?? '-'}`)
}

/** The mails in the outbox directory, quoted-printable soft breaks undone. */
function mails() {
  const dir = server.config.outboxDir
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir).map((f) =>
    fs
      .readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  )
}

describe('the payment reminder job', () => {
  it('counts the days overdue in India time, as OVERDUE does, whatever TIME_ZONE says', async () => {
    const west = await startTestServer({ TIME_ZONE: 'America/Los_Angeles' })
    try {
      const firm = await accountsOrg(west)
      const id = await sentReceivable(west, firm.accountant, firm.clientId, {
        invoice_no: 'REM-WEST',
        invoice_date: day(-20),
        due_date: day(-3),
      })
      // 10:00 in India three days after the due date is 20:30 of the day before in Los Angeles: the
      // invoice has been OVERDUE for three days, and its 3-day reminder is due.
      expect(await sendPaymentReminders(west.deps, at(0))).toBe(1)
      expect(await stepsOf(id, west)).toEqual(['3:meera@sunrise.test'])
    } finally {
      await west.close()
    }
  })

  it('sends each step once per overdue invoice, even with two instances at once, and stops when paid', async () => {
    const due5 = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_no: 'REM-5',
      invoice_date: day(-20),
      due_date: day(-5),
    })
    const due12 = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_no: 'REM-12',
      invoice_date: day(-20),
      due_date: day(-12),
    })
    const due40 = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_no: 'REM-40',
      invoice_date: day(-50),
      due_date: day(-40),
    })
    const excluded = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_date: day(-20),
      due_date: day(-5),
    })
    await server.deps.db
      .update(accountInvoices)
      .set({ doNotRemind: true })
      .where(eq(accountInvoices.invoiceId, excluded))
    const draft = await createReceivable(server, org.accountant, org.clientId, {
      invoice_date: day(-20),
      due_date: day(-5),
    })
    const paid = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_date: day(-20),
      due_date: day(-5),
    })
    expect(
      (await as(server, org.accountant).post(`/receivables/${paid}/payments`, paymentBody(2950))).statusCode,
    ).toBe(201)
    const notYet = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_date: day(-20),
      due_date: day(-2),
    })
    const silentClient = await createClient(server, org.admin.token, { name: 'No Mail Ltd' })
    const silent = await sentReceivable(server, org.accountant, silentClient, {
      invoice_date: day(-20),
      due_date: day(-5),
    })

    // Before 08:00 in the organisation's zone nothing goes.
    expect(await sendPaymentReminders(server.deps, at(0, '07:30'))).toBe(0)
    // Two instances at once: each reminder is claimed once.
    const [a, b] = await Promise.all([
      sendPaymentReminders(server.deps, at(0)),
      sendPaymentReminders(server.deps, at(0)),
    ])
    expect(a + b).toBe(3)
    expect(await stepsOf(due5)).toEqual(['3:meera@sunrise.test'])
    expect(await stepsOf(due12)).toEqual(['10:meera@sunrise.test'])
    // Found 40 days overdue: only the latest step, not three mails at once.
    expect(await stepsOf(due40)).toEqual(['30:meera@sunrise.test'])
    for (const id of [excluded, draft, paid, notYet]) expect(await stepsOf(id)).toEqual([])
    // No contact e-mail: recorded without an address (nothing sent), so the invoice shows why.
    expect(await stepsOf(silent)).toEqual(['3:-'])
    expect(await sendPaymentReminders(server.deps, at(0))).toBe(0)

    await server.deps.outbox.drain()
    const mail = mails().find((m) => m.includes('Subject: Payment reminder: invoice REM-5'))
    expect(mail).toBeDefined()
    expect(mail).toContain('To: meera@sunrise.test')
    expect(mail).toContain('5 days overdue')
    expect(mail).toContain('upi://pay?pa=demo@okbank')
    expect(mail).toMatch(/filename="?Invoice REM-5\.pdf"?/)

    // A week later REM-5 reaches its 10-day step and the other its 3-day one; REM-12 (19 days) waits.
    expect(await sendPaymentReminders(server.deps, at(7))).toBe(2)
    expect(await stepsOf(notYet)).toEqual(['3:meera@sunrise.test'])
    expect(await stepsOf(due12)).toEqual(['10:meera@sunrise.test'])
    expect(await stepsOf(due5)).toEqual(['3:meera@sunrise.test', '10:meera@sunrise.test'])
    // A payment that clears the due stops the rest.
    expect(
      (await as(server, org.accountant).post(`/receivables/${due12}/payments`, paymentBody(2950))).statusCode,
    ).toBe(201)
    await sendPaymentReminders(server.deps, at(30))
    expect(await stepsOf(due12)).toEqual(['10:meera@sunrise.test'])
    expect(await stepsOf(due5)).toEqual([
      '3:meera@sunrise.test',
      '10:meera@sunrise.test',
      '30:meera@sunrise.test',
    ])
  })
})

describe('POST /receivables/{id}/remind', () => {
  it('sends one now for admins and accountants, recorded as manual, and may repeat', async () => {
    const id = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_no: 'REM-NOW',
      invoice_date: day(-20),
      due_date: day(-4),
    })
    for (const who of [org.accountant, org.admin]) {
      const res = await as(server, who).post(`/receivables/${id}/remind`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().message).toBe(
        'A payment reminder for invoice REM-NOW will be emailed to meera@sunrise.test.',
      )
    }
    expect(await stepsOf(id)).toEqual(['manual:meera@sunrise.test', 'manual:meera@sunrise.test'])
    await server.deps.outbox.drain()
    expect(mails().filter((m) => m.includes('Subject: Payment reminder: invoice REM-NOW'))).toHaveLength(2)
  })

  it('is refused to staff, hidden from other organisations, and refused for drafts, paid invoices and clients without e-mail', async () => {
    const id = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_date: day(-20),
      due_date: day(-4),
    })
    const staff = await as(server, org.staff).post(`/receivables/${id}/remind`)
    expect(staff.statusCode).toBe(403)
    const other = await accountsOrg(server, 'Other Org')
    expect((await as(server, other.admin).post(`/receivables/${id}/remind`)).statusCode).toBe(404)
    expect(await stepsOf(id)).toEqual([])

    const draft = await createReceivable(server, org.admin, org.clientId)
    const refused = await as(server, org.admin).post(`/receivables/${draft}/remind`)
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused)).toBe(accountMessages.remindNotDue)
    const paid = await sentReceivable(server, org.admin, org.clientId)
    await as(server, org.admin).post(`/receivables/${paid}/payments`, paymentBody(2950))
    expect((await as(server, org.admin).post(`/receivables/${paid}/remind`)).statusCode).toBe(400)
    const silent = await createClient(server, org.admin.token, { name: 'Quiet Ltd' })
    const noMail = await sentReceivable(server, org.admin, silent)
    const res = await as(server, org.admin).post(`/receivables/${noMail}/remind`)
    expect(res.statusCode).toBe(422)
    expect(errorOf(res)).toBe(accountMessages.noContactEmail)
  })
})

describe("'Do not remind' and the invoice's reminders", () => {
  it('excludes an invoice from the job (admins and accountants) and the detail lists the reminders sent', async () => {
    const id = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_no: 'REM-OFF',
      invoice_date: day(-20),
      due_date: day(-4),
    })
    expect(
      (await as(server, org.staff).put(`/receivables/${id}/do-not-remind`, { do_not_remind: true }))
        .statusCode,
    ).toBe(403)
    const other = await accountsOrg(server, 'Third Org')
    expect(
      (await as(server, other.admin).put(`/receivables/${id}/do-not-remind`, { do_not_remind: true }))
        .statusCode,
    ).toBe(404)
    const off = await as(server, org.accountant).put(`/receivables/${id}/do-not-remind`, {
      do_not_remind: true,
    })
    expect(off.statusCode, off.body).toBe(200)
    await sendPaymentReminders(server.deps, at(0))
    expect(await stepsOf(id)).toEqual([])
    expect((await receivable(server, org.admin, id)).do_not_remind).toBe(true)
    await as(server, org.admin).put(`/receivables/${id}/do-not-remind`, { do_not_remind: false })
    await sendPaymentReminders(server.deps, at(0))
    await as(server, org.admin).post(`/receivables/${id}/remind`)
    const detail = await receivable(server, org.admin, id)
    expect(detail.do_not_remind).toBe(false)
    expect(detail.reminders.map((r: { step: string; to: string }) => `${r.step}:${r.to}`)).toEqual([
      'manual:meera@sunrise.test',
      '3:meera@sunrise.test',
    ])
  })
})

describe('the payment reminder settings (GET/PUT /admin/payment-reminders)', () => {
  const settings = {
    enabled: true,
    days: [7, 1],
    sender_name: 'Settings Org Accounts',
    reply_to: 'accounts@settings.test',
    subject: 'Reminder {invoice_no}: {amount_due} due',
    body: 'Hello {client},\n{invoice_no} is {days_overdue} days late; {amount_due} due since {due_date}.\nUPI: {upi_link}\nThanks, {organisation}',
  }

  it('answers the defaults until saved, to admins only, and refuses unknown placeholders and bad days', async () => {
    const own = await accountsOrg(server, 'Settings Org')
    const fresh = await as(server, own.admin).get('/admin/payment-reminders')
    expect(fresh.statusCode).toBe(200)
    expect(fresh.json()).toMatchObject({
      enabled: true,
      days: [3, 10, 30],
      sender_name: null,
      reply_to: null,
    })
    for (const who of [own.accountant, own.staff]) {
      expect((await as(server, who).get('/admin/payment-reminders')).statusCode).toBe(403)
      expect((await as(server, who).put('/admin/payment-reminders', settings)).statusCode).toBe(403)
    }
    const unknown = await as(server, own.admin).put('/admin/payment-reminders', {
      ...settings,
      body: 'Dear {customer}',
    })
    expect(unknown.statusCode).toBe(400)
    expect(errorOf(unknown)).toContain('Unknown placeholder {customer}.')
    for (const days of [[], [0], [3, 3], [1, 2, 3, 4, 5, 6]])
      expect(
        (await as(server, own.admin).put('/admin/payment-reminders', { ...settings, days })).statusCode,
      ).toBe(400)
    const badReply = await as(server, own.admin).put('/admin/payment-reminders', {
      ...settings,
      reply_to: 'nope',
    })
    expect(errorOf(badReply)).toBe(reminderMessages.replyTo)
    expect((await as(server, own.admin).get('/admin/payment-reminders')).json().days).toEqual([3, 10, 30])
  })

  it('carries a version: a save made on an older one answers 412 and changes nothing', async () => {
    const own = await accountsOrg(server, 'Versioned Org')
    const admin = as(server, own.admin)
    expect((await admin.get('/admin/payment-reminders')).json().version).toBe(1)
    const first = await admin.put('/admin/payment-reminders', settings, { 'if-match': '1' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().settings.version).toBe(2)
    const stale = await admin.put(
      '/admin/payment-reminders',
      { ...settings, days: [30] },
      { 'if-match': '1' },
    )
    expect(stale.statusCode).toBe(412)
    expect((await admin.get('/admin/payment-reminders')).json()).toMatchObject({ days: [1, 7], version: 2 })
    const next = await admin.put('/admin/payment-reminders', { ...settings, days: [30] }, { 'if-match': '2' })
    expect(next.json().settings).toMatchObject({ days: [30], version: 3 })
  })

  it("drives the job by the organisation's days and words, and sends nothing when turned off", async () => {
    const own = await accountsOrg(server, 'Worded Org')
    const saved = await as(server, own.admin).put('/admin/payment-reminders', settings)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().settings.days).toEqual([1, 7])
    const late2 = await sentReceivable(server, own.accountant, own.clientId, {
      invoice_no: 'WORD-2',
      invoice_date: day(-20),
      due_date: day(-2),
    })
    // Another organisation keeps the defaults: 2 days overdue is before its first step (3).
    const theirs = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_no: 'DEFAULT-2',
      invoice_date: day(-20),
      due_date: day(-2),
    })
    await sendPaymentReminders(server.deps, at(0))
    expect(await stepsOf(late2)).toEqual(['1:meera@sunrise.test'])
    expect(await stepsOf(theirs)).toEqual([])
    await server.deps.outbox.drain()
    // The subject holds '₹', so it is MIME-encoded: the mail is found by its text.
    const mail = mails().find((m) => m.includes('WORD-2 is 2 days late'))
    expect(mail).toBeDefined()
    // 'Reminder WORD-2: ₹2,950 due', as the header encodes it.
    expect(mail).toContain('Subject: =?UTF-8?Q?Reminder_WORD-2=3A_=E2=82=B92=2C950_due?')
    expect(mail).toContain('From: Settings Org Accounts <')
    expect(mail).toContain('Reply-To: accounts@settings.test')
    expect(mail).toContain('WORD-2 is 2 days late')
    expect(mail).toContain('Thanks, Worded Org')
    // Worded Org has no UPI id: the line naming the link is left out.
    expect(mail).not.toContain('UPI:')

    await as(server, own.admin).put('/admin/payment-reminders', { ...settings, enabled: false })
    await sendPaymentReminders(server.deps, at(6))
    expect(await stepsOf(late2)).toEqual(['1:meera@sunrise.test'])
    await as(server, own.admin).put('/admin/payment-reminders', settings)
    await sendPaymentReminders(server.deps, at(6))
    expect(await stepsOf(late2)).toEqual(['1:meera@sunrise.test', '7:meera@sunrise.test'])
  })
})
