import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { accountMessages, kindWords } from '@daftar/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AccountsOrg,
  accountsOrg,
  as,
  createReceivable,
  day,
  invoiceBody,
  openAccountsTo,
  paymentBody,
  receivable,
  sentReceivable,
} from '../../../test/accounts-helpers.ts'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createClient, createProject } from '../../../test/registers-helpers.ts'
import { migrationsFolder } from '../../db/migrate.ts'
import { auditEvents } from '../../platform/schema.ts'
import { accountInvoices } from './schema.ts'

let server: TestServer
let org: AccountsOrg
const words = kindWords.RECEIVABLE

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server)
})
afterAll(() => server.close())

describe('creating a receivable invoice', () => {
  it('stores a DRAFT with every amount computed on the server, whatever the client sent', async () => {
    const res = await as(server, org.accountant).post(
      '/receivables',
      invoiceBody(org.clientId, {
        invoice_no: 'INV-001',
        project_id: org.projectId,
        description: 'Phase 1',
        total_amount: 1, // ignored: the server computes
        line_items: [
          { description: 'Design', sac_code: '998331', qty: 2, unit: 'Nos', rate: 1250, gst_rate: 18 },
          { description: 'Chemicals', sac_code: '3824', qty: '1', unit: 'Kg', rate: '499.50', gst_rate: 12 },
          { description: '   ', qty: 1, rate: 100 }, // blank: dropped
          { description: 'Zero qty', qty: 0, rate: 100 }, // qty 0: dropped
        ],
      }),
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().message).toBe(words.created)
    const inv = await receivable(server, org.admin, res.json().receivable_id)
    expect(inv).toMatchObject({
      status: 'DRAFT',
      invoice_no: 'INV-001',
      client_id: org.clientId,
      client_name: 'Sunrise Textiles',
      client_gstin: '27AAACS1234A1Z2',
      project_id: org.projectId,
      project_name: 'ETP Upgrade',
      description: 'Phase 1',
      gst_type: 'INTRASTATE',
      is_rcm: false,
      subtotal: 2999.5,
      cgst_amount: 254.97,
      sgst_amount: 254.97,
      igst_amount: 0,
      round_off: -0.44,
      total_amount: 3509,
      amount_paid: 0,
      amount_due: 3509,
      invoice_pdf_s3_key: null,
      payment_details: [],
      created_by_username: org.accountant.username,
      updated_by_username: org.accountant.username,
      version: 1,
    })
    expect(inv.line_items).toEqual([
      {
        description: 'Design',
        sac_code: '998331',
        qty: 2,
        unit: 'Nos',
        rate: 1250,
        gst_rate: 18,
        basic_amount: 2500,
        gst_amount: 450,
      },
      {
        description: 'Chemicals',
        sac_code: '3824',
        qty: 1,
        unit: 'Kg',
        rate: 499.5,
        gst_rate: 12,
        basic_amount: 499.5,
        gst_amount: 59.94,
      },
    ])
    // Money is numeric(14,2) in the database, never a float.
    const [row] = await server.deps.db
      .select({ total: accountInvoices.totalAmount, due: accountInvoices.amountDue })
      .from(accountInvoices)
      .where(eq(accountInvoices.invoiceId, inv.receivable_id))
    expect(row).toEqual({ total: '3509.00', due: '3509.00' })
  })

  it('puts the tax in IGST for INTERSTATE and adds none with RCM or EXEMPT', async () => {
    const lines = [{ description: 'Pump', qty: 3, rate: 999.99, gst_rate: 28 }]
    const inter = await createReceivable(server, org.admin, org.clientId, {
      gst_type: 'INTERSTATE',
      line_items: lines,
    })
    expect(await receivable(server, org.admin, inter)).toMatchObject({
      subtotal: 2999.97,
      cgst_amount: 0,
      sgst_amount: 0,
      igst_amount: 839.99,
      round_off: 0.04,
      total_amount: 3840,
    })
    const rcm = await createReceivable(server, org.admin, org.clientId, { is_rcm: true, line_items: lines })
    expect(await receivable(server, org.admin, rcm)).toMatchObject({
      is_rcm: true,
      cgst_amount: 0,
      igst_amount: 0,
      total_amount: 3000,
      round_off: 0.03,
    })
    const exempt = await createReceivable(server, org.admin, org.clientId, {
      gst_type: 'EXEMPT',
      line_items: lines,
    })
    expect((await receivable(server, org.admin, exempt)).total_amount).toBe(3000)
  })

  it('answers the spec’s messages for a missing client, number or valid line, and refuses other GST rates', async () => {
    const post = (body: Record<string, unknown>) => as(server, org.admin).post('/receivables', body)
    const cases: [Record<string, unknown>, string][] = [
      [{ client_id: '' }, accountMessages.clientRequired],
      [{ client_id: undefined }, accountMessages.clientRequired],
      [{ invoice_no: '  ' }, accountMessages.invoiceNoRequired],
      [{ line_items: [] }, accountMessages.lineItemRequired],
      [
        {
          line_items: [
            { description: '', qty: 1, rate: 10 },
            { description: 'x', qty: -1, rate: 1 },
          ],
        },
        accountMessages.lineItemRequired,
      ],
      [{ line_items: [{ description: 'x', qty: 1, rate: -5 }] }, accountMessages.lineItemRequired],
      [{ line_items: [{ description: 'x', qty: 1, rate: 5, gst_rate: 7 }] }, accountMessages.gstRate],
      [{ invoice_date: '' }, accountMessages.invoiceDateRequired],
      // Given, but no day on the calendar: not 'required'.
      [{ invoice_date: '2026-02-30' }, 'Dates must be YYYY-MM-DD.'],
      [{ due_date: day(-30) }, accountMessages.dueBeforeDate],
      [{ gst_type: 'GST' }, 'Invalid GST type.'],
    ]
    for (const [change, message] of cases) {
      const res = await post(invoiceBody(org.clientId, change))
      expect(res.statusCode, JSON.stringify(change)).toBe(400)
      expect(errorOf(res)).toBe(message)
    }
  })

  it('takes an empty project and due date as none, and keeps a project to its own client', async () => {
    const id = await createReceivable(server, org.admin, org.clientId, { project_id: '', due_date: '' })
    expect(await receivable(server, org.admin, id)).toMatchObject({ project_id: null, due_date: null })
    const other = await createClient(server, org.admin.token, { name: 'Other Client' })
    const otherProject = await createProject(server, org.admin.token, other, { name: 'Other Project' })
    const res = await as(server, org.admin).post(
      '/receivables',
      invoiceBody(org.clientId, { project_id: otherProject }),
    )
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe(accountMessages.projectOfOtherClient)
  })

  it('refuses a second invoice with the same number (any case) with 409', async () => {
    await createReceivable(server, org.admin, org.clientId, { invoice_no: 'DUP-7' })
    const res = await as(server, org.admin).post(
      '/receivables',
      invoiceBody(org.clientId, { invoice_no: 'dup-7' }),
    )
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toBe(words.duplicate)
  })
})

