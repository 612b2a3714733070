import { gstinCheckCharacter, gstr1Messages } from '@daftar/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AccountsOrg,
  accountsOrg,
  as,
  createReceivable,
  day,
  sentReceivable,
} from '../../../test/accounts-helpers.ts'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createClient } from '../../../test/registers-helpers.ts'
import { organisations } from '../organisations/schema.ts'

let server: TestServer
let org: AccountsOrg
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14)
const ORG_GSTIN = gstin('27AABCD1234E1Z')
const KARNATAKA = gstin('29AAACB5678C1Z')
/** A month that has ended, whatever day the tests run on. */
const period = day(-45).slice(0, 7)
const on = (d: number) => `${period}-${String(d).padStart(2, '0')}`

const line = (qty: number, rate: number, gst_rate: number, sac_code = '998331') => ({
  description: 'Engineering services',
  sac_code,
  qty,
  unit: 'Nos',
  rate,
  gst_rate,
})

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server, 'GST Org')
  await server.deps.db
    .update(organisations)
    .set({ gstin: ORG_GSTIN })
    .where(eq(organisations.orgId, org.orgId))
})
afterAll(() => server.close())

describe('GSTR-1 (GET /gst/gstr1 and /gst/gstr1/summary)', () => {
  it("answers the month's invoices in the offline tool's JSON, reconciled with the invoices", async () => {
    const bengaluru = await createClient(server, org.admin.token, {
      name: 'Bangalore Mills',
      gstin: KARNATAKA,
    })
    const walkIn = await createClient(server, org.admin.token, {
      name: 'Ravi Traders',
      office_address: '4 MG Road, Bengaluru, Karnataka 560001',
    })
    const a = { invoice_date: on(5), due_date: on(25) }
    await sentReceivable(server, org.accountant, org.clientId, { ...a, invoice_no: 'G-001' })
    await sentReceivable(server, org.accountant, bengaluru, {
      ...a,
      invoice_no: 'G-002',
      gst_type: 'INTERSTATE',
      line_items: [line(3, 333.33, 18), line(1, 1000, 28, '8703')],
    })
    await sentReceivable(server, org.accountant, walkIn, {
      ...a,
      invoice_no: 'G-003',
      gst_type: 'INTERSTATE',
      line_items: [line(1, 100000, 18)],
    })
    const cancelled = await sentReceivable(server, org.accountant, org.clientId, {
      ...a,
      invoice_no: 'G-004',
    })
    expect((await as(server, org.admin).put(`/receivables/${cancelled}/cancel`)).statusCode).toBe(200)
    // Not in the return: a draft, an invoice of the next month, another organisation's.
    await createReceivable(server, org.accountant, org.clientId, { ...a, invoice_no: 'G-DRAFT' })
    await sentReceivable(server, org.accountant, org.clientId, {
      invoice_no: 'G-LATER',
      invoice_date: day(-1),
      due_date: day(20),
    })
    const other = await accountsOrg(server, 'Other GST Org')
    await server.deps.db
      .update(organisations)
      .set({ gstin: ORG_GSTIN })
      .where(eq(organisations.orgId, other.orgId))
    await sentReceivable(server, other.accountant, other.clientId, { ...a, invoice_no: 'THEIRS-1' })

    const res = await as(server, org.accountant).get(`/gst/gstr1?period=${period}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="GSTR1_${ORG_GSTIN}_${period.slice(5)}${period.slice(0, 4)}.json"`,
    )
    const json = res.json()
    expect(json.gstin).toBe(ORG_GSTIN)
    expect(json.b2b.map((c: { ctin: string }) => c.ctin).sort()).toEqual(
      ['27AAACS1234A1Z2', KARNATAKA].sort(),
    )
    const intra = json.b2b.find((c: { ctin: string }) => c.ctin === '27AAACS1234A1Z2').inv
    expect(intra).toHaveLength(1)
    expect(intra[0]).toMatchObject({ inum: 'G-001', val: 2950, pos: '27', rchrg: 'N', inv_typ: 'R' })
    expect(intra[0].itms[0].itm_det).toEqual({ rt: 18, txval: 2500, iamt: 0, camt: 225, samt: 225, csamt: 0 })
    const inter = json.b2b.find((c: { ctin: string }) => c.ctin === KARNATAKA).inv[0]
    expect(inter.itms.map((i: { itm_det: object }) => i.itm_det)).toEqual([
      { rt: 18, txval: 999.99, iamt: 180, camt: 0, samt: 0, csamt: 0 },
      { rt: 28, txval: 1000, iamt: 280, camt: 0, samt: 0, csamt: 0 },
    ])
    expect(json.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: 'G-003',
            idt: `05-${period.slice(5)}-${period.slice(0, 4)}`,
            val: 118000,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }],
          },
        ],
      },
    ])
    expect(json.doc_issue.doc_det[0].docs[0]).toEqual({
      num: 1,
      from: 'G-001',
      to: 'G-004',
      totnum: 4,
      cancel: 1,
      net_issue: 3,
    })

    const summary = await as(server, org.admin).get(`/gst/gstr1/summary?period=${period}`)
    expect(summary.statusCode, summary.body).toBe(200)
    expect(summary.json()).toMatchObject({
      b2b: { count: 2, txval: 4499.99, iamt: 460, camt: 225, samt: 225 },
      b2cl: { count: 1, txval: 100000, iamt: 18000 },
      b2cs: { count: 0 },
      documents: { from: 'G-001', to: 'G-004', total: 4, cancelled: 1 },
      problems: [],
    })
    expect(summary.json().cancelled).toEqual([
      { number: 'G-004', date: on(5), client: 'Sunrise Textiles', total: 2950 },
    ])
  })

  it('needs the organisation’s GSTIN, a month, and an admin or accountant', async () => {
    const bare = await accountsOrg(server, 'No GSTIN Org')
    const missing = await as(server, bare.admin).get(`/gst/gstr1/summary?period=${period}`)
    expect(missing.statusCode).toBe(422)
    expect(errorOf(missing)).toBe(gstr1Messages.noGstin)
    const bad = await as(server, org.admin).get('/gst/gstr1?period=2026-13')
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad)).toBe(gstr1Messages.period)
    for (const path of [`/gst/gstr1?period=${period}`, `/gst/gstr1/summary?period=${period}`]) {
      const staff = await as(server, org.staff).get(path)
      expect(staff.statusCode).toBe(403)
      expect(errorOf(staff)).toBe(gstr1Messages.adminsAndAccountants)
    }
  })
})
