import { accountMessages } from '@daftar/domain'
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
import type { Member } from '../../../test/registers-helpers.ts'

let server: TestServer
let org: AccountsOrg
let outsider: AccountsOrg
let routes: { method: string; url: string }[]
let ids: { draft: string; live: string; payment: string; payable: string }

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server, 'Home Org')
  outsider = await accountsOrg(server, 'Other Org')
  const supplier = await as(server, org.admin).post('/suppliers', { name: 'Aqua Pumps' })
  const payable = await as(server, org.admin).post('/payables', {
    supplier_id: supplier.json().entityId,
    vendor_invoice_no: 'B-1',
    bill_date: day(-1),
    line_items: [{ description: 'Pump', qty: 1, rate: 100 }],
  })
  const live = await sentReceivable(server, org.admin, org.clientId)
  const pay = await as(server, org.admin).post(`/receivables/${live}/payments`, paymentBody(10))
  ids = {
    draft: await createReceivable(server, org.admin, org.clientId),
    live,
    payment: pay.json().payment.payment_id,
    payable: payable.json().payable_id,
  }
  routes = server.app.routeTable.filter((r) => /^\/api\/(receivables|payables|payments|accounts)/.test(r.url))
})
afterAll(() => server.close())

/** A request to `route` with plausible ids and bodies, so that only the caller's right decides. */
function call(who: Member, route: { method: string; url: string }, target = ids) {
  const id = route.url.includes('/payments/')
    ? target.payment
    : route.url.startsWith('/api/payables')
      ? target.payable
      : route.url.endsWith('/send')
        ? target.draft
        : target.live
  const url = route.url.replace('/api', '').replace(':id', id)
  const body = url.endsWith('/payments')
    ? paymentBody(1)
    : url.endsWith('/do-not-remind')
      ? { do_not_remind: true }
      : url.startsWith('/payments/')
        ? { amount: 1, payment_date: day(0), mode: 'Cash' }
        : url.startsWith('/receivables')
          ? invoiceBody(org.clientId)
          : {
              supplier_id: '00000000-0000-4000-8000-000000000000',
              vendor_invoice_no: 'B-2',
              bill_date: day(-1),
              line_items: [{ description: 'Pump', qty: 1, rate: 100 }],
            }
  const api = as(server, who)
  // The status changes take no body (and refuse one).
  const takesBody = !/\/(cancel|send|receive|email|remind)$/.test(url)
  if (route.method === 'GET') return api.get(url)
  if (route.method === 'POST') return api.post(url, takesBody ? body : undefined)
  if (route.method === 'PUT') return api.put(url, takesBody ? body : undefined)
  return api.delete(url)
}

/** Routes staff may use when everyone may open Accounts. */
const openToStaff = (r: { method: string; url: string }) =>
  !r.url.startsWith('/api/payments/') &&
  r.method !== 'DELETE' &&
  !r.url.endsWith('/cancel') &&
  !(r.method === 'POST' && /\/(payments|email)$/.test(r.url))