describe('editing', () => {
  it('recomputes the amounts, bumps the version and answers 412 to a stale If-Match', async () => {
    const id = await createReceivable(server, org.accountant, org.clientId)
    const before = await receivable(server, org.admin, id)
    const body = invoiceBody(org.clientId, {
      invoice_no: before.invoice_no,
      line_items: [{ description: 'More work', qty: 10, rate: 100, gst_rate: 5 }],
    })
    const ok = await as(server, org.accountant).put(`/receivables/${id}`, body, {
      'if-match': String(before.version),
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().message).toBe(words.updated)
    const after = await receivable(server, org.admin, id)
    expect(after).toMatchObject({
      version: 2,
      subtotal: 1000,
      cgst_amount: 25,
      sgst_amount: 25,
      total_amount: 1050,
    })
    expect(after.line_items).toHaveLength(1)
    const stale = await as(server, org.admin).put(`/receivables/${id}`, body, {
      'if-match': String(before.version),
    })
    expect(stale.statusCode).toBe(412)
    expect((await receivable(server, org.admin, id)).version).toBe(2)
  })

  it('refuses to bring the total below what has been paid, and moves PAID ↔ PARTIALLY_PAID with the total', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId) // 2950
    const paid = await as(server, org.admin).post(`/receivables/${id}/payments`, paymentBody(2000))
    expect(paid.statusCode, paid.body).toBe(201)
    const inv = await receivable(server, org.admin, id)
    const lower = invoiceBody(org.clientId, {
      invoice_no: inv.invoice_no,
      line_items: [{ description: 'Less', qty: 1, rate: 1000, gst_rate: 18 }],
    })
    const refused = await as(server, org.admin).put(`/receivables/${id}`, lower)
    expect(refused.statusCode).toBe(422)
    expect(errorOf(refused)).toBe(words.belowPaid('₹1,180', '₹2,000'))
    expect((await receivable(server, org.admin, id)).total_amount).toBe(2950)
    // Exactly the paid amount: PAID.
    const exact = invoiceBody(org.clientId, {
      invoice_no: inv.invoice_no,
      gst_type: 'EXEMPT',
      line_items: [{ description: 'Settled', qty: 1, rate: 2000, gst_rate: 18 }],
    })
    expect((await as(server, org.admin).put(`/receivables/${id}`, exact)).statusCode).toBe(200)
    expect(await receivable(server, org.admin, id)).toMatchObject({ status: 'PAID', amount_due: 0 })
    // Back up: PARTIALLY_PAID again.
    expect(
      (await as(server, org.admin).put(`/receivables/${id}`, { ...exact, gst_type: 'INTRASTATE' }))
        .statusCode,
    ).toBe(200)
    expect(await receivable(server, org.admin, id)).toMatchObject({
      status: 'PARTIALLY_PAID',
      amount_due: 360,
    })
  })
})

