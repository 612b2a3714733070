import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { person } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { screen as display } from '../../../test/setup.ts'
import { ExpensesIncomePage, OperationsReportPage } from './ReportForms.tsx'

const mock = startMockApi()
const ravi = person({
  user_id: '9b2d4e6f-1a3c-4b5d-8e7f-0a1b2c3d4e5f',
  username: 'ravi',
  full_name: 'Ravi Kumar',
})

function answerPickers() {
  const sent: unknown[] = []
  mock.use(
    http.get('/api/users', () => HttpResponse.json([ravi])),
    http.get('/api/projects/dropdown-list', () => HttpResponse.json([])),
    http.post('/api/reports', async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json(
        { message: 'Report submitted successfully!', report_id: 'r1' },
        { status: 201 },
      )
    }),
  )
  return sent
}

// Whole forms render in jsdom: slower than the machine's default five seconds when it is busy.
describe('the report forms', { timeout: 30_000 }, () => {
  it('name every input of their rows by its column and row, never by a field path', async () => {
    answerPickers()
    renderApp(<ExpensesIncomePage />)
    const consumables = within(await screen.findByRole('table', { name: 'Consumable & Site Expenses' }))
    expect(consumables.getByRole('textbox', { name: 'Date 1' })).toBeTruthy()
    expect(consumables.getByRole('textbox', { name: 'Item Name 4' })).toBeTruthy()
    const other = within(screen.getByRole('table', { name: 'Income & Other Expenses' }))
    expect(other.getByRole('textbox', { name: 'Date 4' })).toBeTruthy()
    expect(other.getByRole('textbox', { name: 'Particulars 1' })).toBeTruthy()
    const fields = [...screen.getAllByRole('textbox'), ...screen.getAllByRole('combobox')]
    for (const field of fields) {
      const name =
        field.getAttribute('aria-label') ?? document.querySelector(`label[for="${field.id}"]`)?.textContent
      expect(name, field.outerHTML).toBeTruthy()
      expect(name).not.toMatch(/report_data/)
    }
  })

  it('refuse a period that ends before it starts, with the message in the box above the form', async () => {
    const sent = answerPickers()
    // The draft an expired session kept: a recipient and the dates the wrong way round.
    sessionStorage.setItem(
      'daftar.draft:report:OPERATIONS_REPORT',
      JSON.stringify({
        to_user_ids: [ravi.user_id],
        report_data: {
          period: { start: '2026-03-10', end: '2026-03-09' },
          context: { projectName: '', projectId: null, clientName: '', projectType: '', projectCapacity: '' },
          operators: [],
          complaints: [],
          supervisorInspections: [],
          managerInspections: [],
          questions: { logbookStatus: '', energyMeterStatus: '', flowMeterStatus: '' },
        },
      }),
    )
    renderApp(<OperationsReportPage />)
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Report' }))
    expect((await screen.findByRole('alert')).textContent).toBe('"End Date" cannot be before "Start Date".')
    expect(sent).toEqual([])
  })

  it('refuse figures typed in a row without its name, rather than drop them, marking the name', async () => {
    const sent = answerPickers()
    sessionStorage.setItem(
      'daftar.draft:report:EXPENSES_INCOME',
      JSON.stringify({
        to_user_ids: [ravi.user_id],
        report_data: {
          period: { start: '2026-11-01', end: '2026-11-30' },
          context: { projectName: '', projectId: null, clientName: '', projectType: '', projectCapacity: '' },
          consumables: [{ date: '', invoiceNo: '', vendor: '', itemName: '', rate: '2500', quantity: '4' }],
          otherExpenses: [],
        },
      }),
    )
    renderApp(<ExpensesIncomePage />)
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Report' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Consumable & Site Expenses, row 1: give an item name, invoice no. or vendor, or clear the row.',
    )
    const name = within(screen.getByRole('table', { name: 'Consumable & Site Expenses' })).getByRole(
      'textbox',
      {
        name: 'Item Name 1',
      },
    )
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
  })

  it('mark the To field when no recipient is chosen, the words in the box above the form', async () => {
    const sent = answerPickers()
    renderApp(<OperationsReportPage />)
    const to = await screen.findByLabelText(/^To/)
    expect(to.getAttribute('aria-invalid')).not.toBe('true')
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please select at least one recipient in the "To" field.',
    )
    expect(to.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
  })

  it('show each expense and income row as a card of labelled inputs on a phone', async () => {
    display.narrow = true
    answerPickers()
    renderApp(<ExpensesIncomePage />)
    const list = await screen.findByRole('list', { name: 'Consumable & Site Expenses' })
    expect(screen.queryByRole('table')).toBeNull()
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((card) => card.getAttribute('aria-label') !== 'Total')
    expect(rows).toHaveLength(4)
    const first = within(rows[0]!)
    expect(first.getByText('Expense 1')).toBeTruthy()
    for (const column of ['Date', 'Item Name', 'Invoice/DC No.', 'Vendor', 'Rate', 'Quantity', 'Amount'])
      expect(first.getByText(column)).toBeTruthy()
    await userEvent.type(first.getByRole('textbox', { name: 'Rate 1' }), '9.75')
    await userEvent.type(first.getByRole('textbox', { name: 'Quantity 1' }), '4')
    await waitFor(() => expect(first.getByText('Amount').nextSibling?.textContent).toBe('₹39'))
    const total = within(within(list).getByRole('listitem', { name: 'Total' }))
    expect(total.getByText('Amount').nextSibling?.textContent).toBe('₹39')
    expect(
      within(screen.getByRole('list', { name: 'Income & Other Expenses' })).getByText('Entry 4'),
    ).toBeTruthy()
  })
})
