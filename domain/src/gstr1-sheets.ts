/**
 * The month's GSTR-1 as the sheets of the GST offline tool's Excel workbook (docs/decisions.md,
 * "GSTR-1"): 'b2b,sez,de', 'b2cl', 'b2cs', 'exemp', 'hsn' and 'docs', with the template's column headers, made
 * from the same JSON the offline tool uploads, so that every figure of the one is a figure of the other.
 * Each sheet is laid out as the template is: a title, the summary's labels and values, the headers
 * on the fourth row, the rows from the fifth.
 */
import { gstStates } from './gstr1.ts'

export type Gstr1Cell = string | number | null

/** A summary figure of a sheet: its label and value, in the column it sums. */
export interface Gstr1SheetSummary {
  column: string
  label: string
  value: number
}

export interface Gstr1Sheet {
  name: 'b2b,sez,de' | 'b2cl' | 'b2cs' | 'exemp' | 'hsn' | 'docs'
  title: string
  headers: readonly string[]
  /** The columns that hold money or rates, written as numbers with two decimals. */
  decimals: readonly string[]
  summary: Gstr1SheetSummary[]
  rows: Gstr1Cell[][]
}

/**
 * Names the template spells its own way ('&' for 'and'; the tool's own 'Lakshdweep'); the others are
 * those of `gstStates`.
 */
const templateStateNames: Record<string, string> = {
  '01': 'Jammu & Kashmir',
  '26': 'Dadra & Nagar Haveli & Daman & Diu',
  '31': 'Lakshdweep',
  '35': 'Andaman & Nicobar Islands',
}

