/** GSTIN and PAN checks: the pattern and the check character; the first two digits are the state (docs/product.md, "Clients"). */

const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/
const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/
const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

export const GSTIN_LENGTH = 15
export const PAN_LENGTH = 10
export const invalidGstin = 'Invalid GSTIN format.'
export const invalidPan = 'Invalid PAN format.'

/** The 15th character of a GSTIN, computed from the first 14 (GSTN's mod-36 scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = CODE_POINTS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return CODE_POINTS[(36 - (sum % 36)) % 36]!
}

export function isValidGstin(value: string): boolean {
  const v = value.trim().toUpperCase()
  return GSTIN_PATTERN.test(v) && gstinCheckCharacter(v.slice(0, 14)) === v[14]
}

/**
 * Only the shape the spec gives (case-insensitive), without the check character. No register accepts a
 * GSTIN on its shape alone: clients and suppliers both need `isValidGstin`, since a GSTIN with a wrong
 * check character is not a GSTIN (docs/product.md, "Suppliers").
 */
export function matchesGstinPattern(value: string): boolean {
  return GSTIN_PATTERN.test(value.trim().toUpperCase())
}

export function isValidPan(value: string): boolean {
  return PAN_PATTERN.test(value.trim().toUpperCase())
}

export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2)
}
