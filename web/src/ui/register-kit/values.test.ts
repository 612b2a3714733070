import { describe, expect, it } from 'vitest'
import { fieldOrder, formValues } from './values.ts'

const empty = {
  name: '',
  client_id: null as string | null,
  contacts: [{ name: '', phone: '', email: '' }],
  work_order_details: { number: '', date: null as string | null, total_value: '' },
  keywords: [] as string[],
}

describe('formValues', () => {
  it('fills every field of the form, blanks where the record has none', () => {
    expect(
      formValues(empty, { name: 'Acme', client_id: null, work_order_details: { total_value: 1250.5 } }),
    ).toEqual({
      name: 'Acme',
      client_id: null,
      contacts: [{ name: '', phone: '', email: '' }],
      work_order_details: { number: '', date: null, total_value: '1250.5' },
      keywords: [],
    })
  })

  it('maps list rows through the first row’s template and keeps plain lists', () => {
    const values = formValues(empty, {
      contacts: [{ name: 'Meera', phone: null }, { email: 'a@b.test' }],
      keywords: ['ph', 'etp'],
    })
    expect(values.contacts).toEqual([
      { name: 'Meera', phone: '', email: '' },
      { name: '', phone: '', email: 'a@b.test' },
    ])
    expect(values.keywords).toEqual(['ph', 'etp'])
  })

  it('never shares the template between two forms', () => {
    const a = formValues(empty, null)
    a.contacts[0]!.name = 'changed'
    expect(formValues(empty, null).contacts[0]!.name).toBe('')
  })
})

describe('fieldOrder', () => {
  it('lists the fields as the form shows them, nested ones as paths', () => {
    expect(fieldOrder(empty)).toEqual([
      'name',
      'client_id',
      'contacts',
      'work_order_details',
      'work_order_details.number',
      'work_order_details.date',
      'work_order_details.total_value',
      'keywords',
    ])
  })
})
