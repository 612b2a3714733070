import { gstinCheckCharacter, gstr1Messages } from '@daftar/domain'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
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

/** An organisation of its own with the GSTIN the tests file under. */
async function gstOrg(name: string) {
  const made = await accountsOrg(server, name)
  await server.deps.db
    .update(organisations)
    .set({ gstin: ORG_GSTIN })
    .where(eq(organisations.orgId, made.orgId))
  return made
}

/** The workbook of `format=xlsx`, read back: each sheet's headers (row 4) and rows (from row 5). */
async function readWorkbook(body: Buffer) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(body as unknown as ArrayBuffer)
  const sheets = new Map<string, { headers: string[]; rows: Record<string, unknown>[]; formats: string[] }>()
  book.eachSheet((ws) => {
    const headers = (ws.getRow(4).values as unknown[]).slice(1).map(String)
    const rows: Record<string, unknown>[] = []
    const formats: string[] = []
    ws.eachRow((row, n) => {
      if (n < 5) return
      rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])))
      row.eachCell((cell) => {
        if (typeof cell.value === 'number') formats.push(cell.numFmt ?? '')
      })
    })
    sheets.set(ws.name, { headers, rows, formats })
  })
  return sheets
}

/** Rupees summed in paise. */
const paise = (values: unknown[]) => values.reduce<number>((a, v) => a + Math.round(Number(v) * 100), 0)

