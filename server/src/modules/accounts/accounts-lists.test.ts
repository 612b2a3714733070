import { accountMessages } from '@daftar/domain'
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

let server: TestServer
let org: AccountsOrg
const ids: Record<string, string> = {}
const line = (rate: number) => [{ description: 'Work', qty: 1, rate, gst_rate: 0 }]
const lastMonth = day(-45)
/**
 * The dates of the invoices made before the tests, fixed when first asked for: a run that crosses
 * midnight in India between making them and reading them back still expects what was made.
 */
const madeDays = new Map<number, string>()
function made(offset: number): string {
  if (!madeDays.has(offset)) madeDays.set(offset, day(offset))
  return madeDays.get(offset)!
}

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server)
  const other = await createClient(server, org.admin.token, { name: 'Zenith Pharma' })
  const a = org.admin
  // Amounts are whole rupees with 0% GST, so every figure below is easy to check.
  ids.draft = await createReceivable(server, a, org.clientId, {
    invoice_no: 'R-DRAFT',
    line_items: line(100),
  })
  ids.draft2 = await createReceivable(server, a, other, { invoice_no: 'R-DRAFT2', line_items: line(50) })
  ids.sent = await sentReceivable(server, a, org.clientId, {
    invoice_no: 'R-SENT',
    project_id: org.projectId,
    line_items: line(1000),
    invoice_date: made(-3),
    due_date: made(10),
  })
  ids.overdue = await sentReceivable(server, a, other, {
    invoice_no: 'R-OVERDUE',
    line_items: line(2000),
    invoice_date: made(-50),
    due_date: made(-40),
  })
  ids.partOverdue = await sentReceivable(server, a, org.clientId, {
    invoice_no: 'R-PART',
    line_items: line(500),
    invoice_date: made(-20),
    due_date: made(-5),
  })
  await as(server, a).post(`/receivables/${ids.partOverdue}/payments`, paymentBody(200))
  ids.paid = await sentReceivable(server, a, other, {
    invoice_no: 'R-PAID',
    line_items: line(300),
    invoice_date: made(-60),
    due_date: made(-50),
  })
  await as(server, a).post(`/receivables/${ids.paid}/payments`, paymentBody(300, { payment_date: lastMonth }))
  ids.cancelled = await sentReceivable(server, a, org.clientId, {
    invoice_no: 'R-CANCELLED',
    line_items: line(700),
  })
  await as(server, a).put(`/receivables/${ids.cancelled}/cancel`)
})
afterAll(() => server.close())

