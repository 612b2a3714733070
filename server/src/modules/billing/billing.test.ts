import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  countRows,
  createClient,
  createProject,
  grant,
  member,
  onDisk,
  PDF_BYTES,
  type RegisterOrg,
  registerOrg,
  sendMultipart,
  storedFiles,
} from '../../../test/registers-helpers.ts'

const REQUIRED = 'Invoice No, Title, Amount, Date, and PDF are required fields.'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
let projectId: string

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Billing Org')
  other = await registerOrg(server, 'Other Billing Org')
  const clientId = await createClient(server, org.admin.token, { name: 'Billing Client' })
  projectId = await createProject(server, org.admin.token, clientId, {
    name: 'Billed Project',
    work_order_details: { number: 'WO-7', date: '2024-04-01', total_value: 250000 },
  })
  await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
  await grant(server, org.admin.token, org.staff2.userId, 'PROJECT', projectId, 'READ')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

const fields = (extra: Record<string, string> = {}) => ({
  invoice_no: 'INV-001',
  title: 'First milestone',
  amount: '10000.50',
  cost_incurred: '4000',
  invoice_date: '2024-05-10',
  ...extra,
})
type Files = Parameters<typeof sendMultipart>[4]
const pdf = (data: Buffer = PDF_BYTES, name = 'invoice.pdf'): Files => ({
  invoice_pdf: { name, type: 'application/pdf', data },
})
const addInvoice = (token: string, f: Record<string, string> = fields(), files = pdf(), id = projectId) =>
  sendMultipart(server, token, `/billing/project/${id}`, f, files)