describe('who can open Accounts', () => {
  it('covers every accounts route', () => {
    expect(routes).toHaveLength(26)
  })

  it('is everyone in a new organisation: staff list, view, export, create, edit and mark sent', async () => {
    const settings = await as(server, org.admin).get('/admin/settings')
    expect(settings.json().organisation.accounts_access).toBe('EVERYONE')
    expect((await as(server, org.staff).get('/users/me')).json().can_open_accounts).toBe(true)
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const res = await call(org.staff, route)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(200)
    }
    const created = await as(server, org.staff).post('/receivables', invoiceBody(org.clientId))
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().receivable_id
    const inv = await receivable(server, org.staff, id)
    const edit = await as(server, org.staff).put(
      `/receivables/${id}`,
      invoiceBody(org.clientId, { invoice_no: inv.invoice_no }),
    )
    expect(edit.statusCode, edit.body).toBe(200)
    expect((await as(server, org.staff).put(`/receivables/${id}/send`)).statusCode).toBe(200)
    // The PDF link too.
    const key = (await receivable(server, org.staff, id)).invoice_pdf_s3_key
    const url = `/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=documents`
    expect((await as(server, org.staff).get(url)).statusCode).toBe(200)
  })

  it('even then, staff do not record, edit or delete payments, mail invoices, cancel or delete (403, nothing changes)', async () => {
    for (const route of routes.filter((r) => !openToStaff(r))) {
      const res = await call(org.staff, route)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
    }
    // Refused before the body is read: an invalid payment is still a 403.
    const empty = await as(server, org.staff).post(`/receivables/${ids.live}/payments`, {})
    expect(empty.statusCode).toBe(403)
    expect(errorOf(empty)).toBe(accountMessages.paymentsOnly)
    expect(await receivable(server, org.admin, ids.live)).toMatchObject({
      status: 'PARTIALLY_PAID',
      amount_paid: 10,
    })
    expect(await receivable(server, org.admin, ids.draft)).toMatchObject({ status: 'DRAFT' })
  })

  it('admins and accountants only: staff get 403 on every accounts route, the PDF link and the sidebar flag', async () => {
    const live = await sentReceivable(server, org.admin, org.clientId)
    const key = (await receivable(server, org.admin, live)).invoice_pdf_s3_key
    await openAccountsTo(server, org, 'ADMINS_AND_ACCOUNTANTS')
    try {
      expect((await as(server, org.staff).get('/users/me')).json().can_open_accounts).toBe(false)
      expect((await as(server, org.accountant).get('/users/me')).json().can_open_accounts).toBe(true)
      for (const route of routes) {
        const res = await call(org.staff, route)
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
        expect(errorOf(res)).toBe(accountMessages.accountsOnly)
      }
      const url = `/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=documents`
      expect((await as(server, org.staff).get(url)).statusCode).toBe(404)
      expect((await as(server, org.accountant).get(url)).statusCode).toBe(200)
      expect(await receivable(server, org.admin, ids.draft)).toMatchObject({ status: 'DRAFT' })
    } finally {
      await openAccountsTo(server, org, 'EVERYONE')
    }
  })

  it('only an admin may change who can open Accounts, and only to one of the two choices', async () => {
    const staff = await as(server, org.staff).put('/admin/organisation', {
      name: 'Home Org',
      accounts_access: 'EVERYONE',
    })
    expect(staff.statusCode).toBe(403)
    const bad = await as(server, org.admin).put('/admin/organisation', {
      name: 'Home Org',
      accounts_access: 'SOME',
    })
    expect(bad.statusCode).toBe(400)
  })

  it('an accountant reads, creates, edits, sends and records payments, but cannot cancel, delete or touch payments', async () => {
    const adminOnly = (r: { method: string; url: string }) =>
      r.url.startsWith('/api/payments/') ||
      (r.method === 'DELETE' && /\/(receivables|payables)\/:id$/.test(r.url))
    for (const route of routes.filter(adminOnly)) {
      const res = await call(org.accountant, route)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
    }
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const res = await call(org.accountant, route)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(200)
    }
    const created = await as(server, org.accountant).post('/receivables', invoiceBody(org.clientId))
    expect(created.statusCode).toBe(201)
    const id = created.json().receivable_id
    const inv = await receivable(server, org.accountant, id)
    const edit = await as(server, org.accountant).put(
      `/receivables/${id}`,
      invoiceBody(org.clientId, { invoice_no: inv.invoice_no }),
    )
    expect(edit.statusCode).toBe(200)
    expect((await as(server, org.accountant).put(`/receivables/${id}/send`)).statusCode).toBe(200)
    expect(
      (await as(server, org.accountant).post(`/receivables/${id}/payments`, paymentBody(5))).statusCode,
    ).toBe(201)
    const cancel = await as(server, org.accountant).put(`/receivables/${id}/cancel`)
    expect(cancel.statusCode).toBe(403)
    expect(errorOf(cancel)).toBe(accountMessages.adminOnlyDelete)
  })

  it('another organisation’s admin gets 404 on every route that names a record, and sees none in lists', async () => {
    for (const route of routes.filter((r) => r.url.includes(':id'))) {
      const res = await call(outsider.admin, route)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404)
    }
    // The same list's statement, just run for the organisation, gives the outsider nothing.
    const own = await as(server, org.admin).get('/receivables')
    expect(own.json().receivables.length).toBeGreaterThan(0)
    const list = await as(server, outsider.admin).get('/receivables')
    expect(list.json().receivables).toEqual([])
    const summary = await as(server, outsider.admin).get('/receivables/summary')
    expect(summary.json().totalReceivable).toBe(0)
    const csv = await as(server, outsider.admin).get('/receivables/export')
    expect(csv.body.trim().split('\r\n')).toHaveLength(1)
    // Nor may an invoice name another organisation's client.
    const foreign = await as(server, outsider.admin).post('/receivables', invoiceBody(org.clientId))
    expect(foreign.statusCode).toBe(400)
    expect(errorOf(foreign)).toBe(accountMessages.clientNotFound)
    expect(await receivable(server, org.admin, ids.live)).toMatchObject({ amount_paid: 10 })
  })

  it('a malformed id is 404, not 500', async () => {
    expect((await as(server, org.admin).get('/receivables/not-a-uuid')).statusCode).toBe(404)
    expect((await as(server, org.admin).delete('/payments/123')).statusCode).toBe(404)
  })
})