beforeAll(async () => {
  server = await startTestServer()
  org = await gstOrg('GST Org')
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
    for (const month of ['2026-13', '0000-01']) {
      const bad = await as(server, org.admin).get(`/gst/gstr1?period=${month}`)
      expect(bad.statusCode, month).toBe(400)
      expect(errorOf(bad)).toBe(gstr1Messages.period)
    }
    for (const path of [
      `/gst/gstr1?period=${period}`,
      `/gst/gstr1?period=${period}&format=xlsx`,
      `/gst/gstr1/summary?period=${period}`,
    ]) {
      const staff = await as(server, org.staff).get(path)
      expect(staff.statusCode).toBe(403)
      expect(errorOf(staff)).toBe(gstr1Messages.adminsAndAccountants)
    }
    const badFormat = await as(server, org.admin).get(`/gst/gstr1?period=${period}&format=csv`)
    expect(badFormat.statusCode).toBe(400)
  })

  it("gives the GST offline tool's Excel workbook, every figure reconciled with the JSON", async () => {
    const own = await gstOrg('GST Excel Org')
    const bengaluru = await createClient(server, own.admin.token, {
      name: 'Bangalore Mills',
      gstin: KARNATAKA,
    })
    const walkIn = await createClient(server, own.admin.token, {
      name: 'Ravi Traders',
      office_address: '4 MG Road, Bengaluru, Karnataka 560001',
    })
    const local = await createClient(server, own.admin.token, { name: 'Pune Walk-in' })
    const a = { invoice_date: on(5), due_date: on(25) }
    // Intra-state B2B; inter-state B2B at two rates; B2C large; reverse charge; B2C small; cancelled.
    await sentReceivable(server, own.accountant, own.clientId, { ...a, invoice_no: 'G-001' })
    await sentReceivable(server, own.accountant, bengaluru, {
      ...a,
      invoice_no: 'G-002',
      gst_type: 'INTERSTATE',
      line_items: [line(3, 333.33, 18), line(1, 1000, 28, '8703')],
    })
    await sentReceivable(server, own.accountant, walkIn, {
      ...a,
      invoice_no: 'G-003',
      gst_type: 'INTERSTATE',
      line_items: [line(1, 100000, 18)],
    })
    await sentReceivable(server, own.accountant, own.clientId, {
      ...a,
      invoice_no: 'G-004',
      is_rcm: true,
      line_items: [line(1, 10000, 18)],
    })
    await sentReceivable(server, own.accountant, walkIn, {
      ...a,
      invoice_no: 'G-005',
      gst_type: 'INTERSTATE',
      line_items: [line(2, 20000.5, 12, '3824')],
    })
    await sentReceivable(server, own.accountant, local, {
      ...a,
      invoice_no: 'G-006',
      line_items: [line(1, 1999.99, 18)],
    })
    const cancelled = await sentReceivable(server, own.accountant, own.clientId, {
      ...a,
      invoice_no: 'G-007',
    })
    expect((await as(server, own.admin).put(`/receivables/${cancelled}/cancel`)).statusCode).toBe(200)

    const json = (await as(server, own.accountant).get(`/gst/gstr1?period=${period}`)).json()
    const summary = (await as(server, own.accountant).get(`/gst/gstr1/summary?period=${period}`)).json()
    expect(summary).toMatchObject({ b2b: { count: 3 }, b2cl: { count: 1 }, b2cs: { count: 2 }, problems: [] })

    const res = await as(server, own.accountant).get(`/gst/gstr1?period=${period}&format=xlsx`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="GSTR1_${ORG_GSTIN}_${period.slice(5)}${period.slice(0, 4)}.xlsx"`,
    )
    const sheets = await readWorkbook(res.rawPayload)
    expect([...sheets.keys()]).toEqual(['b2b,sez,de', 'b2cl', 'b2cs', 'exemp', 'hsn', 'docs'])
    const b2b = sheets.get('b2b,sez,de')!
    expect(b2b.headers).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Applicable % of Tax Rate',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ])
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
      Number(period.slice(5)) - 1
    ]
    expect(b2b.rows.find((r) => r['Invoice Number'] === 'G-001')).toMatchObject({
      'GSTIN/UIN of Recipient': '27AAACS1234A1Z2',
      'Receiver Name': 'Sunrise Textiles',
      'Invoice date': `05-${month}-${period.slice(0, 4)}`,
      'Invoice Value': 2950,
      'Place Of Supply': '27-Maharashtra',
      'Reverse Charge': 'N',
      'Invoice Type': 'Regular B2B',
      Rate: 18,
      'Taxable Value': 2500,
    })
    expect(b2b.rows.find((r) => r['Invoice Number'] === 'G-004')).toMatchObject({ 'Reverse Charge': 'Y' })
    expect(b2b.rows.filter((r) => r['Invoice Number'] === 'G-002')).toHaveLength(2)
    expect(b2b.rows.some((r) => r['Invoice Number'] === 'G-007')).toBe(false)
    // Money, rates and quantities show two decimals; the documents sheet holds counts.
    for (const name of ['b2b,sez,de', 'b2cl', 'b2cs', 'hsn'])
      expect(new Set(sheets.get(name)!.formats), name).toEqual(new Set(['0.00']))

    // Each sheet's figures add up to the JSON's.
    type Inv = { inum: string; val: number; itms: { itm_det: { txval: number; iamt?: number } }[] }
    const jsonInvoices = (section: { inv: Inv[] }[]) => section.flatMap((x) => x.inv)
    const txvals = (list: Inv[]) => list.flatMap((i) => i.itms.map((it) => it.itm_det.txval))
    expect(paise(b2b.rows.map((r) => r['Taxable Value']))).toBe(paise(txvals(jsonInvoices(json.b2b))))
    expect(new Set(b2b.rows.map((r) => r['Invoice Number'])).size).toBe(jsonInvoices(json.b2b).length)
    const b2cl = sheets.get('b2cl')!
    expect(b2cl.rows).toEqual([
      {
        'Invoice Number': 'G-003',
        'Invoice date': `05-${month}-${period.slice(0, 4)}`,
        'Invoice Value': 118000,
        'Place Of Supply': '29-Karnataka',
        'Applicable % of Tax Rate': null,
        Rate: 18,
        'Taxable Value': 100000,
        'Cess Amount': 0,
        'E-Commerce GSTIN': null,
      },
    ])
    const b2cs = sheets.get('b2cs')!
    expect(paise(b2cs.rows.map((r) => r['Taxable Value']))).toBe(
      paise(json.b2cs.map((r: { txval: number }) => r.txval)),
    )
    expect(b2cs.rows.map((r) => [r.Type, r['Place Of Supply'], r.Rate]).sort()).toEqual(
      [
        ['OE', '27-Maharashtra', 18],
        ['OE', '29-Karnataka', 12],
      ].sort(),
    )
    const hsn = sheets.get('hsn')!
    const jsonHsn = [...json.hsn.hsn_b2b, ...json.hsn.hsn_b2c] as Record<string, number>[]
    for (const [column, key] of [
      ['Total Value', 'val'],
      ['Taxable Value', 'txval'],
      ['Integrated Tax Amount', 'iamt'],
      ['Central Tax Amount', 'camt'],
      ['State/UT Tax', 'samt'],
      ['Cess Amount', 'csamt'],
    ] as const)
      expect(paise(hsn.rows.map((r) => r[column])), column).toBe(paise(jsonHsn.map((r) => r[key])))
    expect(paise(hsn.rows.map((r) => r['Taxable Value']))).toBe(Math.round(summary.hsn.txval * 100))
    expect(paise(hsn.rows.map((r) => r['Integrated Tax Amount']))).toBe(Math.round(summary.hsn.iamt * 100))
    expect(sheets.get('docs')!.rows).toEqual([
      {
        'Nature of Document': 'Invoices for outward supply',
        'Sr. No. From': 'G-001',
        'Sr. No. To': 'G-007',
        'Total Number': 7,
        Cancelled: 1,
      },
    ])
  })

  it('places a client without a GSTIN by its own state, and names the client it cannot place', async () => {
    const own = await gstOrg('GST State Org')
    const karnataka = await createClient(server, own.admin.token, {
      name: 'Mysore Silks',
      state_code: 'Karnataka',
    })
    const detail = await as(server, own.admin).get(`/clients/${karnataka}`)
    expect(detail.json().state_code).toBe('29')
    const nowhere = await createClient(server, own.admin.token, { name: 'Nowhere Ltd' })
    const a = { invoice_date: on(6), due_date: on(26), gst_type: 'INTERSTATE' }
    await sentReceivable(server, own.accountant, karnataka, { ...a, invoice_no: 'S-001' })
    await sentReceivable(server, own.accountant, nowhere, { ...a, invoice_no: 'S-002' })
    const json = (await as(server, own.accountant).get(`/gst/gstr1?period=${period}`)).json()
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 2500, iamt: 450, csamt: 0 },
    ])
    const summary = (await as(server, own.accountant).get(`/gst/gstr1/summary?period=${period}`)).json()
    expect(summary.problems).toEqual([
      'Invoice S-002: the place of supply is not known. Give Nowhere Ltd a GSTIN or a state.',
    ])
    expect(summary.unplaced).toEqual([{ number: 'S-002', client_id: nowhere, client: 'Nowhere Ltd' }])
  })
})
