import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AccountsOrg,
  accountsOrg,
  as,
  createReceivable,
  day,
  paymentBody,
  sentReceivable,
} from '../../../test/accounts-helpers.ts'
import { startTestServer, type TestServer } from '../../../test/helpers.ts'

/**
 * account_due_totals (schema.ts, `accountDueTotals`) is kept by triggers on account_invoices. After
 * every kind of write — the API's, and bulk statements as the import and seeders send them — it must
 * say exactly what summing the open documents says. On PostgreSQL the parallel payments really run at
 * once (CI runs this file there too).
 */

let server: TestServer
let org: AccountsOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server)
})
afterAll(() => server.close())

const query = (text: string, values: unknown[] = []) => server.deps.database.pool.query(text, values)

/** The totals as kept, and as summed from the documents, of the test's organisation. */
async function totals() {
  const shape = (rows: Record<string, unknown>[]) =>
    rows.map((r) => `${r.kind} ${r.due ?? 'none'}: ${r.documents} × ${Number(r.amount).toFixed(2)}`)
  const kept = await query(
    `select kind, due_date::text as due, documents, amount_due as amount from account_due_totals
     where org_id = $1 and (documents <> 0 or amount_due <> 0) order by kind, due_date nulls first`,
    [org.orgId],
  )
  const summed = await query(
    `select kind, due_date::text as due, count(*)::int as documents, sum(amount_due) as amount
     from account_invoices
     where org_id = $1 and status in ('SENT', 'RECEIVED', 'PARTIALLY_PAID') and amount_due > 0
     group by kind, due_date order by kind, due_date nulls first`,
    [org.orgId],
  )
  return { kept: shape(kept.rows), summed: shape(summed.rows) }
}

async function expectInStep() {
  const { kept, summed } = await totals()
  expect(kept).toEqual(summed)
  // The list's summary reads the totals when nothing is filtered, and the documents when dated.
  const summary = async (query: string) => {
    const res = await as(server, org.accountant).get(`/receivables/summary${query}`)
    expect(res.statusCode, res.body).toBe(200)
    const { received: _received, ...rest } = res.json()
    return rest
  }
  expect(await summary('')).toEqual(await summary('?startDate=2000-01-01&endDate=2100-12-31'))
  return kept
}

describe('the totals by due date', () => {
  it('follow sending, paying, editing a payment, cancelling and deleting', async () => {
    const admin = as(server, org.admin)
    const draft = await createReceivable(server, org.admin, org.clientId, { due_date: day(-5) })
    expect(await expectInStep()).toEqual([])

    const late = await sentReceivable(server, org.admin, org.clientId, { due_date: day(-5) })
    const soon = await sentReceivable(server, org.admin, org.clientId, { due_date: day(3) })
    expect(await expectInStep()).toEqual([
      `RECEIVABLE ${day(-5)}: 1 × 2950.00`,
      `RECEIVABLE ${day(3)}: 1 × 2950.00`,
    ])

    const paid = await admin.post(`/receivables/${late}/payments`, paymentBody(950))
    expect(paid.statusCode, paid.body).toBe(201)
    expect(await expectInStep()).toContain(`RECEIVABLE ${day(-5)}: 1 × 2000.00`)

    const edited = await admin.put(
      `/payments/${paid.json().payment.payment_id}`,
      { amount: 2950, payment_date: day(0), mode: 'Cheque' },
      { 'if-match': '1' },
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await expectInStep()).toEqual([`RECEIVABLE ${day(3)}: 1 × 2950.00`])

    expect((await admin.put(`/receivables/${soon}/cancel`)).statusCode).toBe(200)
    expect(await expectInStep()).toEqual([])

    expect((await admin.delete(`/receivables/${draft}`)).statusCode).toBe(200)
    await expectInStep()
  })

  it('follow bulk statements: many rows inserted, moved to other dates and statuses, deleted', async () => {
    await query(
      `insert into account_invoices (org_id, kind, client_id, number, document_date, due_date, status,
         gst_type, subtotal, total_amount, amount_paid)
       select $1::uuid, 'RECEIVABLE', $2::uuid, 'BULK-' || g, current_date, current_date + (g % 40) - 20,
         (array['DRAFT', 'SENT', 'PARTIALLY_PAID', 'PAID', 'CANCELLED'])[g % 5 + 1]::account_status,
         'INTRASTATE', 100 * g, 100 * g, case when g % 5 = 2 then 50 * g when g % 5 = 3 then 100 * g else 0 end
       from generate_series(1, 500) g`,
      [org.orgId, org.clientId],
    )
    expect((await expectInStep()).length).toBeGreaterThan(10)
    await query(
      `update account_invoices set due_date = case when random() < 0.3 then null else due_date - 7 end,
         status = case when status = 'SENT' and random() < 0.5 then 'PAID'::account_status else status end
       where org_id = $1 and number like 'BULK-%'`,
      [org.orgId],
    )
    await expectInStep()
    // A write that changes nothing owed leaves the totals untouched.
    await query(`update account_invoices set updated_at = now(), version = version + 1 where org_id = $1`, [
      org.orgId,
    ])
    await expectInStep()
    await query(`delete from account_invoices where org_id = $1 and number like 'BULK-%'`, [org.orgId])
    expect(await expectInStep()).toEqual([])
  })

  it('stay exact when many payments on invoices due the same day land at once', async () => {
    const due = day(-12)
    const ids = await Promise.all(
      Array.from({ length: 8 }, () =>
        sentReceivable(server, org.admin, org.clientId, { invoice_date: day(-20), due_date: due }),
      ),
    )
    const paid = await Promise.all(
      ids.map((id, i) =>
        as(server, org.accountant).post(`/receivables/${id}/payments`, paymentBody(100 + i)),
      ),
    )
    expect(paid.map((r) => r.statusCode)).toEqual(ids.map(() => 201))
    const owed = 8 * 2950 - (8 * 100 + 28)
    expect(await expectInStep()).toEqual([`RECEIVABLE ${due}: 8 × ${owed.toFixed(2)}`])
  })
})
