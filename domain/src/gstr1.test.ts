import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeGst, GST_RATES, type GstType } from './gst.ts'
import { gstinCheckCharacter } from './gstin.ts'
import { buildGstr1, type Gstr1Invoice, gstStateCode, stateInAddress } from './gstr1.ts'
import { gstr1Sheets, templateDate, templatePlaceOfSupply } from './gstr1-sheets.ts'

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14)
const ORG = gstin('27AAACD1234F1Z')
const MAHA = gstin('27AAACS1234A1Z')
const KARNATAKA = gstin('29AAACB5678C1Z')

type Line = [qty: number, rate: number, gst: number, hsn: string | null, unit: string]

function invoice(
  number: string,
  client: { gstin?: string; address?: string },
  gstType: GstType,
  lines: Line[],
  { rcm = false, cancelled = false } = {},
): Gstr1Invoice {
  const computed = computeGst(
    lines.map(([qty, rate, gst_rate]) => ({ qty, rate, gst_rate })),
    gstType,
    rcm,
  )
  return {
    number,
    date: '2026-10-05',
    cancelled,
    clientName: `Client of ${number}`,
    clientGstin: client.gstin ?? null,
    clientAddress: client.address ?? null,
    gstType,
    isRcm: rcm,
    total: computed.totals.total,
    cgst: computed.totals.cgst,
    sgst: computed.totals.sgst,
    igst: computed.totals.igst,
    lines: lines.map(([qty, , gstRate, hsn, unit], i) => ({
      hsn,
      description: `Line ${i + 1}`,
      qty,
      unit,
      gstRate,
      basic: computed.lines[i]!.basic,
    })),
  }
}

const month = [
  invoice('INV-001', { gstin: MAHA }, 'INTRASTATE', [
    [2, 1250, 18, '998331', 'Nos'],
    [1, 1000, 5, '8421', 'Nos'],
  ]),
  invoice('INV-002', { gstin: KARNATAKA }, 'INTERSTATE', [[3, 333.33, 18, '8421', 'Nos']]),
  invoice('INV-003', { gstin: MAHA }, 'INTRASTATE', [[1, 10000, 18, '998719', 'Nos']], { rcm: true }),
  invoice('INV-004', { gstin: MAHA }, 'EXEMPT', [[1, 5000, 0, '998599', 'Nos']]),
  invoice('INV-005', { address: '12 MG Road, Bengaluru, Karnataka 560001' }, 'INTERSTATE', [
    [1, 100000, 18, '8421', 'Nos'],
  ]),
  invoice('INV-006', { address: 'CG Road, Ahmedabad, Gujarat' }, 'INTERSTATE', [
    [2, 25000, 12, '3824', 'Kg'],
  ]),
  invoice('INV-007', {}, 'INTRASTATE', [
    [1, 2000, 18, '998331', 'Nos'],
    [1, 500, 0, '0401', 'Ltr'],
  ]),
  invoice('INV-008', { gstin: MAHA }, 'INTRASTATE', [[1, 9999, 18, '998331', 'Nos']], { cancelled: true }),
  invoice('INV-009', { address: 'Somewhere without a state' }, 'INTERSTATE', [[1, 100, 18, null, 'Nos']]),
  invoice('INV-010', { gstin: KARNATAKA }, 'INTERSTATE', [[4, 1000, 28, '8703', 'Nos']]),
]

