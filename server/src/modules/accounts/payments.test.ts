import { accountMessages, kindWords } from '@daftar/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AccountsOrg,
  accountsOrg,
  as,
  day,
  paymentBody,
  receivable,
  sentReceivable,
} from '../../../test/accounts-helpers.ts'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { auditEvents } from '../../platform/schema.ts'
import { accountPayments } from './schema.ts'

let server: TestServer
let org: AccountsOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server)
})
afterAll(() => server.close())

describe('recording a payment', () => {
  it('moves SENT → PARTIALLY_PAID → PAID in the payment’s transaction and keeps who recorded it', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId) // 2950
    const first = await as(server, org.accountant).post(
      `/receivables/${id}/payments`,
      paymentBody(1000.5, { mode: 'UPI', notes: 'Advance' }),
    )
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({
      message: accountMessages.paymentRecorded,
      payment: {
        amount: 1000.5,
        date: day(0),
        mode: 'UPI',
        transaction_id: 'UTR123',
        notes: 'Advance',
        recorded_by_username: org.accountant.username,
      },
    })
    expect(await receivable(server, org.admin, id)).toMatchObject({
      status: 'PARTIALLY_PAID',
      amount_paid: 1000.5,
      amount_due: 1949.5,
    })
    const rest = await as(server, org.admin).post(`/receivables/${id}/payments`, paymentBody(1949.5))
    expect(rest.statusCode).toBe(201)
    const paid = await receivable(server, org.admin, id)
    expect(paid).toMatchObject({ status: 'PAID', amount_paid: 2950, amount_due: 0 })
    expect(paid.payment_details.map((p: { amount: number }) => p.amount)).toEqual([1000.5, 1949.5])
    expect(paid.payment_details[0]).toMatchObject({
      recorded_by_username: org.accountant.username,
      updated_by_username: org.accountant.username,
    })
  })

  it('answers the spec’s messages: positive amount, not above the amount due, a date, a known mode', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const post = (body: Record<string, unknown>) =>
      as(server, org.admin).post(`/receivables/${id}/payments`, body)
    for (const amount of [0, -5, 'abc', '', 0.001]) {
      const res = await post(paymentBody(0, { amount_paid_now: amount }))
      expect(res.statusCode, String(amount)).toBe(400)
      expect(errorOf(res)).toBe(accountMessages.positiveAmount)
    }
    const over = await post(paymentBody(2950.01))
    expect(over.statusCode).toBe(422)
    expect(errorOf(over)).toBe(accountMessages.exceedsDue)
    const noDate = await post(paymentBody(10, { payment_date: '' }))
    expect(errorOf(noDate)).toBe(accountMessages.paymentDateRequired)
    const future = await post(paymentBody(10, { payment_date: day(2) }))
    expect(errorOf(future)).toBe(accountMessages.futurePayment)
    const mode = await post(paymentBody(10, { mode: 'Bitcoin' }))
    expect(mode.statusCode).toBe(400)
    const defaults = await post({ amount_paid_now: 10, payment_date: day(0) })
    expect(defaults.json().payment.mode).toBe('Bank Transfer')
    expect((await receivable(server, org.admin, id)).amount_paid).toBe(10)
  })

  it('applies a retried request with the same Idempotency-Key once and answers it with the first result', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const key = { 'idempotency-key': 'pay-9f2c1' }
    const first = await as(server, org.accountant).post(`/receivables/${id}/payments`, paymentBody(500), key)
    const again = await as(server, org.accountant).post(`/receivables/${id}/payments`, paymentBody(500), key)
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        as(server, org.accountant).post(`/receivables/${id}/payments`, paymentBody(500), key),
      ),
    )
    expect(first.statusCode).toBe(201)
    for (const res of [again, ...racing]) {
      expect(res.statusCode).toBe(201)
      expect(res.json().payment.payment_id).toBe(first.json().payment.payment_id)
    }
    expect(await receivable(server, org.admin, id)).toMatchObject({ amount_paid: 500, amount_due: 2450 })
    const rows = await server.deps.db.select().from(accountPayments).where(eq(accountPayments.invoiceId, id))
    expect(rows).toHaveLength(1)
    // The same key for a different payment is refused rather than silently answered.
    const other = await as(server, org.accountant).post(`/receivables/${id}/payments`, paymentBody(600), key)
    expect(other.statusCode).toBe(422)
    expect(errorOf(other)).toBe(accountMessages.idempotencyReused)
  })

  it('of 20 parallel full payments on one invoice, exactly one succeeds and nothing is overpaid', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(server, org.accountant).post(`/receivables/${id}/payments`, paymentBody(2950)),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c === 422)).toHaveLength(19)
    for (const r of results.filter((r) => r.statusCode === 422))
      expect(errorOf(r)).toBe(accountMessages.exceedsDue)
    const inv = await receivable(server, org.admin, id)
    expect(inv).toMatchObject({ status: 'PAID', amount_paid: 2950, amount_due: 0 })
    expect(inv.payment_details).toHaveLength(1)
  })
})

