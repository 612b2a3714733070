import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createOrg, createUser, login, startTestServer, type TestServer } from './helpers.ts'
import { planChecker } from './query-plans.ts'

/**
 * With 100,000 invoices and bills (and their payments) in one organisation, no
 * accounts list, filter, summary, export or detail reads account_invoices or account_payments
 * sequentially. The SQL is captured from the real endpoints, then EXPLAINed with its own parameters.
 */

const INVOICES = 100_000

let server: TestServer
let api: ReturnType<typeof client>
let someReceivable: string
let indexed: ReturnType<typeof planChecker>

beforeAll(async () => {
  server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '300000' })
  const pool = server.deps.database.pool
  indexed = planChecker(server, ['account_invoices', 'account_payments', 'account_invoice_lines'], 'account_')
  const orgId = (await createOrg(server)).orgId
  const me = await createUser(server, orgId, { isAccountant: true, fullName: 'Load Accountant' })
  api = client(server, (await login(server, me.email)).accessToken)
  // A second organisation's documents share the table, as they would in production.
  const otherOrg = (await createOrg(server)).orgId

  await pool.query(
    `insert into clients (org_id, display_number, name, gstin)
     select o, g, 'Client ' || g || ' ' || md5(g::text), case when g % 2 = 0 then '27AAACS1234A1Z2' end
     from generate_series(1, 60) g, unnest(array[$1::uuid, $2::uuid]) o`,
    [orgId, otherOrg],
  )
  await pool.query(
    `insert into suppliers (org_id, name) select o, 'Supplier ' || g from generate_series(1, 30) g,
     unnest(array[$1::uuid, $2::uuid]) o`,
    [orgId, otherOrg],
  )
  await pool.query(
    `insert into projects (org_id, name, client_id)
     select c.org_id, 'Project ' || c.display_number, c.client_id from clients c where c.display_number <= 25`,
  )
  // Invoices of both kinds over seven years: three in four paid, the rest draft, sent, part paid or
  // cancelled; every fifth is a bill. The other organisation gets a tenth as many.
  for (const [org, count] of [
    [orgId, INVOICES],
    [otherOrg, INVOICES / 10],
  ] as const) {
    await pool.query(
      `insert into account_invoices (org_id, kind, client_id, supplier_id, project_id, number, document_date,
         due_date, status, gst_type, subtotal, cgst_amount, sgst_amount, total_amount, amount_paid)
       select $1::uuid, k.kind, case when k.kind = 'RECEIVABLE' then c.client_id end,
         case when k.kind = 'PAYABLE' then s.supplier_id end, p.project_id,
         'N-' || g, current_date - (g % 2600), current_date - (g % 2600) + 30, st.status, 'INTRASTATE',
         t.total, 0, 0, t.total,
         case st.status when 'PAID' then t.total when 'PARTIALLY_PAID' then round(t.total / 2, 2) else 0 end
       from generate_series(1, $2::int) g,
         lateral (select case when g % 5 = 0 then 'PAYABLE' else 'RECEIVABLE' end::account_kind as kind) k,
         lateral (select case when g % 20 = 1 then 'DRAFT' when g % 20 in (2, 3)
                   then (case when k.kind = 'RECEIVABLE' then 'SENT' else 'RECEIVED' end)
                   when g % 20 = 4 then 'PARTIALLY_PAID' when g % 20 = 6 then 'CANCELLED' else 'PAID' end::account_status as status) st,
         lateral (select (1000 + (g % 997) * 10)::numeric(14, 2) as total) t,
         lateral (select client_id from clients where org_id = $1 and display_number = g % 60 + 1) c
         left join lateral (select supplier_id from suppliers where org_id = $1 and name = 'Supplier ' || (g % 30 + 1)) s on true
         left join lateral (select project_id from projects where org_id = $1 and client_id = c.client_id and g % 3 = 0) p on true`,
      [org, count],
    )
  }
  await pool.query(
    `insert into account_payments (org_id, invoice_id, kind, amount, payment_date, mode)
     select org_id, invoice_id, kind, amount_paid, least(document_date + 20, current_date), 'Bank Transfer'
     from account_invoices where amount_paid > 0`,
  )
  await pool.query(
    `insert into account_invoice_lines (invoice_id, position, description, qty, unit, rate, gst_rate, basic_amount, gst_amount)
     select invoice_id, 1, 'Work', 1, 'Nos', total_amount, 0, total_amount, 0 from account_invoices`,
  )
  await pool.query('vacuum analyze')
  const { rows } = await pool.query(
    `select invoice_id from account_invoices where org_id = $1 and kind = 'RECEIVABLE' and status = 'PARTIALLY_PAID' limit 1`,
    [orgId],
  )
  someReceivable = rows[0].invoice_id
}, 300_000)
afterAll(() => server?.close())

/** Calls the endpoint; no query it sends reads an accounts table sequentially. Returns body and indexes. */
const expectNoSeqScan = (url: string) => indexed(api, url)

describe(`accounts queries on ${INVOICES.toLocaleString('en-IN')} invoices and bills`, () => {
  it('holds the data it claims', async () => {
    const { rows } = await server.deps.database.pool.query('select count(*)::int as n from account_invoices')
    expect(rows[0].n).toBe(INVOICES + INVOICES / 10)
  })

  it('lists: every sort, a deep page, each status, OVERDUE, dates, search and aging', async () => {
    const first = await expectNoSeqScan('/receivables')
    expect(first.body.receivables).toHaveLength(20)
    expect(first.body.totalPages).toBe((INVOICES * 0.8) / 20)
    expect(first.used).toContain('account_invoices_date_idx')
    await expectNoSeqScan(`/receivables?page=${first.body.totalPages}`)
    for (const sortBy of ['due_date_asc', 'total_amount_desc', 'total_amount_asc'])
      await expectNoSeqScan(`/receivables?sortBy=${sortBy}&page=3`)
    for (const status of ['DRAFT', 'SENT', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'CANCELLED']) {
      const res = await expectNoSeqScan(`/receivables?status=${status}`)
      expect(res.body.receivables.length, status).toBeGreaterThan(0)
    }
    await expectNoSeqScan('/receivables?startDate=2024-01-01&endDate=2024-03-31')
    const searched = await expectNoSeqScan('/receivables?searchQuery=client%2017%20')
    expect(searched.body.receivables.length).toBeGreaterThan(0)
    await expectNoSeqScan('/receivables?searchQuery=N-4242')
    await expectNoSeqScan('/receivables?aging=days_over_90&sortBy=due_date_asc')
    await expectNoSeqScan('/payables?status=RECEIVED&sortBy=total_amount_desc')
  })

  it('summaries, with and without filters, in one statement each', async () => {
    const plain = await expectNoSeqScan('/receivables/summary')
    expect(plain.body.totalReceivable).toBeGreaterThan(0)
    expect(plain.body.draftCount).toBe(INVOICES / 20)
    await expectNoSeqScan('/receivables/summary?startDate=2023-01-01&endDate=2023-12-31')
    await expectNoSeqScan('/payables/summary?status=OVERDUE&searchQuery=supplier%201')
  })

  it('details and the export', async () => {
    const one = await expectNoSeqScan(`/receivables/${someReceivable}`)
    expect(one.body.payment_details).toHaveLength(1)
    const csv = await expectNoSeqScan('/receivables/export?status=DRAFT&startDate=2025-01-01')
    expect(String(csv.body).split('\r\n').length).toBeGreaterThan(10)
  })
})