describe('GSTR-1 of a month', () => {
  const { json, summary, problems } = buildGstr1(ORG, '2026-10', month)
  const b2b = json.b2b as {
    ctin: string
    inv: {
      inum: string
      val: number
      pos: string
      rchrg: string
      itms: { itm_det: Record<string, number> }[]
    }[]
  }[]

  it('reports registered clients invoice by invoice, each rate reconciled to the invoice’s own taxes', () => {
    expect(json.gstin).toBe(ORG)
    expect(json.fp).toBe('102026')
    const maha = b2b.find((c) => c.ctin === MAHA)!
    const first = maha.inv.find((i) => i.inum === 'INV-001')!
    expect(first).toMatchObject({ idt: '05-10-2026', val: 4000, pos: '27', rchrg: 'N', inv_typ: 'R' })
    expect(first.itms.map((i) => i.itm_det)).toEqual([
      { rt: 5, txval: 1000, iamt: 0, camt: 25, samt: 25, csamt: 0 },
      { rt: 18, txval: 2500, iamt: 0, camt: 225, samt: 225, csamt: 0 },
    ])
    // 999.99 at 18 %: IGST 180.00 as the invoice carries it; the invoice value is rounded to the rupee.
    const inter = b2b.find((c) => c.ctin === KARNATAKA)!.inv.find((i) => i.inum === 'INV-002')!
    expect(inter).toMatchObject({ val: 1180, pos: '29' })
    expect(inter.itms[0]!.itm_det).toEqual({ rt: 18, txval: 999.99, iamt: 180, camt: 0, samt: 0, csamt: 0 })
    // Reverse charge: flagged, the invoice carries no tax, the recipient's is reported.
    const rcm = maha.inv.find((i) => i.inum === 'INV-003')!
    expect(rcm).toMatchObject({ rchrg: 'Y', val: 10000 })
    expect(rcm.itms[0]!.itm_det).toMatchObject({ rt: 18, txval: 10000, camt: 900, samt: 900 })
    // The exempt and the cancelled invoices are not among them.
    expect(maha.inv.map((i) => i.inum).sort()).toEqual(['INV-001', 'INV-003'])
  })

  it('puts unregistered clients in B2C large (across states above ₹1,00,000) or small, by place of supply', () => {
    expect(json.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: 'INV-005',
            idt: '05-10-2026',
            val: 118000,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }],
          },
        ],
      },
    ])
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '24', typ: 'OE', rt: 12, txval: 50000, iamt: 6000, csamt: 0 },
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 2000, camt: 180, samt: 180, csamt: 0 },
    ])
  })

  it('puts exempt and nil-rated supplies in the nil table, and names what it cannot place', () => {
    expect(json.nil).toEqual({
      inv: [
        { sply_ty: 'INTRAB2B', expt_amt: 5000, nil_amt: 0, ngsup_amt: 0 },
        { sply_ty: 'INTRAB2C', expt_amt: 0, nil_amt: 500, ngsup_amt: 0 },
      ],
    })
    expect(problems).toEqual([
      'Invoice INV-009: the place of supply is not known. Give Client of INV-009 a GSTIN or a state.',
    ])
  })

  it('sums the HSN summary apart for B2B and B2C, to the same taxes as the invoices', () => {
    const hsn = json.hsn as { hsn_b2b: Record<string, unknown>[]; hsn_b2c: Record<string, unknown>[] }
    expect(hsn.hsn_b2b).toContainEqual(
      expect.objectContaining({ hsn_sc: '8421', uqc: 'NOS', rt: 18, qty: 3, txval: 999.99, iamt: 180 }),
    )
    expect(hsn.hsn_b2b).toContainEqual(
      expect.objectContaining({
        hsn_sc: '998331',
        uqc: 'NA',
        qty: 0,
        rt: 18,
        txval: 2500,
        camt: 225,
        samt: 225,
      }),
    )
    expect(hsn.hsn_b2c).toContainEqual(
      expect.objectContaining({ hsn_sc: '3824', uqc: 'KGS', qty: 2, iamt: 6000 }),
    )
    expect(hsn.hsn_b2c).toContainEqual(
      expect.objectContaining({ hsn_sc: '0401', uqc: 'LTR', rt: 0, txval: 500 }),
    )
    // Every tax of every section adds up to the same figure as the invoices that were placed.
    const placed = month.filter((i) => !i.cancelled && i.number !== 'INV-009')
    const invoiceIgst = placed.reduce((a, i) => a + i.igst, 0)
    const invoiceCgst = placed.reduce((a, i) => a + i.cgst, 0) + 90000 // INV-003's reverse charge
    expect(summary.hsn.iamt).toBe(invoiceIgst)
    expect(summary.hsn.camt).toBe(invoiceCgst)
    expect(summary.b2b.iamt + summary.b2cl.iamt + summary.b2cs.iamt).toBe(invoiceIgst)
    expect(summary.b2b.camt + summary.b2cs.camt).toBe(invoiceCgst)
    const allLines = placed.flatMap((i) => i.lines).reduce((a, l) => a + l.basic, 0)
    expect(summary.hsn.txval).toBe(allLines)
    expect(summary.b2b.txval + summary.b2cl.txval + summary.b2cs.txval + summary.nil.txval).toBe(allLines)
  })

  it('lists the documents issued, first to last, with the cancelled one apart', () => {
    expect(json.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          doc_typ: 'Invoices for outward supply',
          docs: [{ num: 1, from: 'INV-001', to: 'INV-010', totnum: 10, cancel: 1, net_issue: 9 }],
        },
      ],
    })
    expect(summary.cancelled).toEqual([
      { number: 'INV-008', date: '2026-10-05', client: 'Client of INV-008', total: 1179900 },
    ])
    expect(summary.b2b.count).toBe(4)
  })

  it('gives each numbering series its own range of documents, and names a number the portal refuses', () => {
    const issued = [
      invoice('INV-2026-002', { gstin: MAHA }, 'INTRASTATE', [[1, 1000, 18, '8421', 'Nos']]),
      invoice('EXP/26/1', { gstin: KARNATAKA }, 'INTERSTATE', [[1, 1000, 18, '8421', 'Nos']]),
      invoice('INV-2026-001', { gstin: MAHA }, 'INTRASTATE', [[1, 1000, 18, '8421', 'Nos']]),
      invoice('INV-2026-010', { gstin: MAHA }, 'INTRASTATE', [[1, 1000, 18, '8421', 'Nos']], {
        cancelled: true,
      }),
      invoice('EXP/26/2', { gstin: KARNATAKA }, 'INTERSTATE', [[1, 1000, 18, '8421', 'Nos']]),
      invoice('Bill #7 for the ETP', { gstin: MAHA }, 'INTRASTATE', [[1, 1000, 18, '8421', 'Nos']]),
    ]
    const { json, problems } = buildGstr1(ORG, '2026-10', issued)
    const { doc_det } = json.doc_issue as { doc_det: { docs: unknown[] }[] }
    expect(doc_det[0]!.docs).toEqual([
      { num: 1, from: 'Bill #7 for the ETP', to: 'Bill #7 for the ETP', totnum: 1, cancel: 0, net_issue: 1 },
      { num: 2, from: 'EXP/26/1', to: 'EXP/26/2', totnum: 2, cancel: 0, net_issue: 2 },
      { num: 3, from: 'INV-2026-001', to: 'INV-2026-010', totnum: 3, cancel: 1, net_issue: 2 },
    ])
    expect(problems).toEqual([
      "Invoice Bill #7 for the ETP: a GST invoice number has at most 16 characters, only letters, digits, '-' and '/'. Give it a number that fits.",
    ])
  })

  it('finds the state in an address by its name', () => {
    expect(stateInAddress('Plot 4, MIDC, Pune, Maharashtra 411019')).toBe('27')
    expect(stateInAddress('Salt Lake, Kolkata, West Bengal')).toBe('19')
    expect(stateInAddress('Somewhere')).toBeUndefined()
  })
})