describe('editing and deleting payments (admins)', () => {
  it('edit restores the due and the status, within the amount due plus its own amount', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId) // 2950
    const pay = await as(server, org.admin).post(`/receivables/${id}/payments`, paymentBody(2950))
    const paymentId = pay.json().payment.payment_id
    expect((await receivable(server, org.admin, id)).status).toBe('PAID')

    const tooMuch = await as(server, org.admin).put(`/payments/${paymentId}`, {
      amount: 2950.01,
      payment_date: day(-1),
      mode: 'Cheque',
    })
    expect(tooMuch.statusCode).toBe(422)
    expect(errorOf(tooMuch)).toBe(accountMessages.exceedsBalance('₹2,950'))

    const edit = await as(server, org.admin).put(
      `/payments/${paymentId}`,
      { amount: 950, payment_date: day(-1), mode: 'Cheque', transaction_id: 'CHQ-1', notes: null },
      { 'if-match': '1' },
    )
    expect(edit.statusCode, edit.body).toBe(200)
    expect(edit.json()).toMatchObject({
      message: accountMessages.paymentUpdated,
      payment: {
        amount: 950,
        date: day(-1),
        mode: 'Cheque',
        version: 2,
        updated_by_username: org.admin.username,
      },
    })
    expect(await receivable(server, org.admin, id)).toMatchObject({
      status: 'PARTIALLY_PAID',
      amount_paid: 950,
      amount_due: 2000,
    })
    const stale = await as(server, org.admin).put(
      `/payments/${paymentId}`,
      { amount: 900, payment_date: day(-1), mode: 'Cheque' },
      { 'if-match': '1' },
    )
    expect(stale.statusCode).toBe(412)

    const del = await as(server, org.admin).delete(`/payments/${paymentId}`)
    expect(del.statusCode).toBe(200)
    expect(del.json().message).toBe(accountMessages.paymentDeleted)
    expect(await receivable(server, org.admin, id)).toMatchObject({
      status: 'SENT',
      amount_paid: 0,
      amount_due: 2950,
      payment_details: [],
    })
    const actions = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['PAYMENT_CREATE', 'PAYMENT_UPDATE', 'PAYMENT_DELETE']),
    )
    expect((await as(server, org.admin).delete(`/payments/${paymentId}`)).statusCode).toBe(404)
  })

  it('an accountant may record but not edit or delete a payment (403, nothing changes)', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const pay = await as(server, org.accountant).post(`/receivables/${id}/payments`, paymentBody(100))
    const paymentId = pay.json().payment.payment_id
    const edit = await as(server, org.accountant).put(`/payments/${paymentId}`, {
      amount: 50,
      payment_date: day(0),
      mode: 'Cash',
    })
    expect(edit.statusCode).toBe(403)
    expect(errorOf(edit)).toBe(accountMessages.adminOnlyPayments)
    expect((await as(server, org.accountant).delete(`/payments/${paymentId}`)).statusCode).toBe(403)
    expect((await receivable(server, org.admin, id)).amount_paid).toBe(100)
  })

  it('payments of a payable are refused on a receivable path and vice versa (404)', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const res = await as(server, org.admin).post(`/payables/${id}/payments`, paymentBody(1))
    expect(res.statusCode).toBe(404)
    expect(errorOf(res)).toBe(kindWords.PAYABLE.notFound)
  })
})