describe('Mark as Sent', () => {
  it('moves a draft to SENT once; a second time answers 409', async () => {
    const id = await createReceivable(server, org.accountant, org.clientId)
    const first = await as(server, org.accountant).put(`/receivables/${id}/send`)
    expect(first.statusCode).toBe(200)
    expect(first.json().message).toBe(words.markLive)
    expect((await receivable(server, org.admin, id)).status).toBe('SENT')
    const again = await as(server, org.admin).put(`/receivables/${id}/send`)
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toBe(words.markLiveOnlyDraft)
  })
})

describe('a ₹0 invoice', () => {
  const free = [{ description: 'Warranty visit', qty: 1, rate: 0, gst_rate: 18 }]
  const late = { invoice_date: day(-40), due_date: day(-30) }

  it('is PAID once marked sent: nothing is due, it is never OVERDUE and no card counts it', async () => {
    const o = await accountsOrg(server, 'Zero Org')
    const id = await createReceivable(server, o.accountant, o.clientId, { line_items: free, ...late })
    const sent = await as(server, o.accountant).put(`/receivables/${id}/send`)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().message).toBe(words.markLive)
    expect(await receivable(server, o.admin, id)).toMatchObject({
      status: 'PAID',
      total_amount: 0,
      amount_due: 0,
    })
    const events = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))
    expect(events.find((e) => e.action === 'SEND')).toMatchObject({
      before: { status: 'DRAFT' },
      after: { status: 'PAID' },
    })
    expect((await as(server, o.admin).get('/receivables?status=OVERDUE')).json().receivables).toEqual([])
    expect((await as(server, o.admin).get('/receivables?status=SENT')).json().receivables).toEqual([])
    const summary = (await as(server, o.admin).get('/receivables/summary')).json()
    expect(summary).toMatchObject({ totalReceivable: 0, totalOverdue: 0, draftCount: 0 })
    expect(Object.values(summary.aging)).toEqual([0, 0, 0, 0, 0])
    // Sent again: still only a draft may be.
    expect((await as(server, o.admin).put(`/receivables/${id}/send`)).statusCode).toBe(409)
  })

  it('is PAID when an edit brings a live invoice to ₹0, and back to SENT (then OVERDUE) when it owes again', async () => {
    const id = await sentReceivable(server, org.accountant, org.clientId, late)
    const { invoice_no } = await receivable(server, org.admin, id)
    const zero = invoiceBody(org.clientId, { invoice_no, line_items: free, ...late })
    expect((await as(server, org.accountant).put(`/receivables/${id}`, zero)).statusCode).toBe(200)
    expect(await receivable(server, org.admin, id)).toMatchObject({ status: 'PAID', amount_due: 0 })
    const again = invoiceBody(org.clientId, { invoice_no, ...late })
    expect((await as(server, org.accountant).put(`/receivables/${id}`, again)).statusCode).toBe(200)
    expect(await receivable(server, org.admin, id)).toMatchObject({ status: 'OVERDUE', amount_due: 2950 })
    // A ₹0 draft stays a draft when edited.
    const draft = await createReceivable(server, org.accountant, org.clientId)
    const body = invoiceBody(org.clientId, {
      invoice_no: (await receivable(server, org.admin, draft)).invoice_no,
      line_items: free,
    })
    expect((await as(server, org.accountant).put(`/receivables/${draft}`, body)).statusCode).toBe(200)
    expect((await receivable(server, org.admin, draft)).status).toBe('DRAFT')
  })

  it('left SENT before this rule, is never OVERDUE nor counted, and migration 0026 makes it PAID', async () => {
    const o = await accountsOrg(server, 'Legacy Zero Org')
    const id = await createReceivable(server, o.accountant, o.clientId, { line_items: free, ...late })
    await server.deps.db
      .update(accountInvoices)
      .set({ status: 'SENT' })
      .where(eq(accountInvoices.invoiceId, id))
    expect(await receivable(server, o.admin, id)).toMatchObject({ status: 'SENT', amount_due: 0 })
    expect((await as(server, o.admin).get('/receivables?status=OVERDUE')).json().receivables).toEqual([])
    const summary = (await as(server, o.admin).get('/receivables/summary')).json()
    expect(summary).toMatchObject({ totalReceivable: 0, totalOverdue: 0 })
    expect(Object.values(summary.aging)).toEqual([0, 0, 0, 0, 0])
    const file = path.join(migrationsFolder, '0026_zero_documents_paid.sql')
    await server.deps.db.execute(sql.raw(await readFile(file, 'utf8')))
    expect(await receivable(server, o.admin, id)).toMatchObject({ status: 'PAID', amount_due: 0 })
  })

  it('is not marked sent or edited by staff where Accounts is for admins and accountants, nor by another organisation', async () => {
    const o = await accountsOrg(server, 'Closed Zero Org')
    const outsider = await accountsOrg(server, 'Outsider Zero Org')
    const id = await createReceivable(server, o.accountant, o.clientId, { line_items: free })
    await openAccountsTo(server, o, 'ADMINS_AND_ACCOUNTANTS')
    const { invoice_no } = await receivable(server, o.admin, id)
    const body = invoiceBody(o.clientId, { invoice_no, line_items: free })
    for (const res of [
      await as(server, o.staff).put(`/receivables/${id}/send`),
      await as(server, o.staff).put(`/receivables/${id}`, body),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(errorOf(res)).toBe(accountMessages.accountsOnly)
    }
    expect((await as(server, outsider.admin).put(`/receivables/${id}/send`)).statusCode).toBe(404)
    expect((await receivable(server, o.admin, id)).status).toBe('DRAFT')
  })
})