const list = async (query = '') => {
  const res = await as(server, org.accountant).get(`/receivables?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    receivables: { invoice_no: string; status: string }[]
    totalPages: number
    currentPage: number
  }
}
const numbers = async (query = '') => (await list(query)).receivables.map((r) => r.invoice_no)

describe('GET /receivables', () => {
  it('lists newest invoice date first with the list fields, and pages', async () => {
    const page = await list()
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1 })
    expect(page.receivables).toHaveLength(7)
    const sent = page.receivables.find((r) => r.invoice_no === 'R-SENT')
    expect(sent).toMatchObject({
      receivable_id: ids.sent,
      client_id: org.clientId,
      client_name: 'Sunrise Textiles',
      project_id: org.projectId,
      project_name: 'ETP Upgrade',
      invoice_date: made(-3),
      due_date: made(10),
      status: 'SENT',
      total_amount: 1000,
      amount_paid: 0,
      amount_due: 1000,
    })
    const dates = page.receivables.map((r) => (r as unknown as { invoice_date: string }).invoice_date)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('shows OVERDUE without any write: a past due date on something still due', async () => {
    const byNo = Object.fromEntries((await list()).receivables.map((r) => [r.invoice_no, r.status]))
    expect(byNo).toEqual({
      'R-DRAFT': 'DRAFT',
      'R-DRAFT2': 'DRAFT',
      'R-SENT': 'SENT',
      'R-OVERDUE': 'OVERDUE',
      'R-PART': 'OVERDUE',
      'R-PAID': 'PAID',
      'R-CANCELLED': 'CANCELLED',
    })
    expect((await receivable(server, org.admin, ids.partOverdue!)).status).toBe('OVERDUE')
  })

  it('filters by status, OVERDUE included, and a live status leaves the overdue ones out', async () => {
    expect((await numbers('status=OVERDUE')).sort()).toEqual(['R-OVERDUE', 'R-PART'])
    expect(await numbers('status=SENT')).toEqual(['R-SENT'])
    expect(await numbers('status=PARTIALLY_PAID')).toEqual([])
    expect((await numbers('status=DRAFT')).sort()).toEqual(['R-DRAFT', 'R-DRAFT2'])
    expect(await numbers('status=PAID')).toEqual(['R-PAID'])
    expect(await numbers('status=CANCELLED')).toEqual(['R-CANCELLED'])
    expect((await as(server, org.admin).get('/receivables?status=RECEIVED')).statusCode).toBe(400)
  })

  it('filters by invoice date and searches number, client and project, case-insensitively', async () => {
    expect((await numbers(`startDate=${day(-25)}&endDate=${day(-15)}`)).sort()).toEqual(['R-PART'])
    expect((await numbers('searchQuery=zenith')).sort()).toEqual(['R-DRAFT2', 'R-OVERDUE', 'R-PAID'])
    expect(await numbers('searchQuery=etp%20up')).toEqual(['R-SENT'])
    expect(await numbers('searchQuery=r-canc')).toEqual(['R-CANCELLED'])
    expect(await numbers('searchQuery=%25')).toEqual([])
    const bad = await as(server, org.admin).get(`/receivables?startDate=${day(0)}&endDate=${day(-1)}`)
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad)).toBe(accountMessages.datesOrder)
  })

  it('sorts by due date and by amount', async () => {
    const due = await numbers('sortBy=due_date_asc')
    expect(due.slice(0, 3)).toEqual(['R-PAID', 'R-OVERDUE', 'R-PART'])
    expect(await numbers('sortBy=total_amount_desc')).toEqual([
      'R-OVERDUE',
      'R-SENT',
      'R-CANCELLED',
      'R-PART',
      'R-PAID',
      'R-DRAFT',
      'R-DRAFT2',
    ])
    expect((await numbers('sortBy=total_amount_asc'))[0]).toBe('R-DRAFT2')
    expect((await as(server, org.admin).get('/receivables?sortBy=name')).statusCode).toBe(400)
  })

  it('filters by aging bucket', async () => {
    expect(await numbers('aging=days_1_30')).toEqual(['R-PART'])
    expect(await numbers('aging=days_31_60')).toEqual(['R-OVERDUE'])
    expect(await numbers('aging=current')).toEqual(['R-SENT'])
    expect(await numbers('aging=days_over_90')).toEqual([])
  })
})

describe('GET /receivables/summary', () => {
  it('sums what is unpaid, overdue, in drafts and received this month, with the aging strip', async () => {
    const res = await as(server, org.accountant).get('/receivables/summary')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      totalReceivable: 1000 + 2000 + 300,
      totalOverdue: 2000 + 300,
      draftCount: 2,
      draftTotalValue: 150,
      receivedThisMonth: 200,
      aging: { current: 1000, days_1_30: 300, days_31_60: 2000, days_61_90: 0, days_over_90: 0 },
    })
  })

  it('follows the filters, and counts payments in the filter period when both dates are set', async () => {
    const filtered = await as(server, org.accountant).get(
      `/receivables/summary?startDate=${day(-70)}&endDate=${day(-30)}`,
    )
    // Invoices dated in the period: R-OVERDUE (open) and R-PAID; payments made in the period: 300.
    expect(filtered.json()).toMatchObject({
      totalReceivable: 2000,
      totalOverdue: 2000,
      draftCount: 0,
      receivedThisMonth: 300,
    })
    const searched = await as(server, org.accountant).get('/receivables/summary?searchQuery=sunrise')
    expect(searched.json()).toMatchObject({ totalReceivable: 1300, draftCount: 1, receivedThisMonth: 200 })
    const overdueOnly = await as(server, org.accountant).get('/receivables/summary?status=OVERDUE')
    expect(overdueOnly.json()).toMatchObject({ totalReceivable: 2300, totalOverdue: 2300, draftCount: 0 })
  })
})

describe('GET /receivables/export', () => {
  it('streams exactly the spec’s columns, the file name, quoting and neutralised formulas', async () => {
    const a = org.admin
    const tricky = await createClient(server, a.token, { name: '=HYPERLINK("http://evil"), Ltd' })
    await createReceivable(server, a, tricky, {
      invoice_no: '+SUM(1,2)',
      invoice_date: day(-100),
      due_date: null,
      line_items: [{ description: 'x', qty: 1, rate: 100.4, gst_rate: 0 }],
    })
    const res = await as(server, org.accountant).get('/receivables/export?searchQuery=evil')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receivables-export-${day(0)}.csv"`)
    expect(res.body).toBe(
      '\uFEFFInvoice No,Invoice Date,Due Date,Status,Client Name,Project Name,Subtotal,CGST,SGST,IGST,Round Off,Total Amount,Amount Paid,Amount Due\r\n' +
        `"'+SUM(1,2)",${day(-100)},,DRAFT,"'=HYPERLINK(""http://evil""), Ltd",,100.40,0.00,0.00,0.00,-0.40,100.00,0.00,100.00\r\n`,
    )
  })

  it('uses the list’s filters and order, with OVERDUE derived', async () => {
    const res = await as(server, org.accountant).get('/receivables/export?status=OVERDUE&sortBy=due_date_asc')
    const lines = res.body.trim().split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toBe(
      `R-OVERDUE,${made(-50)},${made(-40)},OVERDUE,Zenith Pharma,,2000.00,0.00,0.00,0.00,0.00,2000.00,0.00,2000.00`,
    )
    expect(lines[2]?.startsWith('R-PART,')).toBe(true)
    const empty = await as(server, org.accountant).get('/receivables/export?searchQuery=nothing-like-this')
    expect(empty.body.trim().split('\r\n')).toHaveLength(1)
  })
})

