import { describe, expect, it } from 'vitest'
import { badgeText } from './api.ts'

describe('the unread badge', () => {
  it('shows the count up to 99 and 99+ above', () => {
    expect(badgeText(1)).toBe('1')
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
    expect(badgeText(2500)).toBe('99+')
  })
})
