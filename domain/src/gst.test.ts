import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  amountInWords,
  computeGst,
  GST_RATES,
  type GstType,
  gstTypes,
  numberInWords,
  proposeGstType,
  toPaise,
  toUnits,
} from './gst.ts'

const line = (qty: number, rate: number, gst_rate = 18) => ({ qty, rate, gst_rate })

describe('toPaise: decimal rupees to integer paise, half up on the decimal digits', () => {
  it('is exact where floating point multiplication is not', () => {
    expect(1.005 * 100).toBeLessThan(100.5) // why toPaise exists
    expect(toPaise(1.005)).toBe(101)
    expect(toPaise(2.675)).toBe(268)
    expect(toPaise(0.1 + 0.2)).toBe(30)
    expect(toPaise(1234567.89)).toBe(123456789)
    expect(toPaise(0)).toBe(0)
    expect(toPaise(-1.5)).toBe(-150)
    expect(toUnits(2.5, 3)).toBe(2500)
    expect(Number.isNaN(toPaise(Number.NaN))).toBe(true)
  })
})

describe('computeGst: per-line tax, heads to the paisa, total to the rupee', () => {
  it('INTRASTATE splits each line’s tax equally into CGST and SGST and rounds the total to the rupee', () => {
    const { lines, totals } = computeGst([line(2, 1250), line(1, 499.5, 12)], 'INTRASTATE', false)
    expect(lines).toEqual([
      { basic: 250000, tax: 45000 },
      { basic: 49950, tax: 5994 },
    ])
    // tax = 2500 × 18% + 499.50 × 12% = 450 + 59.94 = 509.94, split 254.97 + 254.97;
    // 2999.50 + 509.94 = 3509.44 → 3509, round off −0.44
    expect(totals).toEqual({
      subtotal: 299950,
      cgst: 25497,
      sgst: 25497,
      igst: 0,
      roundOff: -44,
      total: 350900,
    })
  })

  it('INTERSTATE puts the whole tax in IGST', () => {
    const { totals } = computeGst([line(3, 999.99, 28)], 'INTERSTATE', false)
    // 2999.97 × 28% = 839.9916 → 839.99; 3839.96 → 3840
    expect(totals).toEqual({ subtotal: 299997, cgst: 0, sgst: 0, igst: 83999, roundOff: 4, total: 384000 })
  })

  it('adds no tax with RCM, EXEMPT or SEZ, whatever the line rates', () => {
    for (const [type, rcm] of [
      ['INTRASTATE', true],
      ['INTERSTATE', true],
      ['EXEMPT', false],
      ['SEZ', false],
    ] as const) {
      const { lines, totals } = computeGst([line(1, 100.4, 28), line(1, 10, 5)], type, rcm)
      expect(lines.map((l) => l.tax)).toEqual([0, 0])
      expect(totals).toMatchObject({
        subtotal: 11040,
        cgst: 0,
        sgst: 0,
        igst: 0,
        roundOff: -40,
        total: 11000,
      })
    }
  })

  it('rounds half a rupee up and keeps quantities to three decimals', () => {
    expect(computeGst([line(1, 0.5, 0)], 'EXEMPT', false).totals).toMatchObject({ total: 100, roundOff: 50 })
    expect(computeGst([line(1, 0.49, 0)], 'EXEMPT', false).totals).toMatchObject({ total: 0, roundOff: -49 })
    expect(computeGst([line(2.5, 3.33, 0)], 'EXEMPT', false).lines[0]!.basic).toBe(833) // 8.325 → 8.33
  })

  it('gives zeroes for no lines', () => {
    expect(computeGst([], 'INTRASTATE', false).totals).toEqual({
      subtotal: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      roundOff: 0,
      total: 0,
    })
  })

  const lineArb = fc.record({
    qty: fc.integer({ min: 1, max: 10_000_000 }).map((m) => m / 1000),
    rate: fc.integer({ min: 0, max: 1_000_000_000 }).map((p) => p / 100),
    gst_rate: fc.constantFrom(...GST_RATES),
  })
  const typeArb = fc.constantFrom<GstType>(...gstTypes)

  it('for any lines: total = subtotal + heads + round_off, |round_off| ≤ 0.50, CGST = SGST, total in whole rupees', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), typeArb, fc.boolean(), (lines, type, rcm) => {
        const { lines: results, totals: t } = computeGst(lines, type, rcm)
        expect(t.total).toBe(t.subtotal + t.cgst + t.sgst + t.igst + t.roundOff)
        expect(Math.abs(t.roundOff)).toBeLessThanOrEqual(50)
        expect(t.cgst).toBe(t.sgst)
        expect(t.total % 100).toBe(0)
        expect(t.subtotal).toBe(results.reduce((s, l) => s + l.basic, 0))
        for (const v of Object.values(t)) expect(Number.isSafeInteger(v)).toBe(true)
        if (rcm || type === 'EXEMPT' || type === 'SEZ') expect(t.cgst + t.igst).toBe(0)
        if (type !== 'INTRASTATE') expect(t.cgst).toBe(0)
        if (type !== 'INTERSTATE') expect(t.igst).toBe(0)
      }),
      { numRuns: 2000 },
    )
  })

  it('for any lines, each head is within half a paisa per line of the sum of the lines’ taxes', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), typeArb, (lines, type) => {
        const { lines: results, totals: t } = computeGst(lines, type, false)
        const lineTax = results.reduce((s, l) => s + l.tax, 0)
        expect(Math.abs(t.cgst + t.sgst + t.igst - lineTax)).toBeLessThanOrEqual(lines.length + 1)
      }),
    )
  })

  it('for any line, basic is qty × rate to the paisa', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const basic = computeGst([l], 'EXEMPT', false).lines[0]!.basic
        expect(Math.abs(basic - l.qty * l.rate * 100)).toBeLessThanOrEqual(0.5 + 1e-6 * l.qty * l.rate)
      }),
    )
  })
})

describe('proposeGstType: the organisation’s and the party’s state codes', () => {
  it('proposes INTRASTATE for one state, INTERSTATE for two, nothing without both', () => {
    expect(proposeGstType('27AAACS1234A1Z2', '27AABCG5678B1ZL')).toBe('INTRASTATE')
    expect(proposeGstType('27AAACS1234A1Z2', '09AABCG5678B1ZL')).toBe('INTERSTATE')
    expect(proposeGstType(null, '09AABCG5678B1ZL')).toBeUndefined()
    expect(proposeGstType('27AAACS1234A1Z2', '')).toBeUndefined()
    expect(proposeGstType('XX', '27AAACS1234A1Z2')).toBeUndefined()
  })
})

describe('amountInWords: the Indian system', () => {
  it('reads like a cheque', () => {
    expect(amountInWords(348100)).toBe('Rupees Three Thousand Four Hundred Eighty-One Only')
    expect(amountInWords(0)).toBe('Rupees Zero Only')
    expect(amountInWords(100)).toBe('Rupees One Only')
    expect(amountInWords(1_000_050)).toBe('Rupees Ten Thousand and Fifty Paise Only')
    expect(amountInWords(1_23_45_678_00)).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only',
    )
    expect(amountInWords(250_00_00_000_00)).toBe('Rupees Two Hundred Fifty Crore Only')
    expect(numberInWords(100_000)).toBe('One Lakh')
    expect(numberInWords(1_010_101)).toBe('Ten Lakh Ten Thousand One Hundred One')
    expect(numberInWords(90)).toBe('Ninety')
  })
})
