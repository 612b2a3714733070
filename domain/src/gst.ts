/**
 * GST and money for receivable invoices and payable bills (docs/product.md, "GST"). All arithmetic is in integer
 * paise (BigInt inside, so no product can lose precision); the API carries rupees as numbers with at
 * most two decimals. The same function computes the form's live totals and what the server stores.
 */
import { labelled } from './contract.ts'

export const GST_RATES = [0, 5, 12, 18, 28] as const
export type GstRate = (typeof GST_RATES)[number]

/** The form offers the spec's three; SEZ supplies are accepted from API clients and carry no GST, like EXEMPT. */
export const { values: gstTypes, labels: gstTypeLabels } = labelled([
  ['INTRASTATE', 'Intra-state (CGST + SGST)'],
  ['INTERSTATE', 'Inter-state (IGST)'],
  ['EXEMPT', 'Exempt (no GST)'],
  ['SEZ', 'SEZ (no GST)'],
])
export type GstType = (typeof gstTypes)[number]
export const formGstTypes = ['INTRASTATE', 'INTERSTATE', 'EXEMPT'] as const

export function isGstRate(value: number): value is GstRate {
  return (GST_RATES as readonly number[]).includes(value)
}

const half = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n) // n ≥ 0: n/d rounded half up

/**
 * A decimal number as an integer count of 10^-scale units, rounded half up on the decimal digits
 * (so 1.005 rupees is 101 paise, not the 100 that 1.005 * 100 would give).
 */
export function toUnits(value: number, scale: number): number {
  if (!Number.isFinite(value)) return Number.NaN
  const negative = value < 0
  const [whole, fraction = ''] = Math.abs(value)
    .toFixed(scale + 6)
    .split('.')
  const digits = fraction.slice(0, scale)
  const next = Number(fraction[scale] ?? '0')
  const units = Number(whole) * 10 ** scale + Number(digits || '0') + (next >= 5 ? 1 : 0)
  return negative ? -units : units
}

export const toPaise = (rupees: number) => toUnits(rupees, 2)
export const toRupees = (paise: number) => paise / 100

export interface GstLineInput {
  qty: number
  rate: number
  gst_rate: number
}

export interface GstLineResult {
  /** qty × rate, in paise. */
  basic: number
  /** This line's tax (0 with RCM, EXEMPT or SEZ), in paise, for display. */
  tax: number
}

export interface GstTotals {
  subtotal: number
  cgst: number
  sgst: number
  igst: number
  roundOff: number
  total: number
}

/**
 * The heads of Σ basic × rate (paise-percent): INTRASTATE rounds each half once, so CGST = SGST, and
 * INTERSTATE rounds the whole once into IGST.
 */
function headsOf(rateSum: bigint, gstType: GstType) {
  return {
    cgst: gstType === 'INTRASTATE' ? half(rateSum, 200n) : 0n,
    igst: gstType === 'INTERSTATE' ? half(rateSum, 100n) : 0n,
  }
}

/**
 * The CGST, SGST and IGST that amounts (`basic`, in paise) at their GST rates carry, split as an invoice
 * splits its tax (`computeGst`): what GSTR-1 reports for a reverse-charge invoice, which carries none
 * itself (docs/decisions.md, "GSTR-1"), so that it is the tax the same invoice without reverse charge
 * would show, to the paisa.
 */
export function taxHeads(
  amounts: readonly { basic: number; gstRate: number }[],
  gstType: GstType,
): { cgst: number; sgst: number; igst: number } {
  const rateSum = amounts.reduce(
    (sum, a) => sum + BigInt(Math.round(a.basic)) * (isGstRate(a.gstRate) ? BigInt(a.gstRate) : 0n),
    0n,
  )
  const { cgst, igst } = headsOf(rateSum, gstType)
  return { cgst: Number(cgst), sgst: Number(cgst), igst: Number(igst) }
}

/**
 * Per line: basic = qty × rate (to the paisa); tax = basic × gst_rate % (none with RCM, EXEMPT or SEZ).
 * INTRASTATE splits the tax equally into CGST and SGST, INTERSTATE puts it in IGST; each head is the
 * exact sum over the lines rounded once to the paisa; the total is rounded to the rupee and round_off
 * is the difference. Every figure is in paise.
 */
export function computeGst(
  lines: readonly GstLineInput[],
  gstType: GstType,
  isRcm: boolean,
): { lines: GstLineResult[]; totals: GstTotals } {
  const taxed = !isRcm && (gstType === 'INTRASTATE' || gstType === 'INTERSTATE')
  let subtotal = 0n
  let rateSum = 0n // Σ basic × rate, in paise-percent
  const results: GstLineResult[] = []
  for (const line of lines) {
    const qtyMilli = BigInt(Math.max(0, toUnits(line.qty, 3)) || 0)
    const ratePaise = BigInt(Math.max(0, toPaise(line.rate)) || 0)
    const basic = half(qtyMilli * ratePaise, 1000n)
    const rate = taxed && isGstRate(line.gst_rate) ? BigInt(line.gst_rate) : 0n
    subtotal += basic
    rateSum += basic * rate
    results.push({ basic: Number(basic), tax: Number(half(basic * rate, 100n)) })
  }
  const { cgst, igst } = headsOf(rateSum, gstType)
  const exact = subtotal + cgst * 2n + igst
  const total = half(exact, 100n) * 100n
  return {
    lines: results,
    totals: {
      subtotal: Number(subtotal),
      cgst: Number(cgst),
      sgst: Number(cgst),
      igst: Number(igst),
      roundOff: Number(total - exact),
      total: Number(total),
    },
  }
}

/** The first two digits of a GSTIN name its state; undefined when the GSTIN does not start with them. */
export function stateCodeOf(gstin: string | null | undefined): string | undefined {
  const code = gstin?.trim().slice(0, 2)
  return code && /^\d{2}$/.test(code) ? code : undefined
}

/**
 * What the invoice form proposes from the organisation's and the party's GSTINs: the same state is
 * INTRASTATE, different states INTERSTATE; without both, no proposal (the user chooses).
 */
export function proposeGstType(
  orgGstin: string | null | undefined,
  partyGstin: string | null | undefined,
): 'INTRASTATE' | 'INTERSTATE' | undefined {
  const ours = stateCodeOf(orgGstin)
  const theirs = stateCodeOf(partyGstin)
  if (!ours || !theirs) return undefined
  return ours === theirs ? 'INTRASTATE' : 'INTERSTATE'
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!
  const unit = n % 10
  return unit ? `${TENS[Math.floor(n / 10)]}-${ONES[unit]}` : TENS[Math.floor(n / 10)]!
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ')
}

/** A whole number in the Indian system: crore, lakh, thousand, hundred. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('numberInWords takes a whole number ≥ 0')
  if (n === 0) return 'Zero'
  const crore = Math.floor(n / 10_000_000)
  const lakh = Math.floor((n % 10_000_000) / 100_000)
  const thousand = Math.floor((n % 100_000) / 1000)
  const rest = n % 1000
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ')
}

/** 'Rupees Three Thousand Four Hundred Eighty-One Only'; paise, when any, as '… and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(Math.abs(paise) / 100)
  const cents = Math.abs(paise) % 100
  const words = `Rupees ${numberInWords(rupees)}${cents ? ` and ${belowHundred(cents)} Paise` : ''} Only`
  return paise < 0 ? `Minus ${words}` : words
}
