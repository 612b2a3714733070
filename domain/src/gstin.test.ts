import { describe, expect, it } from 'vitest'
import { clientData, gstinField, panField } from './clients.ts'
import {
  gstinCheckCharacter,
  gstinStateCode,
  invalidGstin,
  invalidPan,
  isValidGstin,
  isValidPan,
  matchesGstinPattern,
} from './gstin.ts'

/** Real, registered GSTINs (their check characters are GSTN's). */
const REAL = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '27AAACS1234A1Z2', '24AAACC1206D1ZM', '33AAACH7409R1Z8']

describe('GSTIN', () => {
  it.each(REAL)('accepts %s, in any case and with spaces around', (gstin) => {
    expect(isValidGstin(gstin)).toBe(true)
    expect(isValidGstin(gstin.toLowerCase())).toBe(true)
    expect(isValidGstin(` ${gstin} `)).toBe(true)
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14])
  })

  it.each(REAL)('refuses %s with any other check character', (gstin) => {
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      if (c === gstin[14]) continue
      const altered = gstin.slice(0, 14) + c
      expect(matchesGstinPattern(altered)).toBe(true)
      expect(isValidGstin(altered)).toBe(false)
    }
  })

  it('refuses what does not match the pattern', () => {
    for (const bad of [
      '',
      '27AAPFU0939F1Z', // 14 characters
      '27AAPFU0939F1ZVX', // 16 characters
      'A7AAPFU0939F1ZV', // state code not digits
      '271APFU0939F1ZV', // a digit among the PAN letters
      '27AAPFUA939F1ZV', // a letter among the PAN digits
      '27AAPFU093911ZV', // PAN's last character not a letter
      '27AAPFU0939F0ZV', // entity number 0
      '27AAPFU0939F1YV', // no Z
      '27AAPFU0939F1Z-',
    ]) {
      expect(matchesGstinPattern(bad), bad).toBe(false)
      expect(isValidGstin(bad), bad).toBe(false)
    }
  })

  it('swapping two characters breaks the check', () => {
    expect(isValidGstin('27AAPFU9039F1ZV')).toBe(false)
  })

  it('reads the state code from the first two digits', () => {
    expect(gstinStateCode('27AAPFU0939F1ZV')).toBe('27')
    expect(gstinStateCode('29AAGCB7383J1Z4')).toBe('29')
  })
})

describe('PAN', () => {
  it('is 5 letters, 4 digits and a letter, in any case', () => {
    expect(isValidPan('AAPFU0939F')).toBe(true)
    expect(isValidPan('aapfu0939f')).toBe(true)
    for (const bad of [
      '',
      'AAPF0939F',
      'AAPFU0939',
      'AAPFU09390',
      '1APFU0939F',
      'AAPFU0939FF',
      'AAPFUO939F',
    ]) {
      expect(isValidPan(bad), bad).toBe(false)
    }
  })
})

describe('GSTIN and PAN fields of the client schema', () => {
  it('store uppercase, trimmed values and null for blanks', () => {
    expect(gstinField.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV')
    expect(panField.parse('aapfu0939f')).toBe('AAPFU0939F')
    for (const blank of ['', '   ', null, undefined]) {
      expect(gstinField.parse(blank)).toBeNull()
      expect(panField.parse(blank)).toBeNull()
    }
  })

  it('answer the spec’s messages', () => {
    const gstin = clientData.safeParse({ name: 'X', gstin: '27AAPFU0939F1ZW' })
    expect(gstin.success).toBe(false)
    expect(gstin.error!.issues[0]!.message).toBe(invalidGstin)
    expect(invalidGstin).toBe('Invalid GSTIN format.')
    const tooLong = clientData.safeParse({ name: 'X', gstin: '27AAPFU0939F1ZVV' })
    expect(tooLong.error!.issues[0]!.message).toBe(invalidGstin)
    const pan = clientData.safeParse({ name: 'X', pan: 'AAPFU0939' })
    expect(pan.error!.issues[0]!.message).toBe(invalidPan)
    expect(invalidPan).toBe('Invalid PAN format.')
  })
})
