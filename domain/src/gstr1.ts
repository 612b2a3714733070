/**
 * GSTR-1 from the receivables of a month (docs/decisions.md, "GSTR-1"): the summary the accounts page
 * shows and the JSON of the GST portal's offline tool, built by one pure function so that the server's
 * answer and the tests agree to the paisa. Every figure is summed in integer paise; the taxes of an
 * invoice's rate groups are reconciled to the heads the invoice itself carries.
 */
import { z } from 'zod'
import { gstTypeLabels, stateCodeOf, taxHeads } from './gst.ts'
import { isValidGstin } from './gstin.ts'
import { endpoint } from './http.ts'

/** A B2C invoice across states above this value (₹1,00,000 since 1 Aug 2024) is reported one by one. */
export const B2CL_THRESHOLD_PAISE = 100_000_00

export const gstr1Messages = {
  period: 'Choose a month (YYYY-MM).',
  noGstin: "Add the organisation's GSTIN in Settings (Invoice details) before preparing GSTR-1.",
  adminsAndAccountants: 'Only administrators and accountants can prepare GSTR-1.',
  state: 'Choose a state from the list.',
} as const

export const gstr1Query = z.object({
  // No year 0000: PostgreSQL's calendar has no year zero.
  period: z.string().regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, gstr1Messages.period),
})

/** GET /gst/gstr1: the offline tool's JSON (the default) or its Excel workbook. */
export const gstr1FileQuery = gstr1Query.extend({
  format: z.enum(['json', 'xlsx']).default('json'),
})

/** The state codes of GSTINs and of the portal's place of supply, with the names an address may carry. */
export const gstStates: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
}

/**
 * The 2-digit GST state code of a state given by its code ('29', '9') or its name ('Karnataka', any
 * case); null when blank, undefined when it names no state.
 */
export function gstStateCode(value: string | null | undefined): string | null | undefined {
  const text = value?.trim().replace(/\s+/g, ' ') ?? ''
  if (!text) return null
  if (/^\d{1,2}$/.test(text)) {
    const code = text.padStart(2, '0')
    return code in gstStates ? code : undefined
  }
  const name = text.toLowerCase().replace(/&/g, 'and')
  return Object.entries(gstStates).find(([, n]) => n.toLowerCase() === name)?.[0]
}

/** The state named in an address ('…, Pune, Maharashtra 411001'), longest name first; else undefined. */
export function stateInAddress(address: string | null | undefined): string | undefined {
  if (!address) return undefined
  const text = address.toLowerCase()
  const byLength = Object.entries(gstStates).sort(([, a], [, b]) => b.length - a.length)
  return byLength.find(([, name]) => new RegExp(`\\b${name.toLowerCase()}\\b`).test(text))?.[0]
}

/**
 * An invoice's place of supply, as a 2-digit state code: the client's GSTIN's state, else the client's
 * own state, else the organisation's (`home`) for an intra-state invoice, else the state its address
 * names. The return and the invoice's PDF both say it.
 */
export function placeOfSupply(
  inv: Pick<Gstr1Invoice, 'clientGstin' | 'clientState' | 'clientAddress' | 'gstType'>,
  home: string | undefined,
): string | undefined {
  const registered = Boolean(inv.clientGstin && isValidGstin(inv.clientGstin))
  return (
    (registered ? stateCodeOf(inv.clientGstin) : undefined) ??
    (inv.clientState && inv.clientState in gstStates ? inv.clientState : undefined) ??
    (inv.gstType === 'INTRASTATE' ? home : stateInAddress(inv.clientAddress))
  )
}

/** '27' → 'Maharashtra (27)', as an invoice prints its place of supply. */
export const placeName = (code: string) => `${gstStates[code] ?? code} (${code})`

export interface Gstr1Line {
  hsn: string | null
  description: string
  qty: number
  unit: string
  gstRate: number
  /** qty × rate, in paise. */
  basic: number
}

export interface Gstr1Invoice {
  number: string
  /** YYYY-MM-DD. */
  date: string
  cancelled: boolean
  /** The client's id, for the page to link a client whose state is missing. */
  clientId?: string
  clientName: string
  clientGstin: string | null
  /** The client's own state (2-digit code), when it was given. */
  clientState?: string | null
  clientAddress: string | null
  gstType: 'INTRASTATE' | 'INTERSTATE' | 'EXEMPT' | 'SEZ'
  isRcm: boolean
  /** In paise, as the invoice carries them. */
  total: number
  cgst: number
  sgst: number
  igst: number
  lines: Gstr1Line[]
}