describe('cancel and delete are different requests', () => {
  it('a draft deletes, a live one cancels (keeping its payments), a cancelled one deletes; each step is audited', async () => {
    const draft = await createReceivable(server, org.admin, org.clientId)
    const del = await as(server, org.admin).delete(`/receivables/${draft}?status=DRAFT`)
    expect(del.statusCode).toBe(200)
    expect(del.json().message).toBe(words.deleted)
    expect((await as(server, org.admin).get(`/receivables/${draft}`)).statusCode).toBe(404)

    const live = await sentReceivable(server, org.admin, org.clientId)
    // DELETE never cancels: a live document is refused, unchanged.
    const refused = await as(server, org.admin).delete(`/receivables/${live}`)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused)).toBe(words.deleteOnlyDraftOrCancelled)
    const cancel = await as(server, org.admin).put(`/receivables/${live}/cancel`)
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json().message).toBe(words.cancelled)
    expect((await receivable(server, org.admin, live)).status).toBe('CANCELLED')
    const again = await as(server, org.admin).put(`/receivables/${live}/cancel`)
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toBe(words.alreadyCancelled)
    const edit = await as(server, org.admin).put(`/receivables/${live}`, invoiceBody(org.clientId))
    expect(edit.statusCode).toBe(409)
    expect(errorOf(edit)).toBe(words.noEditCancelled)
    const pay = await as(server, org.admin).post(`/receivables/${live}/payments`, paymentBody(1))
    expect(pay.statusCode).toBe(409)
    expect(errorOf(pay)).toBe(words.noPayment)
    const gone = await as(server, org.admin).delete(`/receivables/${live}?status=CANCELLED`)
    expect(gone.json().message).toBe(words.deleted)
    expect((await as(server, org.admin).get(`/receivables/${live}`)).statusCode).toBe(404)

    const events = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, live))
    expect(events.map((e) => e.action).sort()).toEqual(['CANCEL', 'CREATE', 'DELETE', 'SEND'])
  })

  it('a draft is not cancelled, and a delete made on a status that has changed is refused', async () => {
    const draft = await createReceivable(server, org.admin, org.clientId)
    const cancel = await as(server, org.admin).put(`/receivables/${draft}/cancel`)
    expect(cancel.statusCode).toBe(409)
    expect(errorOf(cancel)).toBe(words.cancelOnlyLive)
    const stale = await as(server, org.admin).delete(`/receivables/${draft}?status=CANCELLED`)
    expect(stale.statusCode).toBe(409)
    expect(errorOf(stale)).toBe(words.changedMeanwhile)
    expect((await receivable(server, org.admin, draft)).status).toBe('DRAFT')
  })

  it('a cancelled document with payments is not deleted, until its payments are', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const pay = await as(server, org.admin).post(`/receivables/${id}/payments`, paymentBody(100))
    expect(pay.statusCode).toBe(201)
    expect((await as(server, org.admin).put(`/receivables/${id}/cancel`)).statusCode).toBe(200)
    const del = await as(server, org.admin).delete(`/receivables/${id}?status=CANCELLED`)
    expect(del.statusCode).toBe(409)
    expect(errorOf(del)).toBe(words.deleteWithPayments)
    expect(await receivable(server, org.admin, id)).toMatchObject({ status: 'CANCELLED', amount_paid: 100 })
    const paymentId = pay.json().payment.payment_id
    expect((await as(server, org.admin).delete(`/payments/${paymentId}`)).statusCode).toBe(200)
    expect((await as(server, org.admin).delete(`/receivables/${id}?status=CANCELLED`)).statusCode).toBe(200)
  })

  it('20 parallel cancels of one live invoice with a payment leave it cancelled, its payment kept', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const pay = await as(server, org.admin).post(`/receivables/${id}/payments`, paymentBody(50))
    expect(pay.statusCode).toBe(201)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => as(server, org.admin).put(`/receivables/${id}/cancel`)),
    )
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([])
    // A delete racing in too (the old double click) cannot remove a document with its payments.
    const both = await Promise.all([
      as(server, org.admin).put(`/receivables/${id}/cancel`),
      as(server, org.admin).delete(`/receivables/${id}?status=CANCELLED`),
    ])
    expect(both.map((r) => r.statusCode)).toEqual([409, 409])
    const inv = await receivable(server, org.admin, id)
    expect(inv).toMatchObject({ status: 'CANCELLED', amount_paid: 50 })
    expect(inv.payment_details).toHaveLength(1)
  })

  it('cancelling and deleting are for admins: an accountant and staff are refused, nothing changes', async () => {
    const live = await sentReceivable(server, org.admin, org.clientId)
    const draft = await createReceivable(server, org.admin, org.clientId)
    for (const who of [org.accountant, org.staff]) {
      const cancel = await as(server, who).put(`/receivables/${live}/cancel`)
      expect(cancel.statusCode).toBe(403)
      const del = await as(server, who).delete(`/receivables/${draft}?status=DRAFT`)
      expect(del.statusCode).toBe(403)
    }
    expect((await receivable(server, org.admin, live)).status).toBe('SENT')
    expect((await receivable(server, org.admin, draft)).status).toBe('DRAFT')
  })

  it('refuses a payment on a draft', async () => {
    const draft = await createReceivable(server, org.admin, org.clientId)
    const res = await as(server, org.admin).post(`/receivables/${draft}/payments`, paymentBody(10))
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toBe(words.noPayment)
  })
})
