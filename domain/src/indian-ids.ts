/** Bank and identity numbers of Indian records: IFSC, Aadhaar (with its Verhoeff check digit), masking. */

export const IFSC_LENGTH = 11
export const AADHAAR_LENGTH = 12
export const invalidIfsc = 'Invalid IFSC code.'
export const invalidAadhaar = 'Invalid Aadhaar number.'

/** Four letters of the bank, a zero, six characters of the branch (RBI's IFSC). */
export function isValidIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value.trim().toUpperCase())
}

// Verhoeff's dihedral-group tables.
const MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
]
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]
const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]

function verhoeffChecksum(digits: string): number {
  let c = 0
  const reversed = [...digits].reverse()
  for (let i = 0; i < reversed.length; i++) c = MULTIPLY[c]![PERMUTE[i % 8]![Number(reversed[i])]!]!
  return c
}

/** The check digit Verhoeff's scheme appends to `digits`. */
export function verhoeffDigit(digits: string): string {
  return String(INVERSE[verhoeffChecksum(`${digits}0`)])
}

/** Twelve digits, not starting with 0 or 1, whose last digit is the Verhoeff check of the others (UIDAI). */
export function isValidAadhaar(value: string): boolean {
  const v = value.replace(/\s/g, '')
  return /^[2-9][0-9]{11}$/.test(v) && verhoeffChecksum(v) === 0
}

/** '••••••••1234': only the last four characters are shown. */
export function maskLastFour(value: string | null | undefined): string | null {
  if (!value) return null
  const v = value.replace(/\s/g, '')
  return `${'•'.repeat(Math.max(0, v.length - 4))}${v.slice(-4)}`
}
