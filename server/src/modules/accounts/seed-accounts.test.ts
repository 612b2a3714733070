import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, login, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { seedDemo } from '../../seed/seed.ts'

let server: TestServer
let api: ReturnType<typeof client>

beforeAll(async () => {
  server = await startTestServer()
  await seedDemo(server.deps.db)
  api = client(server, (await login(server, 'accounts@example.com')).accessToken)
})
afterAll(() => server.close())

describe('the demo organisation’s accounts', () => {
  it('has receivables in every status, one overdue, with payments', async () => {
    const res = await api.get('/receivables')
    expect(res.statusCode).toBe(200)
    const list = res.json().receivables as { status: string; amount_paid: number; receivable_id: string }[]
    expect(new Set(list.map((r) => r.status))).toEqual(
      new Set(['DRAFT', 'SENT', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'CANCELLED']),
    )
    expect(list.filter((r) => r.status === 'OVERDUE')).toHaveLength(1)
    expect(list.filter((r) => r.amount_paid > 0).length).toBeGreaterThanOrEqual(2)
    // A live demo invoice has its PDF's key; the PDF (with the organisation's UPI QR) is drawn on download.
    const sent = list.find((r) => r.status === 'SENT')!
    const detail = await api.get(`/receivables/${sent.receivable_id}`)
    const key = detail.json().invoice_pdf_s3_key
    expect(key).toMatch(/\.pdf$/)
    const signed = await api.get(`/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=documents`)
    expect(signed.statusCode, signed.body).toBe(200)
    const file = await server.app.inject({ method: 'GET', url: signed.json().url })
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('has payables in every status, with payments', async () => {
    const list = (await api.get('/payables')).json().payables as { status: string; amount_paid: number }[]
    expect(new Set(list.map((r) => r.status))).toEqual(
      new Set(['DRAFT', 'RECEIVED', 'OVERDUE', 'PAID', 'CANCELLED']),
    )
    const summary = (await api.get('/payables/summary')).json()
    expect(summary.totalOverdue).toBeGreaterThan(0)
    expect(summary.draftCount).toBe(1)
  })
})
