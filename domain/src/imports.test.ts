import { describe, expect, it } from 'vitest'
import { columnForHeader, columnForPath, importColumns, readDate, readMoney, rowToData } from './imports.ts'

describe('reading cells as people type them', () => {
  it('dates are day first, in the usual Indian forms', () => {
    expect(readDate('05-03-2026')).toBe('2026-03-05')
    expect(readDate('5/3/2026')).toBe('2026-03-05')
    expect(readDate('05.03.2026')).toBe('2026-03-05')
    expect(readDate('2026-3-5')).toBe('2026-03-05')
    expect(readDate('5-Mar-2026')).toBe('2026-03-05')
    expect(readDate('5 March 2026')).toBe('2026-03-05')
    // Not a date: left as typed, for the schema to refuse in its own words.
    expect(readDate('next week')).toBe('next week')
    expect(readDate('5-Foo-2026')).toBe('5-Foo-2026')
  })

  it('money in Indian notation, with or without the rupee sign', () => {
    expect(readMoney('₹ 12,50,000.50')).toBe('1250000.50')
    expect(readMoney('Rs. 1,200')).toBe('1200')
    expect(readMoney('INR 500')).toBe('500')
    expect(readMoney('twelve')).toBe('twelve')
    expect(readMoney('-5')).toBe('-5')
  })
})

describe('headers and rows', () => {
  it('headers match labels, field names and aliases without case, spaces or punctuation', () => {
    expect(columnForHeader('suppliers', 'SUPPLIER NAME')?.key).toBe('name')
    expect(columnForHeader('suppliers', 'ifsc_code')?.key).toBe('ifsc_code')
    expect(columnForHeader('suppliers', 'Contact Person')?.key).toBe('contact_name')
    expect(columnForHeader('employees', 'D.O.J.')?.key).toBe('joining_date')
    expect(columnForHeader('clients', 'Colour')).toBeUndefined()
    expect(columnForHeader('clients', '  ')).toBeUndefined()
  })

  it('a flat row lands in the register’s nested data, and an error path finds its column', () => {
    const data = rowToData('suppliers', {
      name: 'Sharma',
      contact_phone: '+91 98220 54321',
      ifsc_code: 'SBIN0001234',
      notes: '',
    })
    expect(data).toEqual({
      name: 'Sharma',
      contacts: [{ phone: '+91 98220 54321' }],
      bank_details: { ifsc_code: 'SBIN0001234' },
      notes: null,
    })
    expect(rowToData('technical-info', { keywords: 'Earthing; testing , ' })).toEqual({
      keywords: ['Earthing', 'testing'],
    })
    expect(rowToData('assets', { status: 'in use' })).toEqual({ status: 'In Use' })
    expect(columnForPath('suppliers', ['bank_details', 'ifsc_code'])?.label).toBe('IFSC')
    expect(columnForPath('suppliers', ['contacts', 0, 'email'])?.label).toBe('Contact email')
    expect(columnForPath('projects', ['work_order_details'])?.label).toBe('Work order number')
  })

  it('every column has a unique key and label within its register', () => {
    for (const columns of Object.values(importColumns)) {
      expect(new Set(columns.map((c) => c.key)).size).toBe(columns.length)
      expect(new Set(columns.map((c) => c.label.toLowerCase())).size).toBe(columns.length)
    }
  })
})
