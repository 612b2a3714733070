import { describe, expect, it } from 'vitest'
import { createInvoiceInput, invoiceStatusInput, updateInvoiceInput } from './billing.ts'
import { clientData, clientDisplayId, clientListQuery } from './clients.ts'
import { decimalOrNull, projectData } from './projects.ts'
import {
  accessPermissionsInput,
  appliedMessage,
  contactRows,
  pendingActionsQuery,
  requestFailedMessage,
  requestSubmittedMessage,
} from './registers.ts'

const USER_A = '7d3e4f52-5b1a-4c1e-9a55-0c1d2e3f4a5b'
const USER_B = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'

describe('register messages', () => {
  it('say what the spec says', () => {
    expect(requestSubmittedMessage('Client', 'CREATE')).toBe(
      'Client creation request submitted for admin approval.',
    )
    expect(requestSubmittedMessage('Client', 'UPDATE')).toBe(
      'Client update request submitted for admin approval.',
    )
    expect(requestSubmittedMessage('Project', 'ARCHIVE')).toBe(
      'Project status change request submitted for admin approval.',
    )
    expect(requestFailedMessage('Project', 'UNARCHIVE')).toBe(
      'Error submitting project status change request',
    )
    expect(requestFailedMessage('Client', 'CREATE')).toBe('Error submitting client creation request')
    expect(appliedMessage('Client', 'CREATE')).toBe('Client created successfully.')
    expect(appliedMessage('Project', 'ARCHIVE')).toBe('Project archived successfully.')
  })
})

describe('accessPermissionsInput', () => {
  it('defaults to READ, lists a user once (the last choice wins) and defaults to none', () => {
    expect(accessPermissionsInput.parse(undefined)).toEqual([])
    expect(
      accessPermissionsInput.parse([
        { user_id: USER_A },
        { user_id: USER_B, level: 'WRITE' },
        { user_id: USER_A, level: 'WRITE' },
      ]),
    ).toEqual([
      { user_id: USER_A, level: 'WRITE' },
      { user_id: USER_B, level: 'WRITE' },
    ])
    expect(accessPermissionsInput.safeParse([{ user_id: 'nope' }]).success).toBe(false)
    expect(accessPermissionsInput.safeParse([{ user_id: USER_A, level: 'ADMIN' }]).success).toBe(false)
  })
})

describe('contact rows and clients', () => {
  it('drops blank contact rows and trims the rest', () => {
    expect(
      contactRows.parse([
        { name: ' ', phone: '', email: null },
        { name: ' Asha ', phone: ' 98 ', email: '' },
      ]),
    ).toEqual([{ name: 'Asha', phone: '98', email: null }])
    expect(contactRows.parse(null)).toEqual([])
  })

  it("keeps a client's state as its GST code, given by name or code", () => {
    expect(clientData.parse({ name: 'X', state_code: 'Karnataka' }).state_code).toBe('29')
    expect(clientData.parse({ name: 'X', state_code: '27' }).state_code).toBe('27')
    expect(clientData.parse({ name: 'X', state_code: '' }).state_code).toBeNull()
    expect(clientData.safeParse({ name: 'X', state_code: 'Atlantis' }).error!.issues[0]!.message).toBe(
      'Choose a state from the list.',
    )
  })

  it('requires a client name and turns empty optional fields into null', () => {
    expect(clientData.safeParse({}).error!.issues[0]!.message).toBe('Client name is required.')
    expect(clientData.parse({ name: ' X ', office_address: '', notes: '  ' })).toEqual({
      name: 'X',
      office_address: null,
      state_code: null,
      gstin: null,
      pan: null,
      contacts: [],
      notes: null,
    })
  })

  it('formats display ids, and takes only the list’s own sorts (the default when none is asked)', () => {
    expect(clientDisplayId(1)).toBe('CL-0001')
    expect(clientDisplayId(12345)).toBe('CL-12345')
    expect(clientListQuery.parse({ sort: 'name_desc' })).toMatchObject({ sortBy: 'name_desc', page: 1 })
    expect(clientListQuery.parse({}).sortBy).toBe('name_asc')
    expect(clientListQuery.safeParse({ sortBy: 'drop table' }).success).toBe(false)
    expect(clientListQuery.safeParse({ sort: 'drop table' }).success).toBe(false)
  })
})