interface Taxes {
  txval: number
  iamt: number
  camt: number
  samt: number
}

const rupees = (paise: number) => Math.round(paise) / 100
const portalDate = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`
const isService = (hsn: string | null) => Boolean(hsn?.startsWith('99'))

/** The portal's unit quantity code of an invoice line's unit; services have none ('NA'). */
export function uqcOf(unit: string, hsn: string | null): string {
  if (isService(hsn)) return 'NA'
  const codes: Record<string, string> = {
    nos: 'NOS',
    no: 'NOS',
    pcs: 'PCS',
    kg: 'KGS',
    kgs: 'KGS',
    g: 'GMS',
    ltr: 'LTR',
    l: 'LTR',
    mtr: 'MTR',
    m: 'MTR',
    box: 'BOX',
    set: 'SET',
    sqm: 'SQM',
    ton: 'TON',
  }
  return codes[unit.trim().toLowerCase()] ?? 'OTH'
}

/**
 * Splits `total` paise over `weights` in proportion, each part rounded, what rounding left over or took
 * going to the largest: the parts sum exactly to the total and each is as near its exact share as can be.
 */
function share(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0))
  const parts = weights.map((w) => Math.round((total * w) / sum))
  const largest = weights.indexOf(Math.max(...weights))
  parts[largest]! += total - parts.reduce((a, b) => a + b, 0)
  return parts
}

interface RateGroup extends Taxes {
  rt: number
  lines: Gstr1Line[]
}

/**
 * An invoice's taxed lines by rate, with each head's tax reconciled to what the invoice carries: the
 * sum over its rates equals its CGST, SGST and IGST exactly. With reverse charge the invoice carries
 * no tax and the recipient pays it: the heads reported are those the invoice would carry without it,
 * split as the invoice splits its tax (`taxHeads`), so CGST = SGST and neither is a paisa off
 * (docs/decisions.md, "GSTR-1").
 */
function rateGroups(inv: Gstr1Invoice): RateGroup[] {
  const byRate = new Map<number, Gstr1Line[]>()
  for (const line of inv.lines.filter((l) => l.gstRate > 0))
    byRate.set(line.gstRate, [...(byRate.get(line.gstRate) ?? []), line])
  const groups = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rt, lines]) => ({ rt, lines, ...noTaxes(), txval: lines.reduce((a, l) => a + l.basic, 0) }))
  if (inv.gstType === 'SEZ' || groups.length === 0) return groups
  const carried = inv.isRcm
    ? taxHeads(
        groups.map((g) => ({ basic: g.txval, gstRate: g.rt })),
        inv.gstType,
      )
    : inv
  const weights = groups.map((g) => g.txval * g.rt)
  const heads = { iamt: carried.igst, camt: carried.cgst, samt: carried.sgst } as const
  for (const head of ['iamt', 'camt', 'samt'] as const) {
    const parts = share(heads[head], weights)
    groups.forEach((g, i) => {
      g[head] = parts[i]!
    })
  }
  return groups
}

const addTaxes = (into: Taxes, t: Taxes) => {
  into.txval += t.txval
  into.iamt += t.iamt
  into.camt += t.camt
  into.samt += t.samt
}
const noTaxes = (): Taxes => ({ txval: 0, iamt: 0, camt: 0, samt: 0 })
const portalTaxes = (t: Taxes) => ({
  txval: rupees(t.txval),
  iamt: rupees(t.iamt),
  camt: rupees(t.camt),
  samt: rupees(t.samt),
  csamt: 0,
})

export interface Gstr1SectionTotals extends Taxes {
  count: number
}

export interface Gstr1Result {
  /** The offline tool's JSON. */
  json: Record<string, unknown>
  /** What the page shows: per section, its count and totals in paise. */
  summary: Record<'b2b' | 'b2cl' | 'b2cs' | 'nil' | 'hsn', Gstr1SectionTotals> & {
    documents: { from: string | null; to: string | null; total: number; cancelled: number }
    cancelled: { number: string; date: string; client: string; total: number }[]
  }
  /** What keeps the return from being right, in words a person can act on. */
  problems: string[]
  /** The invoices whose place of supply is not known, with their clients (to be given a state). */
  unplaced: { number: string; clientId: string | null; clientName: string }[]
  /** The names of the registered recipients, by GSTIN (the Excel workbook's 'Receiver Name'). */
  receivers: Record<string, string>
}

type NilType = 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C'

/** A row of the HSN summary while it is summed: quantity in thousandths, money in paise. */
interface HsnRow extends Taxes {
  hsn_sc: string
  desc: string
  uqc: string
  qtyMilli: number
  rt: number
  val: number
}

/**
 * Whether the invoice's taxes fit its place of supply: a supply within the organisation's state carries
 * CGST and SGST, one to another state IGST. The portal refuses a return where they disagree, and its
 * B2C large table has no column for CGST, so such an invoice is named for the person to correct rather
 * than filed as it stands (docs/decisions.md, "GSTR-1").
 */
function taxAgainstPlace(inv: Gstr1Invoice, pos: string, home: string): string | undefined {
  const expected = pos === home ? 'INTRASTATE' : 'INTERSTATE'
  if (inv.gstType !== 'INTRASTATE' && inv.gstType !== 'INTERSTATE') return undefined
  if (inv.gstType === expected) return undefined
  const place = placeName(pos)
  const where = pos === home ? "the organisation's own state" : 'another state'
  return `Invoice ${inv.number}: its place of supply is ${place}, ${where}, but its GST type is ${gstTypeLabels[inv.gstType]}. Change it to ${gstTypeLabels[expected]}.`
}

/** What the portal takes as an invoice number: up to 16 letters, digits, hyphens and slashes. */
const PORTAL_INVOICE_NUMBER = /^[A-Za-z0-9/-]{1,16}$/

/**
 * The documents issued, one range per numbering series ('INV-2026-001' … and 'EXP/26/01' … apart): a
 * series is the number without its last run of digits. The portal reads each range's first and last
 * number and its count, so one range across two series would claim numbers that were never issued.
 */
function documentSeries(issued: Gstr1Invoice[]) {
  const series = new Map<string, Gstr1Invoice[]>()
  for (const inv of issued) {
    const key = inv.number.replace(/\d+(?=\D*$)/, '#')
    series.set(key, [...(series.get(key) ?? []), inv])
  }
  return [...series.values()].map((docs, i) => {
    const cancel = docs.filter((d) => d.cancelled).length
    return {
      num: i + 1,
      from: docs[0]!.number,
      to: docs.at(-1)!.number,
      totnum: docs.length,
      cancel,
      net_issue: docs.length - cancel,
    }
  })
}

/** Builds the month's GSTR-1 from its receivables that were issued (drafts are not passed in). */
export function buildGstr1(orgGstin: string, period: string, invoices: Gstr1Invoice[]): Gstr1Result {
  const home = stateCodeOf(orgGstin)!
  const problems: string[] = []
  const unplaced: Gstr1Result['unplaced'] = []
  const receivers: Record<string, string> = {}
  const b2b = new Map<string, unknown[]>()
  const b2cl = new Map<string, unknown[]>()
  const b2cs = new Map<string, Taxes & { sply_ty: string; pos: string; rt: number }>()
  const nil = new Map<NilType, { expt: number; nil: number }>()
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() }
  const totals = {
    b2b: { ...noTaxes(), count: 0 },
    b2cl: { ...noTaxes(), count: 0 },
    b2cs: { ...noTaxes(), count: 0 },
    nil: { ...noTaxes(), count: 0 },
    hsn: { ...noTaxes(), count: 0 },
  }
  const cancelled: Gstr1Result['summary']['cancelled'] = []
  const issued = [...invoices].sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }))

  for (const inv of issued) {
    if (!PORTAL_INVOICE_NUMBER.test(inv.number))
      problems.push(
        `Invoice ${inv.number}: a GST invoice number has at most 16 characters, only letters, digits, '-' and '/'. Give it a number that fits.`,
      )
    if (inv.cancelled) {
      cancelled.push({ number: inv.number, date: inv.date, client: inv.clientName, total: inv.total })
      continue
    }
    const registered = Boolean(inv.clientGstin && isValidGstin(inv.clientGstin))
    const pos = placeOfSupply(inv, home)
    if (!pos) {
      problems.push(
        `Invoice ${inv.number}: the place of supply is not known. Give ${inv.clientName} a GSTIN or a state.`,
      )
      unplaced.push({ number: inv.number, clientId: inv.clientId ?? null, clientName: inv.clientName })
      continue
    }
    const mismatch = taxAgainstPlace(inv, pos, home)
    if (mismatch) problems.push(mismatch)
    for (const [i, line] of inv.lines.entries())
      if (!line.hsn)
        problems.push(`Invoice ${inv.number}, line ${i + 1}: no HSN/SAC code; the HSN summary needs one.`)
    const inter = pos !== home || inv.gstType === 'SEZ'
    const groups = inv.gstType === 'EXEMPT' ? [] : rateGroups(inv)
    const invTaxes = noTaxes()
    for (const g of groups) addTaxes(invTaxes, g)
    const items = groups.map((g, i) => ({ num: i + 1, itm_det: { rt: g.rt, ...portalTaxes(g) } }))

    // Nil-rated lines and exempt invoices go to the nil table, by supply type.
    const untaxed = inv.lines.filter((l) => inv.gstType === 'EXEMPT' || l.gstRate === 0)
    if (untaxed.length) {
      const type = `${inter ? 'INTR' : 'INTRA'}${registered ? 'B2B' : 'B2C'}` as NilType
      const entry = nil.get(type) ?? { expt: 0, nil: 0 }
      const amount = untaxed.reduce((a, l) => a + l.basic, 0)
      if (inv.gstType === 'EXEMPT') entry.expt += amount
      else entry.nil += amount
      nil.set(type, entry)
      totals.nil.txval += amount
      totals.nil.count += 1
    }

    if (groups.length) {
      if (registered) {
        const list = b2b.get(inv.clientGstin!) ?? []
        list.push({
          inum: inv.number,
          idt: portalDate(inv.date),
          val: rupees(inv.total),
          pos,
          rchrg: inv.isRcm ? 'Y' : 'N',
          inv_typ: inv.gstType === 'SEZ' ? 'SEWOP' : 'R',
          itms: items,
        })
        b2b.set(inv.clientGstin!, list)
        receivers[inv.clientGstin!] ??= inv.clientName
        addTaxes(totals.b2b, invTaxes)
        totals.b2b.count += 1
      } else if (inter && inv.total > B2CL_THRESHOLD_PAISE) {
        const list = b2cl.get(pos) ?? []
        list.push({
          inum: inv.number,
          idt: portalDate(inv.date),
          val: rupees(inv.total),
          itms: items.map((it) => ({
            num: it.num,
            itm_det: { rt: it.itm_det.rt, txval: it.itm_det.txval, iamt: it.itm_det.iamt, csamt: 0 },
          })),
        })
        b2cl.set(pos, list)
        addTaxes(totals.b2cl, invTaxes)
        totals.b2cl.count += 1
      } else {
        for (const g of groups) {
          const key = `${inter ? 'INTER' : 'INTRA'}|${pos}|${g.rt}`
          const row = b2cs.get(key) ?? { sply_ty: inter ? 'INTER' : 'INTRA', pos, rt: g.rt, ...noTaxes() }
          addTaxes(row, g)
          b2cs.set(key, row)
        }
        addTaxes(totals.b2cs, invTaxes)
        totals.b2cs.count += 1
      }
    }

    // HSN: each line's share of its rate group's reconciled taxes, summed by code, unit and rate.
    const target = registered ? hsn.b2b : hsn.b2c
    const lineTaxes = new Map<Gstr1Line, Taxes>()
    for (const g of groups) {
      const weights = g.lines.map((l) => l.basic)
      const parts = {
        iamt: share(g.iamt, weights),
        camt: share(g.camt, weights),
        samt: share(g.samt, weights),
      }
      for (const [i, l] of g.lines.entries())
        lineTaxes.set(l, { txval: l.basic, iamt: parts.iamt[i]!, camt: parts.camt[i]!, samt: parts.samt[i]! })
    }
    for (const line of inv.lines) {
      const rt = inv.gstType === 'EXEMPT' ? 0 : line.gstRate
      const uqc = uqcOf(line.unit, line.hsn)
      const key = `${line.hsn ?? ''}|${uqc}|${rt}`
      const row: HsnRow = target.get(key) ?? {
        hsn_sc: line.hsn ?? '',
        desc: line.description.slice(0, 30),
        uqc,
        qtyMilli: 0,
        rt,
        val: 0,
        ...noTaxes(),
      }
      const t = lineTaxes.get(line) ?? { ...noTaxes(), txval: line.basic }
      addTaxes(row, t)
      row.qtyMilli += uqc === 'NA' ? 0 : Math.round(line.qty * 1000)
      row.val += t.txval + t.iamt + t.camt + t.samt
      target.set(key, row)
    }
  }

  const hsnRows = (rows: Map<string, HsnRow>) =>
    [...rows.values()].map((row, i) => {
      addTaxes(totals.hsn, row)
      totals.hsn.count += 1
      const { txval, iamt, camt, samt, qtyMilli, val, ...rest } = row
      return {
        num: i + 1,
        ...rest,
        qty: qtyMilli / 1000,
        val: rupees(val),
        ...portalTaxes({ txval, iamt, camt, samt }),
      }
    })

  const numbers = issued.map((inv) => inv.number)
  const json: Record<string, unknown> = {
    gstin: orgGstin,
    fp: `${period.slice(5, 7)}${period.slice(0, 4)}`,
    b2b: [...b2b.entries()].map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: [...b2cl.entries()].map(([pos, inv]) => ({ pos, inv })),
    b2cs: [...b2cs.values()].map((row) => ({
      sply_ty: row.sply_ty,
      pos: row.pos,
      typ: 'OE',
      rt: row.rt,
      ...portalTaxes(row),
      ...(row.sply_ty === 'INTER' ? { camt: undefined, samt: undefined } : { iamt: undefined }),
    })),
    nil: {
      inv: [...nil.entries()].map(([sply_ty, n]) => ({
        sply_ty,
        expt_amt: rupees(n.expt),
        nil_amt: rupees(n.nil),
        ngsup_amt: 0,
      })),
    },
    hsn: { hsn_b2b: hsnRows(hsn.b2b), hsn_b2c: hsnRows(hsn.b2c) },
    doc_issue: {
      doc_det: numbers.length
        ? [{ doc_num: 1, doc_typ: 'Invoices for outward supply', docs: documentSeries(issued) }]
        : [],
    },
  }
  return {
    json: JSON.parse(JSON.stringify(json)),
    summary: {
      ...totals,
      documents: {
        from: numbers[0] ?? null,
        to: numbers.at(-1) ?? null,
        total: numbers.length,
        cancelled: cancelled.length,
      },
      cancelled,
    },
    problems,
    unplaced,
    receivers,
  }
}

const sectionTotals = z.object({
  count: z.number().int(),
  txval: z.number(),
  iamt: z.number(),
  camt: z.number(),
  samt: z.number(),
})

/** GET /gst/gstr1?period=YYYY-MM: the summary (rupees), with the problems to fix before filing. */
export const gstr1Summary = z.object({
  gstin: z.string(),
  period: z.string(),
  b2b: sectionTotals,
  b2cl: sectionTotals,
  b2cs: sectionTotals,
  nil: sectionTotals,
  hsn: sectionTotals,
  documents: z.object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    total: z.number().int(),
    cancelled: z.number().int(),
  }),
  cancelled: z.array(
    z.object({ number: z.string(), date: z.string(), client: z.string(), total: z.number() }),
  ),
  problems: z.array(z.string()),
  /** The invoices whose place of supply is not known, and the client to give a state. */
  unplaced: z.array(z.object({ number: z.string(), client_id: z.string().nullable(), client: z.string() })),
})
export type Gstr1Summary = z.infer<typeof gstr1Summary>

export const gstEndpoints = {
  /** The month's GSTR-1 in the offline tool's JSON, to save and upload (or its Excel, `format=xlsx`). */
  gstr1: endpoint('GET', '/gst/gstr1', {
    querystring: gstr1FileQuery,
    response: { 200: z.record(z.string(), z.unknown()) },
  }),
  /** What the GST page shows of the same month. */
  gstr1Summary: endpoint('GET', '/gst/gstr1/summary', {
    querystring: gstr1Query,
    response: { 200: gstr1Summary },
  }),
}
