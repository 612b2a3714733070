import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, PASSWORD, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  grant,
  member,
  onDisk,
  PDF_BYTES,
  type RegisterOrg,
  registerOrg,
  sendMultipart,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
let projectId: string

type Invoice = {
  invoice_id: string
  invoice_no: string
  title: string
  amount: number
  cost_incurred: number | null
  status: string
  transaction_id: string | null
  clearance_date: string | null
  cleared_by_full_name: string | null
  invoice_pdf_s3_key: string
  version: number
}

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Invoices Org')
  other = await registerOrg(server, 'Other Invoices Org')
  const clientId = await createClient(server, org.admin.token, { name: 'Invoice Client' })
  projectId = await createProject(server, org.admin.token, clientId, { name: 'Invoiced Project' })
  await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
  await grant(server, org.admin.token, org.staff2.userId, 'PROJECT', projectId, 'READ')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

async function invoices(): Promise<Invoice[]> {
  const res = await api(org.admin.token).get(`/billing/project/${projectId}`)
  expect(res.statusCode).toBe(200)
  return res.json().invoices
}

/** Adds a PENDING invoice as the admin; returns it as listed. */
async function newInvoice(invoice_no: string, amount = '1000'): Promise<Invoice> {
  const res = await sendMultipart(
    server,
    org.admin.token,
    `/billing/project/${projectId}`,
    { invoice_no, title: `Invoice ${invoice_no}`, amount, cost_incurred: '100', invoice_date: '2024-07-01' },
    { invoice_pdf: { name: `${invoice_no}.pdf`, type: 'application/pdf', data: PDF_BYTES } },
  )
  expect(res.statusCode, res.body).toBe(201)
  return (await invoices()).find((i) => i.invoice_id === res.json().invoice_id)!
}

const edit = (invoice_no: string, extra: Record<string, unknown> = {}) => ({
  invoice_no,
  title: 'Edited title',
  amount: 2500,
  cost_incurred: '',
  invoice_date: '2024-07-15',
  ...extra,
})