describe('projects', () => {
  it('parses the total value as a decimal or null', () => {
    expect(decimalOrNull.parse('1500.25')).toBe(1500.25)
    expect(decimalOrNull.parse(' ')).toBeNull()
    expect(decimalOrNull.parse(null)).toBeNull()
    expect(decimalOrNull.safeParse('12abc').success).toBe(false)
    expect(decimalOrNull.safeParse(-1).success).toBe(false)
  })

  it('needs a name and a client', () => {
    expect(projectData.safeParse({ client_id: USER_A }).error!.issues[0]!.message).toBe(
      'Project name is required.',
    )
    for (const client_id of [undefined, '', 'x']) {
      expect(projectData.safeParse({ name: 'P', client_id }).error!.issues[0]!.message).toBe(
        'A client must be selected for the project.',
      )
    }
  })
})

describe('invoices', () => {
  const base = { invoice_no: '1', title: 'T', amount: '10', invoice_date: '2024-01-02' }

  it('needs the required fields, and a clearance date when CLEARED', () => {
    const missing = createInvoiceInput.safeParse({ ...base, title: '' })
    expect(missing.error!.issues[0]!.message).toBe(
      'Invoice No, Title, Amount, Date, and PDF are required fields.',
    )
    const cleared = createInvoiceInput.safeParse({ ...base, status: 'CLEARED' })
    expect(cleared.error!.issues[0]!.message).toBe('Date of Clearance is required when status is Cleared.')
    expect(updateInvoiceInput.safeParse({ ...base, amount: '' }).error!.issues[0]!.message).toBe(
      'Invoice No, Title, Amount, and Date are required fields.',
    )
    expect(invoiceStatusInput.safeParse({ status: 'CLEARED' }).error!.issues[0]!.message).toBe(
      'Date of Clearance is required.',
    )
  })

  it('drops the clearance fields of a PENDING invoice', () => {
    expect(
      createInvoiceInput.parse({ ...base, transaction_id: 'T', clearance_date: '2024-01-03' }),
    ).toMatchObject({ status: 'PENDING', transaction_id: null, clearance_date: null, amount: 10 })
  })
})

describe('pendingActionsQuery', () => {
  it('defaults to page 1 of 20 and ignores empty filters', () => {
    expect(pendingActionsQuery.parse({ entityType: '', actionType: '' })).toEqual({
      page: 1,
      limit: 20,
      entityType: undefined,
      actionType: undefined,
    })
    expect(pendingActionsQuery.safeParse({ actionType: 'DELETE' }).success).toBe(false)
  })
})

describe('calendarDayOrDateTime', () => {
  it("takes a date-time as the day it falls on in the organisation's time zone", async () => {
    const { calendarDayOrDateTime, organisationCalendar } = await import('./registers.ts')
    const before = organisationCalendar.timeZone
    try {
      expect(calendarDayOrDateTime.parse('2024-07-01')).toBe('2024-07-01')
      expect(calendarDayOrDateTime.parse('2024-06-30T18:30:00.000Z')).toBe('2024-07-01')
      expect(calendarDayOrDateTime.parse('2024-06-30T18:29:59Z')).toBe('2024-06-30')
      expect(calendarDayOrDateTime.parse('2024-07-01T23:30:00+05:30')).toBe('2024-07-01')
      expect(calendarDayOrDateTime.parse('2024-07-01T10:00:00')).toBe('2024-07-01')
      expect(calendarDayOrDateTime.parse(' ')).toBeNull()
      organisationCalendar.timeZone = 'America/New_York'
      expect(calendarDayOrDateTime.parse('2024-07-01T02:00:00Z')).toBe('2024-06-30')
      for (const bad of [
        '2024-02-30',
        '2024-02-30T10:00:00Z',
        'yesterday',
        '2024-07-01T25:00:00Z',
        '0000-01-01',
        '0000-12-31T10:00:00Z',
      ])
        expect(calendarDayOrDateTime.safeParse(bad).success, bad).toBe(false)
    } finally {
      organisationCalendar.timeZone = before
    }
  })
})
