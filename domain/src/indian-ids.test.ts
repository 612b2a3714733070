import { describe, expect, it } from 'vitest'
import { isValidAadhaar, isValidIfsc, maskLastFour, verhoeffDigit } from './indian-ids.ts'

describe('Aadhaar', () => {
  it('accepts twelve digits whose last is the Verhoeff check digit', () => {
    const first11 = '23456789012'
    const valid = first11 + verhoeffDigit(first11)
    expect(isValidAadhaar(valid)).toBe(true)
    expect(isValidAadhaar(`${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`)).toBe(true)
  })

  it('refuses a wrong check digit, any single changed digit, and wrong shapes', () => {
    const first11 = '98765432109'
    const check = Number(verhoeffDigit(first11))
    expect(isValidAadhaar(first11 + ((check + 1) % 10))).toBe(false)
    const valid = first11 + check
    // Verhoeff catches every single-digit error and every swap of neighbours.
    for (let i = 0; i < 12; i++) {
      const changed = valid.slice(0, i) + ((Number(valid[i]) + 3) % 10) + valid.slice(i + 1)
      if (changed !== valid && /^[2-9]/.test(changed)) expect(isValidAadhaar(changed)).toBe(false)
    }
    for (let i = 0; i < 11; i++) {
      if (valid[i] === valid[i + 1]) continue
      const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2)
      if (/^[2-9]/.test(swapped)) expect(isValidAadhaar(swapped)).toBe(false)
    }
    expect(isValidAadhaar('12345678901')).toBe(false)
    expect(isValidAadhaar(`1${first11.slice(1)}${check}`)).toBe(false)
    expect(isValidAadhaar('abcdefghijkl')).toBe(false)
  })

  it('known UIDAI-style test numbers follow the scheme', () => {
    // 2341 2341 2346 is the sample number of the Verhoeff literature for Aadhaar.
    expect(verhoeffDigit('23412341234')).toBe('6')
    expect(isValidAadhaar('234123412346')).toBe(true)
  })
})

describe('IFSC and masking', () => {
  it('checks the IFSC shape case-insensitively', () => {
    expect(isValidIfsc('HDFC0001234')).toBe(true)
    expect(isValidIfsc('sbin0000691')).toBe(true)
    expect(isValidIfsc('HDFC1001234')).toBe(false)
    expect(isValidIfsc('HDF00001234')).toBe(false)
  })

  it('shows only the last four characters', () => {
    expect(maskLastFour('234123412346')).toBe('••••••••2346')
    expect(maskLastFour('50100234567890')).toBe('••••••••••7890')
    expect(maskLastFour(null)).toBeNull()
  })
})