describe('PUT /billing/invoice/:id', () => {
  it('lets WRITE edit the fields, keeping the PDF, and turns an empty cost into null', async () => {
    const invoice = await newInvoice('E-1')
    const res = await api(org.staff.token).put(`/billing/invoice/${invoice.invoice_id}`, edit('E-1b'), {
      'if-match': String(invoice.version),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('Invoice updated successfully!')
    const after = (await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!
    expect(after).toMatchObject({
      invoice_no: 'E-1b',
      title: 'Edited title',
      amount: 2500,
      cost_incurred: null,
      invoice_date: '2024-07-15',
      invoice_pdf_s3_key: invoice.invoice_pdf_s3_key,
      updated_by_full_name: 'Sunil Staff',
      version: invoice.version + 1,
    })
  })

  it('answers 412 to an edit made on a stale copy', async () => {
    const invoice = await newInvoice('E-2')
    const url = `/billing/invoice/${invoice.invoice_id}`
    const first = await api(org.admin.token).put(url, edit('E-2a'), { 'if-match': String(invoice.version) })
    expect(first.statusCode).toBe(200)
    const stale = await api(org.staff.token).put(url, edit('E-2b'), { 'if-match': String(invoice.version) })
    expect(stale.statusCode).toBe(412)
    expect((await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!.invoice_no).toBe('E-2a')
  })

  it('needs the required fields, WRITE access and the same organisation', async () => {
    const invoice = await newInvoice('E-3')
    const url = `/billing/invoice/${invoice.invoice_id}`
    for (const bad of [{ invoice_no: '' }, { title: undefined }, { amount: '' }, { invoice_date: null }]) {
      const res = await api(org.admin.token).put(url, edit('E-3', bad))
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Invoice No, Title, Amount, and Date are required fields.')
    }
    expect((await api(org.staff2.token).put(url, edit('E-3x'))).statusCode).toBe(403)
    const noAccess = await member(server, org.orgId)
    expect((await api(noAccess.token).put(url, edit('E-3y'))).statusCode).toBe(404)
    const foreign = await api(other.admin.token).put(url, edit('E-3z'))
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign)).toBe('Invoice not found.')
    expect((await api(org.admin.token).put(`/billing/invoice/${randomUUID()}`, edit('X'))).statusCode).toBe(
      404,
    )
    expect((await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!.invoice_no).toBe('E-3')
  })
})

describe('PUT /billing/invoice/:id/status', () => {
  it('moves PENDING to CLEARED and back, for admins only', async () => {
    const invoice = await newInvoice('S-1')
    const url = `/billing/invoice/${invoice.invoice_id}/status`
    const staff = await api(org.staff.token).put(url, { status: 'CLEARED', clearance_date: '2024-08-01' })
    expect(staff.statusCode).toBe(403)
    const noDate = await api(org.admin.token).put(url, { status: 'CLEARED', transaction_id: 'T1' })
    expect(noDate.statusCode).toBe(400)
    expect(errorOf(noDate)).toBe('Date of Clearance is required.')
    expect((await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!.status).toBe('PENDING')

    const cleared = await api(org.admin2.token).put(url, {
      status: 'CLEARED',
      transaction_id: ' UTR-77 ',
      clearance_date: '2024-08-01',
    })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json().message).toBe('Invoice status updated successfully!')
    expect((await invoices()).find((i) => i.invoice_id === invoice.invoice_id)).toMatchObject({
      status: 'CLEARED',
      transaction_id: 'UTR-77',
      clearance_date: '2024-08-01',
      cleared_by_full_name: 'Bharat Admin',
    })

    const back = await api(org.admin.token).put(url, {
      status: 'PENDING',
      transaction_id: 'ignored',
      clearance_date: '2024-08-02',
    })
    expect(back.statusCode).toBe(200)
    expect((await invoices()).find((i) => i.invoice_id === invoice.invoice_id)).toMatchObject({
      status: 'PENDING',
      transaction_id: null,
      clearance_date: null,
      cleared_by_full_name: null,
    })
    expect((await api(org.admin.token).put(url, { status: 'PAID' })).statusCode).toBe(400)
    expect((await api(other.admin.token).put(url, { status: 'PENDING' })).statusCode).toBe(404)
  })
})

describe('clearance and invoice dates', () => {
  it('refuses a clearance before the invoice date, and an invoice dated after its clearance', async () => {
    const invoice = await newInvoice('D-1') // dated 2024-07-01
    const url = `/billing/invoice/${invoice.invoice_id}/status`
    const early = await api(org.admin.token).put(url, { status: 'CLEARED', clearance_date: '2024-06-30' })
    expect(early.statusCode).toBe(400)
    expect(errorOf(early)).toBe('Date of Clearance cannot be before the Invoice Date.')
    expect((await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!.status).toBe('PENDING')

    const sameDay = await api(org.admin.token).put(url, { status: 'CLEARED', clearance_date: '2024-07-01' })
    expect(sameDay.statusCode, sameDay.body).toBe(200)
    const cleared = (await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!
    const later = await api(org.staff.token).put(
      `/billing/invoice/${invoice.invoice_id}`,
      edit('D-1', { invoice_date: '2024-07-02' }),
    )
    expect(later.statusCode).toBe(400)
    expect(errorOf(later)).toBe('Date of Clearance cannot be before the Invoice Date.')
    expect((await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!.version).toBe(cleared.version)
  })
})

describe('PUT /billing/invoice/:id/status, at once', () => {
  it('of 20 admins clearing one invoice at once exactly one wins; the rest answer 409', async () => {
    const invoice = await newInvoice('S-20')
    const url = `/billing/invoice/${invoice.invoice_id}/status`
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 ? org.admin.token : org.admin2.token).put(url, {
          status: 'CLEARED',
          transaction_id: `UTR-${i}`,
          clearance_date: '2024-08-01',
        }),
      ),
    ).then((all) => all.map((r) => r.statusCode))
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(19)
    const after = (await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!
    expect(after.version).toBe(invoice.version + 1)
  })

  it('takes If-Match: a stale version answers 412 and changes nothing', async () => {
    const invoice = await newInvoice('S-21')
    const url = `/billing/invoice/${invoice.invoice_id}/status`
    const body = { status: 'CLEARED', clearance_date: '2024-08-01' }
    const stale = await api(org.admin.token).put(url, body, { 'if-match': String(invoice.version + 5) })
    expect(stale.statusCode).toBe(412)
    const ok = await api(org.admin.token).put(url, body, { 'if-match': String(invoice.version) })
    expect(ok.statusCode).toBe(200)
    const again = await api(org.admin.token).put(url, body)
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toBe('This invoice is already cleared.')
  })
  it('answers 409, not 412, to If-Match with the current version of an invoice already cleared', async () => {
    const invoice = await newInvoice('S-22')
    const url = `/billing/invoice/${invoice.invoice_id}/status`
    const body = { status: 'CLEARED', clearance_date: '2024-08-01' }
    expect((await api(org.admin.token).put(url, body)).statusCode).toBe(200)
    const { version } = (await invoices()).find((i) => i.invoice_id === invoice.invoice_id)!
    const again = await api(org.admin2.token).put(url, body, { 'if-match': String(version) })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toBe('This invoice is already cleared.')
    const back = { status: 'PENDING' }
    expect((await api(org.admin.token).put(url, back, { 'if-match': String(version) })).statusCode).toBe(200)
    const pending = await api(org.admin.token).put(url, back, { 'if-match': String(version + 1) })
    expect(pending.statusCode).toBe(409)
    expect(errorOf(pending)).toBe('This invoice is already pending.')
  })
})

describe('DELETE /billing/invoice/:id', () => {
  it('needs an admin and their password; then the invoice and its PDF are gone', async () => {
    const invoice = await newInvoice('D-1', '777')
    const url = `/billing/invoice/${invoice.invoice_id}`
    const billedBefore = (await api(org.admin.token).get(`/billing/project/${projectId}`)).json().summary
      .total_billed_amount
    expect((await api(org.staff.token).delete(url, { password: PASSWORD })).statusCode).toBe(403)
    const wrong = await api(org.admin.token).delete(url, { password: 'not-my-password' })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong)).toBe('Incorrect password.')
    const missing = await api(org.admin.token).delete(url, {})
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing)).toBe('Password is required to confirm deletion.')
    expect((await api(other.admin.token).delete(url, { password: PASSWORD })).statusCode).toBe(404)
    expect((await invoices()).map((i) => i.invoice_id)).toContain(invoice.invoice_id)
    expect(onDisk(server, invoice.invoice_pdf_s3_key)).toBe(true)

    const res = await api(org.admin.token).delete(url, { password: PASSWORD })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Invoice deleted successfully.')
    expect((await invoices()).map((i) => i.invoice_id)).not.toContain(invoice.invoice_id)
    expect(onDisk(server, invoice.invoice_pdf_s3_key)).toBe(false)
    const summary = (await api(org.admin.token).get(`/billing/project/${projectId}`)).json().summary
    expect(summary.total_billed_amount).toBeCloseTo(billedBefore - 777, 2)
    const row = (await api(org.admin.token).get('/projects'))
      .json()
      .projects.find((p: { project_id: string }) => p.project_id === projectId)
    expect(row.billed_amount).toBeCloseTo(billedBefore - 777, 2)
    expect((await api(org.admin.token).delete(url, { password: PASSWORD })).statusCode).toBe(404)
  })

  it('does not read a password from the address, where logs and history would keep it', async () => {
    const invoice = await newInvoice('D-2')
    const res = await api(org.admin.token).delete(
      `/billing/invoice/${invoice.invoice_id}?password=${encodeURIComponent(PASSWORD)}`,
    )
    expect(res.statusCode).toBe(400)
    expect((await invoices()).map((i) => i.invoice_id)).toContain(invoice.invoice_id)
  })
})

