import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { assetData } from './assets.ts'
import {
  cellMessage,
  columnForHeader,
  columnForPath,
  type ImportRegister,
  importColumns,
  importMessages,
  readDate,
  readMoney,
  rowToData,
} from './imports.ts'
import { technicalInfoData } from './technical-info.ts'

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

describe('a refused cell, in the words of the import', () => {
  /** The schema's first complaint about `key` when the row holds `cells`, worded for the import. */
  function messageFor(
    register: ImportRegister,
    schema: z.ZodType,
    cells: Record<string, string>,
    key: string,
  ) {
    const column = importColumns[register].find((c) => c.key === key)!
    const issue = schema
      .safeParse(rowToData(register, cells))
      .error!.issues.find((i) => columnForPath(register, i.path) === column)!
    return cellMessage(column, issue, cells[key])
  }

  it('a text over its limit names the column and the limit, also where its blank message would answer', () => {
    const tech = (cells: Record<string, string>, key: string) =>
      messageFor('technical-info', technicalInfoData, { title: 'T', ...cells }, key)
    expect(tech({ description: 'd'.repeat(20_001) }, 'description')).toBe(
      'Description must be at most 20,000 characters.',
    )
    expect(tech({ title: 't'.repeat(301) }, 'title')).toBe('Title must be at most 300 characters.')
  })

  it('a date names the forms it may be typed in, or says that the day does not exist', () => {
    const asset = (date: string) =>
      messageFor(
        'assets',
        assetData,
        { asset_display_id: 'A-1', name: 'Drill', purchase_date: date },
        'purchase_date',
      )
    expect(asset('30-02-2026')).toBe(importMessages.noSuchDate('30-02-2026'))
    expect(asset(' 2026-02-30 ')).toBe('The date 2026-02-30 does not exist.')
    expect(asset('31 Feb 2026')).toBe(importMessages.noSuchDate('31 Feb 2026'))
    expect(asset('next Monday')).toBe('Dates must be DD-MM-YYYY, DD/MM/YYYY, 5-Mar-2026 or YYYY-MM-DD.')
    expect(asset('02/30/2026')).toBe(importMessages.noSuchDate('02/30/2026'))
  })

  it('a file over the row limit says how many rows it has, or that it has more than the limit', () => {
    expect(importMessages.tooManyRows(60_000)).toMatch(/^The file has 60,000 rows; at most 50,000 /)
    expect(importMessages.tooManyRows()).toMatch(/^The file has more than 50,000 rows; at most 50,000 /)
  })
})
