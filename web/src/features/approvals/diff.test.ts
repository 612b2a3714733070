import { describe, expect, it } from 'vitest'
import { diff, displayValue, fieldLabel, flatten } from './diff.ts'

describe('approval diff', () => {
  it('flattens nested objects and lists into labelled fields in the form order', () => {
    const fields = flatten({
      pan: 'AAPFU0939F',
      name: 'Kaveri',
      contacts: [{ email: 'a@b.test', name: 'Meera', phone: null }],
      work_order_details: { total_value: 1250000, number: 'WO-1', date: '2026-01-05' },
      version: 3,
    })
    expect(fields.map((f) => f.label)).toEqual([
      'Name',
      'PAN',
      'Contact 1 › Name',
      'Contact 1 › Phone',
      'Contact 1 › Email',
      'Work Order › Number',
      'Work Order › Date',
      'Work Order › Total Value',
    ])
  })

  it('marks changed fields, treating null and empty text alike, and lists removed rows', () => {
    const rows = diff(
      { name: 'A', notes: null, contacts: [{ name: 'X' }, { name: 'Y' }] },
      { name: 'A', notes: '', contacts: [{ name: 'Z' }] },
    )
    const changed = rows.filter((r) => r.changed).map((r) => [r.label, r.current, r.proposed])
    expect(changed).toEqual([
      ['Contact 1 › Name', 'X', 'Z'],
      ['Contact 2 › Name', 'Y', null],
    ])
  })

  it('a partial proposal (archive) only compares the fields it names', () => {
    const rows = diff({ name: 'P', is_archived: false }, { is_archived: true }, true)
    expect(rows.map((r) => [r.label, r.current, r.proposed, r.changed])).toEqual([
      ['Archived', false, true, true],
    ])
  })

  it('a masked number the request leaves out is kept, not cleared; a blank or a new one is a change', () => {
    const current = {
      full_name: 'Ravi Kumar',
      department: 'Accounts',
      aadhar_no: '••••••••3454',
      bank_details: { account_no: '••••••••9012', ifsc_code: 'SBIN0001234' },
    }
    const untouched = {
      full_name: 'Ravi Kumar',
      department: 'Operations',
      bank_details: { ifsc_code: 'SBIN0001234' },
    }
    const changed = (proposed: unknown) =>
      diff(current, proposed)
        .filter((r) => r.changed)
        .map((r) => [r.path, r.current, r.proposed])
    expect(changed(untouched)).toEqual([['department', 'Accounts', 'Operations']])
    const kept = diff(current, untouched).find((r) => r.path === 'aadhar_no')
    expect(kept).toMatchObject({ current: '••••••••3454', proposed: '••••••••3454', changed: false })
    const cleared = {
      ...untouched,
      aadhar_no: null,
      bank_details: { account_no: '••••••••1111', ifsc_code: null },
    }
    expect(changed(cleared)).toEqual([
      ['department', 'Accounts', 'Operations'],
      ['bank_details.account_no', '••••••••9012', '••••••••1111'],
      ['bank_details.ifsc_code', 'SBIN0001234', null],
      ['aadhar_no', '••••••••3454', null],
    ])
  })

  it('shows values as people read them', () => {
    expect(displayValue('work_order_details.total_value', 1250000)).toBe('₹12,50,000')
    expect(displayValue('is_archived', true)).toBe('Yes')
    expect(displayValue('client_id', 'c1', { c1: 'Sunrise Textiles' })).toBe('Sunrise Textiles')
    expect(displayValue('notes', '')).toBeNull()
    expect(fieldLabel('office_address')).toBe('Office Address')
    expect(fieldLabel('gstin')).toBe('GSTIN')
  })
})