describe('a cancelled invoice or bill owes nothing and is not late', () => {
  it('shows amount due 0 and CANCELLED in the list, details, summary, aging and export', async () => {
    const o = await accountsOrg(server, 'Cancelled Org')
    const late = await sentReceivable(server, o.admin, o.clientId, {
      invoice_no: 'R-CANCEL-LATE',
      line_items: line(900),
      invoice_date: day(-60),
      due_date: day(-45),
    })
    await as(server, o.admin).post(`/receivables/${late}/payments`, paymentBody(100))
    const before = await as(server, o.admin).get('/receivables/summary')
    expect(before.json()).toMatchObject({ totalReceivable: 800, totalOverdue: 800 })
    expect((await as(server, o.admin).put(`/receivables/${late}/cancel`)).statusCode).toBe(200)

    const [row] = (await as(server, o.admin).get('/receivables')).json().receivables
    expect(row).toMatchObject({ status: 'CANCELLED', amount_due: 0, amount_paid: 100, total_amount: 900 })
    expect(await receivable(server, o.admin, late)).toMatchObject({ status: 'CANCELLED', amount_due: 0 })
    const summary = (await as(server, o.admin).get('/receivables/summary')).json()
    expect(summary).toMatchObject({ totalReceivable: 0, totalOverdue: 0 })
    expect(Object.values(summary.aging)).toEqual([0, 0, 0, 0, 0])
    for (const bucket of ['current', 'days_31_60'])
      expect((await as(server, o.admin).get(`/receivables?aging=${bucket}`)).json().receivables).toEqual([])
    expect((await as(server, o.admin).get('/receivables?status=OVERDUE')).json().receivables).toEqual([])
    const csv = (await as(server, o.admin).get('/receivables/export')).body.trim().split('\r\n')
    expect(csv[1]).toBe(
      `R-CANCEL-LATE,${day(-60)},${day(-45)},CANCELLED,Sunrise Textiles,,900.00,0.00,0.00,0.00,0.00,900.00,100.00,0.00`,
    )
    // Its payment may still be corrected, up to what the total allows.
    const payment = (await receivable(server, o.admin, late)).payment_details[0]
    const edit = await as(server, o.admin).put(`/payments/${payment.payment_id}`, {
      amount: 150,
      payment_date: day(0),
      mode: 'Cash',
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(await receivable(server, o.admin, late)).toMatchObject({ amount_paid: 150, amount_due: 0 })
  })
})
