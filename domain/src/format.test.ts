import { describe, expect, it } from 'vitest'
import { formatFileSize } from './files.ts'
import {
  formatCurrency,
  formatDate,
  formatRelativeTime,
  formatShortDate,
  hourIn,
  titleCase,
  todayIn,
  todayIso,
} from './format.ts'
import { isErrorMessage } from './notify.ts'

describe('formatCurrency: rupees, en-IN; paise whenever there are any', () => {
  it('groups in the Indian way without decimals', () => {
    expect(formatCurrency(4850000)).toBe('₹48,50,000')
    expect(formatCurrency('1260000')).toBe('₹12,60,000')
  })
  it('shows paise when there are any, rounded to the paisa', () => {
    expect(formatCurrency(1234.5)).toBe('₹1,234.50')
    expect(formatCurrency(1234)).toBe('₹1,234')
    expect(formatCurrency(1250000.5)).toBe('₹12,50,000.50')
    expect(formatCurrency('1250000.50')).toBe('₹12,50,000.50')
    expect(formatCurrency(0.1 + 0.2)).toBe('₹0.30')
    expect(formatCurrency(99.999)).toBe('₹100')
  })
  it("answers 'N/A' for empty or invalid values", () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN]) expect(formatCurrency(v as never)).toBe('N/A')
  })
})

describe('dates', () => {
  it('formats en-GB day, short month, year and keeps calendar days unshifted', () => {
    expect(formatDate('2026-04-12')).toBe('12 Apr 2026')
    expect(formatDate(null)).toBe('N/A')
  })
  it('drops the year on narrow screens', () => {
    expect(formatShortDate('2026-11-19')).toBe('19 Nov 2026')
    expect(formatShortDate('2026-11-19', true)).toBe('19 Nov')
  })
  it('gives today as YYYY-MM-DD', () => {
    expect(todayIso(new Date(2026, 10, 5))).toBe('2026-11-05')
  })
})

describe('formatRelativeTime: seconds, minutes, hours, Yesterday, days, then the date', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)
  it('goes seconds, minutes, hours, Yesterday, days under 7, then day and short month', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now')
    expect(formatRelativeTime(ago(9), now)).toBe('just now')
    expect(formatRelativeTime(ago(30), now)).toBe('30 seconds ago')
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago')
    expect(formatRelativeTime(ago(5 * 3600), now)).toBe('5 hours ago')
    expect(formatRelativeTime(ago(30 * 3600), now)).toBe('Yesterday')
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago')
    expect(formatRelativeTime(ago(10 * 86400), now)).toBe('11 Nov')
  })
})

describe('formatFileSize: Bytes, KB, MB, GB, TB with one decimal', () => {
  it('uses the largest unit that keeps the number at 1 or more', () => {
    expect(formatFileSize(512)).toBe('512 Bytes')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25.0 MB')
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB')
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2.0 TB')
    expect(formatFileSize(null)).toBe('N/A')
  })
})

describe('messages and names', () => {
  it("reads 'failed' and 'error' as errors, and the OTP step's 'incorrect' when asked", () => {
    expect(isErrorMessage('Failed to send OTP.')).toBe(true)
    expect(isErrorMessage('An ERROR occurred')).toBe(true)
    expect(isErrorMessage('OTP sent.')).toBe(false)
    expect(isErrorMessage('OTP is incorrect or has expired.')).toBe(false)
    expect(isErrorMessage('OTP is incorrect or has expired.', ['incorrect'])).toBe(true)
  })
  it('title-cases project and client names', () => {
    expect(titleCase('  sunrise   etp upgrade ')).toBe('Sunrise Etp Upgrade')
    expect(titleCase('sunrise ETP upgrade for KLD')).toBe('Sunrise ETP Upgrade For KLD')
  })
})

describe('the day and hour in a time zone', () => {
  it('answers each zone its own day and hour, one after the other', () => {
    // 20:30 UTC on 29 November: already 30 November, 02:00, in India; still 29th, 15:30, in New York.
    const instant = new Date('2026-11-29T20:30:00Z')
    for (let round = 0; round < 2; round++) {
      expect(todayIn('Asia/Kolkata', instant)).toBe('2026-11-30')
      expect(hourIn('Asia/Kolkata', instant)).toBe(2)
      expect(todayIn('America/New_York', instant)).toBe('2026-11-29')
      expect(hourIn('America/New_York', instant)).toBe(15)
    }
  })
})