describe('GSTR-1 of a reverse-charge invoice', () => {
  /** An invoice's CGST, SGST and IGST as the return reports them, summed over its rates, in paise. */
  function reported(inv: Gstr1Invoice) {
    const { json, summary } = buildGstr1(ORG, '2026-10', [inv])
    const items = (json.b2b as { inv: { itms: { itm_det: Record<string, number> }[] }[] }[]).flatMap((c) =>
      c.inv.flatMap((i) => i.itms.map((it) => it.itm_det)),
    )
    const paise = (key: string) => items.reduce((a, d) => a + Math.round((d[key] ?? 0) * 100), 0)
    return {
      cgst: paise('camt'),
      sgst: paise('samt'),
      igst: paise('iamt'),
      hsn: { cgst: summary.hsn.camt, sgst: summary.hsn.samt, igst: summary.hsn.iamt },
    }
  }
  /** What the same invoice without reverse charge carries: the tax the recipient pays under it. */
  const withoutRcm = (lines: Line[], type: GstType) => {
    const { cgst, sgst, igst } = computeGst(
      lines.map(([qty, rate, gst_rate]) => ({ qty, rate, gst_rate })),
      type,
      false,
    ).totals
    return { cgst, sgst, igst }
  }

  it('reports the CGST and SGST the invoice would carry, each half rounded once, not a paisa more', () => {
    // ₹1,000.50 at 5 %: ₹50.025 of tax, ₹25.0125 each half: CGST and SGST ₹25.01, as the invoice splits it.
    const lines: Line[] = [[1, 1000.5, 5, '998719', 'Nos']]
    const rcm = invoice('R-1', { gstin: MAHA }, 'INTRASTATE', lines, { rcm: true })
    expect(withoutRcm(lines, 'INTRASTATE')).toEqual({ cgst: 2501, sgst: 2501, igst: 0 })
    expect(reported(rcm)).toEqual({
      cgst: 2501,
      sgst: 2501,
      igst: 0,
      hsn: { cgst: 2501, sgst: 2501, igst: 0 },
    })
  })

  const lineArb = fc.tuple(
    fc.integer({ min: 1, max: 100_000 }).map((m) => m / 1000),
    fc.integer({ min: 1, max: 10_000_000 }).map((p) => p / 100),
    fc.constantFrom(...GST_RATES),
    fc.constant('998719'),
    fc.constant('Nos'),
  )

  it('for any lines, with or without reverse charge, each head is the one the invoice splits, CGST = SGST', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<GstType>('INTRASTATE', 'INTERSTATE'),
        fc.boolean(),
        (lines, type, rcm) => {
          const client = { gstin: type === 'INTRASTATE' ? MAHA : KARNATAKA }
          const inv = invoice('R-1', client, type, lines, { rcm })
          const heads = rcm ? withoutRcm(lines, type) : { cgst: inv.cgst, sgst: inv.sgst, igst: inv.igst }
          const taxed = lines.some(([, , gst]) => gst > 0)
          const expected = taxed ? heads : { cgst: 0, sgst: 0, igst: 0 }
          expect(reported(inv)).toEqual({ ...expected, hsn: expected })
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('the place of supply from the client', () => {
  it('reads a state by its name or its GST code, stored as the code', () => {
    expect(gstStateCode('Karnataka')).toBe('29')
    expect(gstStateCode('  tamil   nadu ')).toBe('33')
    expect(gstStateCode('Jammu & Kashmir')).toBe('01')
    expect(gstStateCode('29')).toBe('29')
    expect(gstStateCode('7')).toBe('07')
    expect(gstStateCode('')).toBeNull()
    expect(gstStateCode(null)).toBeNull()
    expect(gstStateCode('25')).toBeUndefined()
    expect(gstStateCode('Atlantis')).toBeUndefined()
  })

  it("takes the GSTIN's state first, then the client's state, then the address", () => {
    const to = (client: Partial<Gstr1Invoice>) => ({
      ...invoice('X-1', {}, 'INTERSTATE', [[1, 1000, 18, '998331', 'Nos']]),
      clientId: 'c-1',
      ...client,
    })
    const pos = (inv: Gstr1Invoice) => {
      const { json, unplaced } = buildGstr1(ORG, '2026-10', [inv])
      const b2b = json.b2b as { inv: { pos: string }[] }[]
      const b2cs = json.b2cs as { pos: string }[]
      return b2b[0]?.inv[0]?.pos ?? b2cs[0]?.pos ?? unplaced
    }
    expect(pos(to({ clientState: '29' }))).toBe('29')
    expect(pos(to({ clientState: '29', clientAddress: 'Vapi, Gujarat' }))).toBe('29')
    expect(pos(to({ clientGstin: KARNATAKA, clientState: '24' }))).toBe('29')
    expect(pos(to({ clientAddress: 'Vapi, Gujarat' }))).toBe('24')
    expect(pos(to({}))).toEqual([{ number: 'X-1', clientId: 'c-1', clientName: 'Client of X-1' }])
  })

  it('names an invoice whose GST type does not fit its place of supply, either way', () => {
    const month = [
      // CGST and SGST to an unregistered client in Karnataka: B2C large has no column for them.
      { ...invoice('X-1', {}, 'INTRASTATE', [[1, 200000, 18, '8421', 'Nos']]), clientState: '29' },
      invoice('X-2', { gstin: KARNATAKA }, 'INTRASTATE', [[1, 1000, 18, '8421', 'Nos']]),
      invoice('X-3', { gstin: MAHA }, 'INTERSTATE', [[1, 1000, 18, '8421', 'Nos']]),
      // Fitting ones, an exempt supply and an SEZ one say nothing.
      invoice('X-4', { gstin: KARNATAKA }, 'INTERSTATE', [[1, 1000, 18, '8421', 'Nos']]),
      invoice('X-5', { gstin: MAHA }, 'INTRASTATE', [[1, 1000, 18, '8421', 'Nos']]),
      invoice('X-6', { gstin: KARNATAKA }, 'EXEMPT', [[1, 1000, 0, '8421', 'Nos']]),
      invoice('X-7', { gstin: MAHA }, 'SEZ', [[1, 1000, 18, '8421', 'Nos']]),
    ]
    const intra = 'Intra-state (CGST + SGST)'
    const inter = 'Inter-state (IGST)'
    expect(buildGstr1(ORG, '2026-10', month).problems).toEqual([
      `Invoice X-1: its place of supply is Karnataka (29), another state, but its GST type is ${intra}. Change it to ${inter}.`,
      `Invoice X-2: its place of supply is Karnataka (29), another state, but its GST type is ${intra}. Change it to ${inter}.`,
      `Invoice X-3: its place of supply is Maharashtra (27), the organisation's own state, but its GST type is ${inter}. Change it to ${intra}.`,
    ])
  })
})

describe('GSTR-1 as the offline tool’s Excel sheets', () => {
  const result = buildGstr1(ORG, '2026-10', month)
  const sheets = gstr1Sheets(result.json, result.receivers)
  const sheet = (name: string) => sheets.find((s) => s.name === name)!
  const col = (name: string, header: string) => {
    const s = sheet(name)
    const i = s.headers.indexOf(header)
    return s.rows.map((r) => r[i])
  }
  const total = (values: unknown[]) => values.reduce<number>((a, v) => a + Math.round(Number(v) * 100), 0)

  it('names the sheets and writes places, dates and invoice types as the template does', () => {
    expect(sheets.map((s) => s.name)).toEqual(['b2b,sez,de', 'b2cl', 'b2cs', 'exemp', 'hsn', 'docs'])
    expect(templatePlaceOfSupply('27')).toBe('27-Maharashtra')
    expect(templatePlaceOfSupply('35')).toBe('35-Andaman & Nicobar Islands')
    expect(templateDate('05-10-2026')).toBe('05-Oct-2026')
    const first = sheet('b2b,sez,de').rows.find((r) => r[2] === 'INV-001')!
    expect(first).toEqual([
      MAHA,
      'Client of INV-001',
      'INV-001',
      '05-Oct-2026',
      4000,
      '27-Maharashtra',
      'N',
      null,
      'Regular B2B',
      null,
      5,
      1000,
      0,
    ])
    expect(sheet('b2b,sez,de').rows.find((r) => r[2] === 'INV-003')![6]).toBe('Y')
    expect(sheet('b2cl').rows).toEqual([
      ['INV-005', '05-Oct-2026', 118000, '29-Karnataka', null, 18, 100000, 0, null],
    ])
    expect(sheet('b2cs').rows).toEqual([
      ['OE', '24-Gujarat', null, 12, 50000, 0, null],
      ['OE', '27-Maharashtra', null, 18, 2000, 0, null],
    ])
    expect(sheet('docs').rows).toEqual([['Invoices for outward supply', 'INV-001', 'INV-010', 10, 1]])
    expect(sheet('exemp').rows).toEqual([
      ['Inter-State supplies to registered persons', 0, 0, 0],
      ['Intra-State supplies to registered persons', 0, 5000, 0],
      ['Inter-State supplies to unregistered persons', 0, 0, 0],
      ['Intra-State supplies to unregistered persons', 500, 0, 0],
    ])
  })

  it('reconciles every total with the JSON’s, to the paisa', () => {
    const { summary } = result
    const b2bInvoices = new Set(col('b2b,sez,de', 'Invoice Number'))
    expect(b2bInvoices.size).toBe(summary.b2b.count)
    expect(total(col('b2b,sez,de', 'Taxable Value'))).toBe(summary.b2b.txval)
    expect(total(col('b2cl', 'Taxable Value'))).toBe(summary.b2cl.txval)
    expect(total(col('b2cs', 'Taxable Value'))).toBe(summary.b2cs.txval)
    const nilAndExempt = [
      ...col('exemp', 'Nil Rated Supplies'),
      ...col('exemp', 'Exempted(other than nil rated/non GST supply)'),
    ]
    expect(total(nilAndExempt)).toBe(summary.nil.txval)
    expect(total(col('hsn', 'Taxable Value'))).toBe(summary.hsn.txval)
    expect(total(col('hsn', 'Integrated Tax Amount'))).toBe(summary.hsn.iamt)
    expect(total(col('hsn', 'Central Tax Amount'))).toBe(summary.hsn.camt)
    expect(total(col('hsn', 'State/UT Tax'))).toBe(summary.hsn.samt)
    expect(Math.round(sheet('hsn').summary.find((s) => s.label === 'Total Taxable Value')!.value * 100)).toBe(
      summary.hsn.txval,
    )
    // The invoice value counts once per invoice, whatever its number of rates.
    const b2bValue = sheet('b2b,sez,de').summary.find((s) => s.label === 'Total Invoice Value')!.value
    const jsonValue = (result.json.b2b as { inv: { val: number }[] }[])
      .flatMap((c) => c.inv)
      .reduce((a, i) => a + i.val, 0)
    expect(b2bValue).toBe(jsonValue)
  })
})