/** '29' → '29-Karnataka', the place of supply as the template's list writes it. */
export function templatePlaceOfSupply(code: string): string {
  return `${code}-${templateStateNames[code] ?? gstStates[code] ?? 'Other Territory'}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The JSON's '05-10-2026' → the template's '05-Oct-2026'. */
export function templateDate(portalDate: string): string {
  const [dd, mm, yyyy] = portalDate.split('-')
  return `${dd}-${MONTHS[Number(mm) - 1]}-${yyyy}`
}

const invoiceTypes: Record<string, string> = {
  R: 'Regular B2B',
  SEWP: 'SEZ supplies with payment',
  SEWOP: 'SEZ supplies without payment',
  DE: 'Deemed Exp',
}

const NIL = 'Nil Rated Supplies'
const EXEMPT = 'Exempted(other than nil rated/non GST supply)'
const NON_GST = 'Non-GST supplies'
const nilSupplies = [
  ['INTRB2B', 'Inter-State supplies to registered persons'],
  ['INTRAB2B', 'Intra-State supplies to registered persons'],
  ['INTRB2C', 'Inter-State supplies to unregistered persons'],
  ['INTRAB2C', 'Intra-State supplies to unregistered persons'],
] as const

/** Rupees summed through paise, so that no float error creeps into a total. */
const sum = (values: number[]) => values.reduce((a, v) => a + Math.round(v * 100), 0) / 100

/** The money columns of the invoice sheets (b2b and b2cl). */
const invoiceDecimals = ['Invoice Value', 'Rate', 'Taxable Value', 'Cess Amount']
/** The totals every sheet of supplies by rate (b2b, b2cl, b2cs) ends its summary with. */
const taxTotals = [
  ['Taxable Value', 'Total Taxable Value'],
  ['Cess Amount', 'Total Cess'],
] as const

/** A sheet before its summary: the summary's own figures (counts, invoice values) and the columns it totals. */
interface SheetLayout extends Omit<Gstr1Sheet, 'summary'> {
  figures?: Gstr1SheetSummary[]
  /** [column, label]: the sum of the column of that header, shown under `label`. */
  totals: readonly (readonly [string, string])[]
}

/** The sheet with its summary: its own figures, then each total, summed in the column its header names. */
function withSummary({ figures = [], totals, ...sheet }: SheetLayout): Gstr1Sheet {
  const total = ([column, label]: readonly [string, string]) => {
    const i = sheet.headers.indexOf(column)
    return { column, label, value: sum(sheet.rows.map((r) => Number(r[i] ?? 0))) }
  }
  const { name, title, headers, decimals, rows } = sheet
  return { name, title, headers, decimals, summary: [...figures, ...totals.map(total)], rows }
}

interface ItemDetail {
  rt: number
  txval: number
  iamt?: number
  camt?: number
  samt?: number
  csamt?: number
}
interface JsonInvoice {
  inum: string
  idt: string
  val: number
  pos?: string
  rchrg?: string
  inv_typ?: string
  itms: { num: number; itm_det: ItemDetail }[]
}
interface JsonHsnRow {
  hsn_sc: string
  desc: string
  uqc: string
  qty: number
  val: number
  txval: number
  iamt: number
  camt: number
  samt: number
  csamt: number
}
interface Gstr1Json {
  b2b?: { ctin: string; inv: JsonInvoice[] }[]
  b2cl?: { pos: string; inv: JsonInvoice[] }[]
  b2cs?: { typ: string; pos: string; rt: number; txval: number; csamt?: number }[]
  hsn?: { hsn_b2b?: JsonHsnRow[]; hsn_b2c?: JsonHsnRow[] }
  nil?: { inv: { sply_ty: string; nil_amt: number; expt_amt: number; ngsup_amt: number }[] }
  doc_issue?: {
    doc_det: {
      doc_typ: string
      docs: { from: string; to: string; totnum: number; cancel: number }[]
    }[]
  }
}

/**
 * The workbook's sheets from the offline tool's JSON (`buildGstr1`'s), with the registered recipients'
 * names by GSTIN. A b2b or b2cl invoice has a row per rate, each repeating the invoice's value; the
 * HSN rows of B2B and B2C supplies are summed by HSN and unit, as the template has one row for each.
 */
export function gstr1Sheets(gstr1: Record<string, unknown>, receivers: Record<string, string>): Gstr1Sheet[] {
  const json = gstr1 as Gstr1Json

  const b2bInvoices = (json.b2b ?? []).flatMap((c) => c.inv.map((inv) => ({ ctin: c.ctin, inv })))
  const b2bRows = b2bInvoices.flatMap(({ ctin, inv }) =>
    inv.itms.map((it): Gstr1Cell[] => [
      ctin,
      receivers[ctin] ?? null,
      inv.inum,
      templateDate(inv.idt),
      inv.val,
      templatePlaceOfSupply(inv.pos ?? ''),
      inv.rchrg ?? 'N',
      null,
      invoiceTypes[inv.inv_typ ?? 'R'] ?? 'Regular B2B',
      null,
      it.itm_det.rt,
      it.itm_det.txval,
      it.itm_det.csamt ?? 0,
    ]),
  )

  const b2clInvoices = (json.b2cl ?? []).flatMap((p) => p.inv.map((inv) => ({ pos: p.pos, inv })))
  const b2clRows = b2clInvoices.flatMap(({ pos, inv }) =>
    inv.itms.map((it): Gstr1Cell[] => [
      inv.inum,
      templateDate(inv.idt),
      inv.val,
      templatePlaceOfSupply(pos),
      null,
      it.itm_det.rt,
      it.itm_det.txval,
      it.itm_det.csamt ?? 0,
      null,
    ]),
  )

  const b2csRows = (json.b2cs ?? []).map((row): Gstr1Cell[] => [
    row.typ,
    templatePlaceOfSupply(row.pos),
    null,
    row.rt,
    row.txval,
    row.csamt ?? 0,
    null,
  ])

  // B2B and B2C HSN rows, and rows of one code and unit at several rates, summed in paise.
  const hsn = new Map<string, { hsn: string; desc: string; uqc: string; qty: number; paise: number[] }>()
  for (const row of [...(json.hsn?.hsn_b2b ?? []), ...(json.hsn?.hsn_b2c ?? [])]) {
    const key = `${row.hsn_sc}|${row.uqc}`
    const entry = hsn.get(key) ?? {
      hsn: row.hsn_sc,
      desc: row.desc,
      uqc: row.uqc,
      qty: 0,
      paise: [0, 0, 0, 0, 0, 0],
    }
    entry.qty = Math.round((entry.qty + row.qty) * 1000) / 1000
    const amounts = [row.val, row.txval, row.iamt, row.camt, row.samt, row.csamt]
    amounts.forEach((v, i) => {
      entry.paise[i]! += Math.round(v * 100)
    })
    hsn.set(key, entry)
  }
  const hsnRows = [...hsn.values()].map((h): Gstr1Cell[] => [
    h.hsn,
    h.desc,
    h.uqc,
    h.qty,
    ...h.paise.map((p) => p / 100),
  ])

  // The template's four rows of nil-rated, exempt and non-GST supplies, each there even when nil.
  const nilRows = nilSupplies.map(([type, description]): Gstr1Cell[] => {
    const n = json.nil?.inv.find((x) => x.sply_ty === type)
    return [description, n?.nil_amt ?? 0, n?.expt_amt ?? 0, n?.ngsup_amt ?? 0]
  })
  const docRows = (json.doc_issue?.doc_det ?? []).flatMap((d) =>
    d.docs.map((doc): Gstr1Cell[] => [d.doc_typ, doc.from, doc.to, doc.totnum, doc.cancel]),
  )

  const once = <T extends { inv: JsonInvoice }>(list: T[]) => sum(list.map((x) => x.inv.val))

  return [
    withSummary({
      name: 'b2b,sez,de',
      title: 'Summary For B2B, SEZ, DE (4)',
      headers: [
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
      ],
      decimals: invoiceDecimals,
      figures: [
        { column: 'GSTIN/UIN of Recipient', label: 'No. of Recipients', value: (json.b2b ?? []).length },
        { column: 'Invoice Number', label: 'No. of Invoices', value: b2bInvoices.length },
        { column: 'Invoice Value', label: 'Total Invoice Value', value: once(b2bInvoices) },
      ],
      totals: taxTotals,
      rows: b2bRows,
    }),
    withSummary({
      name: 'b2cl',
      title: 'Summary For B2CL(5)',
      headers: [
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      decimals: invoiceDecimals,
      figures: [
        { column: 'Invoice Number', label: 'No. of Invoices', value: b2clInvoices.length },
        { column: 'Invoice Value', label: 'Total Inv Value', value: once(b2clInvoices) },
      ],
      totals: taxTotals,
      rows: b2clRows,
    }),
    withSummary({
      name: 'b2cs',
      title: 'Summary For B2CS(7)',
      headers: [
        'Type',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      decimals: ['Rate', 'Taxable Value', 'Cess Amount'],
      totals: taxTotals,
      rows: b2csRows,
    }),
    withSummary({
      name: 'exemp',
      title: 'Summary For Nil rated, exempted and non GST outward supplies (8)',
      headers: ['Description', NIL, EXEMPT, NON_GST],
      decimals: [NIL, EXEMPT, NON_GST],
      totals: [
        [NIL, 'Total Nil Rated Supplies'],
        [EXEMPT, 'Total Exempted Supplies'],
        [NON_GST, 'Total Non-GST Supplies'],
      ],
      rows: nilRows,
    }),
    withSummary({
      name: 'hsn',
      title: 'Summary For HSN(12)',
      headers: [
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax',
        'Cess Amount',
      ],
      decimals: [
        'Total Quantity',
        'Total Value',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax',
        'Cess Amount',
      ],
      figures: [{ column: 'HSN', label: 'No. of HSN', value: hsnRows.length }],
      totals: [
        ['Total Value', 'Total Value'],
        ['Taxable Value', 'Total Taxable Value'],
        ['Integrated Tax Amount', 'Total Integrated Tax'],
        ['Central Tax Amount', 'Total Central Tax'],
        ['State/UT Tax', 'Total State/UT Tax'],
        ['Cess Amount', 'Total Cess'],
      ],
      rows: hsnRows,
    }),
    withSummary({
      name: 'docs',
      title: 'Summary of documents issued during the tax period (13)',
      headers: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      decimals: [],
      totals: [
        ['Total Number', 'Total Number'],
        ['Cancelled', 'Total Cancelled'],
      ],
      rows: docRows,
    }),
  ]
}
