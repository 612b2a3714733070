import { accountMessages, kindWords } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AccountsOrg,
  accountsOrg,
  as,
  day,
  openAccountsTo,
  paymentBody,
} from '../../../test/accounts-helpers.ts'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'

let server: TestServer
let org: AccountsOrg
let supplierId: string
let otherSupplierId: string
const words = kindWords.PAYABLE

async function createSupplier(name: string, gstin: string | null = null) {
  const res = await as(server, org.admin).post('/suppliers', { name, gstin })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().entityId as string
}

const billBody = (data: Record<string, unknown> = {}) => ({
  supplier_id: supplierId,
  vendor_invoice_no: `VB-${Math.random().toString(36).slice(2, 8)}`,
  bill_date: day(-5),
  due_date: day(25),
  gst_type: 'INTERSTATE',
  line_items: [
    { description: 'Dosing pump', sac_code: '8413', qty: 2, unit: 'Nos', rate: 12000, gst_rate: 18 },
  ],
  ...data,
})

async function bill(id: string) {
  const res = await as(server, org.accountant).get(`/payables/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server)
  supplierId = await createSupplier('Aqua Pumps Pvt Ltd', '24AAACM9012C1Z2')
  otherSupplierId = await createSupplier('Blue Chem Traders')
})
afterAll(() => server.close())

describe('payable bills', () => {
  it('go DRAFT → RECEIVED → PARTIALLY_PAID → PAID with the spec’s field names', async () => {
    const created = await as(server, org.accountant).post(
      '/payables',
      billBody({ vendor_invoice_no: 'AP/778' }),
    )
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().message).toBe(words.created)
    const id = created.json().payable_id
    expect(await bill(id)).toMatchObject({
      payable_id: id,
      supplier_id: supplierId,
      supplier_name: 'Aqua Pumps Pvt Ltd',
      supplier_gstin: '24AAACM9012C1Z2',
      vendor_invoice_no: 'AP/778',
      bill_date: day(-5),
      status: 'DRAFT',
      subtotal: 24000,
      igst_amount: 4320,
      total_amount: 28320,
    })
    const early = await as(server, org.accountant).post(`/payables/${id}/payments`, paymentBody(100))
    expect(early.statusCode).toBe(409)
    expect(errorOf(early)).toBe(words.noPayment)

    const received = await as(server, org.accountant).put(`/payables/${id}/receive`)
    expect(received.statusCode).toBe(200)
    expect(received.json().message).toBe(words.markLive)
    expect((await bill(id)).status).toBe('RECEIVED')
    expect(errorOf(await as(server, org.accountant).put(`/payables/${id}/receive`))).toBe(
      words.markLiveOnlyDraft,
    )

    await as(server, org.accountant).post(`/payables/${id}/payments`, paymentBody(8320))
    expect(await bill(id)).toMatchObject({ status: 'PARTIALLY_PAID', amount_due: 20000 })
    await as(server, org.accountant).post(`/payables/${id}/payments`, paymentBody(20000))
    expect(await bill(id)).toMatchObject({ status: 'PAID', amount_due: 0, amount_paid: 28320 })

    const list = await as(server, org.accountant).get('/payables?status=PAID')
    expect(list.json().payables).toEqual([
      expect.objectContaining({
        payable_id: id,
        supplier_name: 'Aqua Pumps Pvt Ltd',
        vendor_invoice_no: 'AP/778',
      }),
    ])
    const summary = await as(server, org.accountant).get('/payables/summary')
    expect(summary.json()).toMatchObject({ paidThisMonth: 28320, totalPayable: 0 })
    // A paid bill cancelled by an admin keeps its payments.
    const cancel = await as(server, org.admin).put(`/payables/${id}/cancel`)
    expect(cancel.json().message).toBe(words.cancelled)
    expect(await bill(id)).toMatchObject({ status: 'CANCELLED', amount_paid: 28320 })
  })

  it('of ₹0 are PAID once marked received: never OVERDUE, counted on no card; staff where Accounts is closed are refused', async () => {
    const created = await as(server, org.accountant).post(
      '/payables',
      billBody({
        line_items: [{ description: 'Free sample', qty: 1, rate: 0, gst_rate: 18 }],
        bill_date: day(-40),
        due_date: day(-30),
      }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().payable_id
    const owed = async () => {
      const { totalPayable, totalOverdue, aging } = (
        await as(server, org.admin).get('/payables/summary')
      ).json()
      return { totalPayable, totalOverdue, aging }
    }
    const before = await owed()
    await openAccountsTo(server, org, 'ADMINS_AND_ACCOUNTANTS')
    try {
      const refused = await as(server, org.staff).put(`/payables/${id}/receive`)
      expect(refused.statusCode).toBe(403)
      expect(errorOf(refused)).toBe(accountMessages.accountsOnly)
      expect((await bill(id)).status).toBe('DRAFT')
    } finally {
      await openAccountsTo(server, org, 'EVERYONE')
    }
    const received = await as(server, org.accountant).put(`/payables/${id}/receive`)
    expect(received.statusCode, received.body).toBe(200)
    expect(await bill(id)).toMatchObject({ status: 'PAID', total_amount: 0, amount_due: 0 })
    const overdue = (await as(server, org.admin).get('/payables?status=OVERDUE')).json().payables
    expect(overdue.map((b: { payable_id: string }) => b.payable_id)).not.toContain(id)
    expect(await owed()).toEqual(before)
  })

  it('answer the bill form’s messages', async () => {
    const post = (data: Record<string, unknown>) => as(server, org.admin).post('/payables', billBody(data))
    expect(errorOf(await post({ supplier_id: '' }))).toBe(accountMessages.supplierRequired)
    expect(errorOf(await post({ vendor_invoice_no: '' }))).toBe(accountMessages.vendorInvoiceNoRequired)
    expect(errorOf(await post({ line_items: [{ description: '', qty: 1, rate: 1 }] }))).toBe(
      accountMessages.lineItemRequired,
    )
    expect(errorOf(await post({ client_id: org.clientId, supplier_id: org.clientId }))).toBe(
      accountMessages.supplierNotFound,
    )
  })

  it('keep vendor numbers unique per supplier only', async () => {
    expect(
      (await as(server, org.admin).post('/payables', billBody({ vendor_invoice_no: 'INV-1' }))).statusCode,
    ).toBe(201)
    const same = await as(server, org.admin).post('/payables', billBody({ vendor_invoice_no: 'inv-1' }))
    expect(same.statusCode).toBe(409)
    expect(errorOf(same)).toBe(words.duplicate)
    const other = await as(server, org.admin).post(
      '/payables',
      billBody({ supplier_id: otherSupplierId, vendor_invoice_no: 'INV-1' }),
    )
    expect(other.statusCode).toBe(201)
  })

  it('export with the payables columns and file name, searching the supplier', async () => {
    const res = await as(server, org.accountant).get('/payables/export?searchQuery=blue%20chem')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payables-export-${day(0)}.csv"`)
    const [header, ...rows] = res.body.replace('\uFEFF', '').trim().split('\r\n')
    expect(header).toBe(
      'Vendor Bill No,Bill Date,Due Date,Status,Supplier Name,Project Name,Subtotal,CGST,SGST,IGST,Round Off,Total Amount,Amount Paid,Amount Due',
    )
    expect(rows).toEqual([
      `INV-1,${day(-5)},${day(25)},DRAFT,Blue Chem Traders,,24000.00,0.00,0.00,4320.00,0.00,28320.00,0.00,28320.00`,
    ])
  })
})