describe('DELETE /billing/invoice/:id, at once and guessed', () => {
  const deletesOf = async (invoiceId: string) => {
    const { rows } = await server.deps.database.pool.query(
      `select count(*)::int as n from audit_events where action = 'INVOICE_DELETE' and before->>'invoice_id' = $1`,
      [invoiceId],
    )
    return rows[0].n as number
  }

  it('of 8 parallel deletes from two admins exactly one wins; the rest answer 404, with one History entry', async () => {
    const invoice = await newInvoice('P-8')
    const admins = [org.admin.token, org.admin2.token]
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api(admins[i % 2]!).delete(`/billing/invoice/${invoice.invoice_id}`, { password: PASSWORD }),
      ),
    )
    const codes = answers.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 404)).toHaveLength(7)
    for (const r of answers.filter((a) => a.statusCode === 404)) expect(errorOf(r)).toBe('Invoice not found.')
    expect(await deletesOf(invoice.invoice_id)).toBe(1)
    expect(onDisk(server, invoice.invoice_pdf_s3_key)).toBe(false)
  })

  it('counts a wrong password as a try: of 20 at once the allowed tries answer 400, the rest 429', async () => {
    const limit = server.config.TWO_FACTOR_MAX_PER_ACCOUNT
    const admin = await member(server, org.orgId, { isAdmin: true })
    const invoice = await newInvoice('G-20')
    const url = `/billing/invoice/${invoice.invoice_id}`
    const codes = await Promise.all(
      Array.from({ length: 20 }, () => api(admin.token).delete(url, { password: 'guess' })),
    ).then((all) => all.map((r) => r.statusCode))
    expect(codes.filter((c) => c === 400)).toHaveLength(limit)
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - limit)
    expect((await api(admin.token).delete(url, { password: PASSWORD })).statusCode).toBe(429)
    expect((await invoices()).map((i) => i.invoice_id)).toContain(invoice.invoice_id)
    // Another admin's tries are their own.
    expect((await api(org.admin2.token).delete(url, { password: PASSWORD })).statusCode).toBe(200)
  })
})
