/** Bank and identity numbers of Indian records: IFSC, Aadhaar (with its Verhoeff check digit), masking. */

export const IFSC_LENGTH = 11
export const AADHAAR_LENGTH = 12
export const invalidIfsc = 'Invalid IFSC code.'
export const invalidAadhaar = 'Invalid Aadhaar number.'

/** Four letters of the bank, a zero, six characters of the branch (RBI's IFSC). */
export function isValidIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value.trim().toUpperCase())
}

// Verhoeff's scheme works in the dihedral group D5: 0–4 are its rotations, 5–9 its reflections.
const compose = (j: number, k: number): number => {
  if (j < 5) return k < 5 ? (j + k) % 5 : 5 + ((j + k) % 5)
  return k < 5 ? 5 + ((j - k + 5) % 5) : (j - k + 5) % 5
}
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
const MULTIPLY = DIGITS.map((j) => DIGITS.map((k) => compose(j, k)))
/** The position permutations: the first is the identity, each next one applies Verhoeff's once more. */
const STEP = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4]
const PERMUTE = Array.from({ length: 7 }).reduce<number[][]>(
  (rows) => [...rows, rows.at(-1)!.map((n) => STEP[n]!)],
  [DIGITS],
)
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