async function billing(token: string, id = projectId) {
  const res = await api(token).get(`/billing/project/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('GET /billing/project/:id', () => {
  it('starts empty with the order value in the summary', async () => {
    const body = await billing(org.staff2.token)
    expect(body.invoices).toEqual([])
    expect(body.summary).toEqual({
      total_order_value: 250000,
      total_billed_amount: 0,
      total_cost_incurred: 0,
    })
  })

  it('answers 404 without access, to another organisation and for a malformed id', async () => {
    const noAccess = await member(server, org.orgId)
    for (const token of [noAccess.token, other.admin.token]) {
      const res = await api(token).get(`/billing/project/${projectId}`)
      expect(res.statusCode).toBe(404)
      expect(errorOf(res)).toBe('Project not found.')
    }
    expect((await api(org.admin.token).get('/billing/project/nope')).statusCode).toBe(404)
  })
})

describe('POST /billing/project/:id', () => {
  it('adds an invoice with a real PDF, stored on disk and readable through a signed URL', async () => {
    const res = await addInvoice(
      org.staff.token,
      fields({ description: '  Supply  ', transaction_id: 'TX-IGNORED', clearance_date: '2024-05-11' }),
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().message).toBe('Invoice added successfully!')
    const body = await billing(org.admin.token)
    expect(body.invoices).toHaveLength(1)
    const invoice = body.invoices[0]
    expect(invoice).toMatchObject({
      invoice_id: res.json().invoice_id,
      project_id: projectId,
      invoice_no: 'INV-001',
      title: 'First milestone',
      description: 'Supply',
      amount: 10000.5,
      cost_incurred: 4000,
      invoice_date: '2024-05-10',
      status: 'PENDING',
      // For PENDING the transaction and clearance fields are not kept.
      transaction_id: null,
      clearance_date: null,
      cleared_by_full_name: null,
      created_by_full_name: 'Sunil Staff',
    })
    expect(invoice.invoice_pdf_s3_key).toMatch(new RegExp(`^org/${org.orgId}/invoices/[0-9a-f-]{36}\\.pdf$`))
    expect(onDisk(server, invoice.invoice_pdf_s3_key)).toBe(true)
    expect(body.summary).toEqual({
      total_order_value: 250000,
      total_billed_amount: 10000.5,
      total_cost_incurred: 4000,
    })

    const key = encodeURIComponent(invoice.invoice_pdf_s3_key)
    const signed = await api(org.staff2.token).get(`/get-presigned-url?key=${key}&bucketType=documents`)
    expect(signed.statusCode).toBe(200)
    const file = await server.app.inject({ method: 'GET', url: signed.json().url })
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true)
    const noAccess = await member(server, org.orgId)
    expect(
      (await api(noAccess.token).get(`/get-presigned-url?key=${key}&bucketType=documents`)).statusCode,
    ).toBe(404)
    expect(
      (await api(other.admin.token).get(`/get-presigned-url?key=${key}&bucketType=documents`)).statusCode,
    ).toBe(404)
  })

  it('adds a CLEARED invoice only with a clearance date', async () => {
    const missing = await addInvoice(org.admin.token, fields({ invoice_no: 'INV-C0', status: 'CLEARED' }))
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing)).toBe('Date of Clearance is required when status is Cleared.')
    const early = await addInvoice(
      org.admin.token,
      fields({ invoice_no: 'INV-C0', status: 'CLEARED', clearance_date: '2024-05-09' }),
    )
    expect(early.statusCode).toBe(400)
    expect(errorOf(early)).toBe('Date of Clearance cannot be before the Invoice Date.')
    const res = await addInvoice(
      org.admin.token,
      fields({
        invoice_no: 'INV-C1',
        amount: '500',
        cost_incurred: '',
        status: 'CLEARED',
        transaction_id: 'UTR123',
        clearance_date: '2024-06-01',
      }),
    )
    expect(res.statusCode, res.body).toBe(201)
    const invoice = (await billing(org.admin.token)).invoices.find(
      (i: { invoice_no: string }) => i.invoice_no === 'INV-C1',
    )
    expect(invoice).toMatchObject({
      status: 'CLEARED',
      transaction_id: 'UTR123',
      clearance_date: '2024-06-01',
      cleared_by_full_name: 'Anita Admin',
      cost_incurred: null,
      amount: 500,
    })
  })

  it('refuses a fake PDF, whatever its name and claimed type, and keeps nothing', async () => {
    const files = storedFiles(server)
    const rows = await countRows(server, 'project_invoices', org.orgId)
    const fake = Buffer.from('This is plain text pretending to be a PDF.\n'.repeat(20))
    const res = await addInvoice(org.admin.token, fields({ invoice_no: 'FAKE' }), pdf(fake, 'x.pdf'))
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('The invoice must be a PDF file.')
    expect(storedFiles(server)).toEqual(files)
    expect(await countRows(server, 'project_invoices', org.orgId)).toBe(rows)
  })

  it('refuses PDF bytes under a name that is not a PDF, which would be stored and served as that type', async () => {
    const files = storedFiles(server)
    const rows = await countRows(server, 'project_invoices', org.orgId)
    for (const name of ['inv.txt', 'invoice']) {
      const res = await addInvoice(org.admin.token, fields({ invoice_no: 'NAMED' }), pdf(PDF_BYTES, name))
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('The invoice must be a PDF file.')
    }
    expect(storedFiles(server)).toEqual(files)
    expect(await countRows(server, 'project_invoices', org.orgId)).toBe(rows)
    const upper = await addInvoice(
      org.admin.token,
      fields({ invoice_no: 'NAMED' }),
      pdf(PDF_BYTES, 'INV.PDF'),
    )
    expect(upper.statusCode, upper.body).toBe(201)
  })

  it('needs every required field and the PDF', async () => {
    const files = storedFiles(server)
    const rows = await countRows(server, 'project_invoices', org.orgId)
    for (const missing of ['invoice_no', 'title', 'amount', 'invoice_date'] as const) {
      const f: Record<string, string> = fields()
      delete f[missing]
      const res = await addInvoice(org.admin.token, f)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe(REQUIRED)
    }
    for (const bad of [{ amount: 'abc' }, { invoice_date: '10/05/2024' }, { title: '   ' }] as Record<
      string,
      string
    >[]) {
      expect(errorOf(await addInvoice(org.admin.token, fields(bad)))).toBe(REQUIRED)
    }
    const noPdf = await addInvoice(org.admin.token, fields(), {})
    expect(noPdf.statusCode).toBe(400)
    expect(errorOf(noPdf)).toBe(REQUIRED)
    expect(storedFiles(server)).toEqual(files)
    expect(await countRows(server, 'project_invoices', org.orgId)).toBe(rows)
  })

  it('refuses a PDF over 25 MB with 413', async () => {
    const files = storedFiles(server)
    const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x20)
    PDF_BYTES.copy(big)
    const res = await addInvoice(org.admin.token, fields({ invoice_no: 'BIG' }), pdf(big))
    expect(res.statusCode).toBe(413)
    expect(errorOf(res)).toBe('File size exceeds 25MB.')
    expect(storedFiles(server)).toEqual(files)
  })

  it('needs WRITE: READ gets 403, no access and another organisation 404, keeping nothing', async () => {
    const files = storedFiles(server)
    const rows = await countRows(server, 'project_invoices', org.orgId)
    expect((await addInvoice(org.staff2.token)).statusCode).toBe(403)
    const noAccess = await member(server, org.orgId)
    expect((await addInvoice(noAccess.token)).statusCode).toBe(404)
    expect((await addInvoice(other.admin.token)).statusCode).toBe(404)
    expect(storedFiles(server)).toEqual(files)
    expect(await countRows(server, 'project_invoices', org.orgId)).toBe(rows)
  })

  it('feeds the billed amount of the project list and detail', async () => {
    const before = (await billing(org.admin.token)).summary.total_billed_amount
    expect(
      (await addInvoice(org.admin.token, fields({ invoice_no: 'INV-L', amount: '99.49' }))).statusCode,
    ).toBe(201)
    const listed = (await api(org.staff.token).get('/projects')).json().projects
    const row = listed.find((p: { project_id: string }) => p.project_id === projectId)
    expect(row.billed_amount).toBeCloseTo(before + 99.49, 2)
    expect(row.order_value).toBe(250000)
    const detail = (await api(org.staff.token).get(`/projects/${projectId}`)).json()
    expect(detail.billed_amount).toBeCloseTo(before + 99.49, 2)
    expect((await billing(org.admin.token)).summary.total_billed_amount).toBeCloseTo(before + 99.49, 2)
  })
})
