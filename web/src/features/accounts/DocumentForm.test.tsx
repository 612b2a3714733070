import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { screen as display } from '../../../test/setup.ts'
import { AddReceivablePage } from './DocumentPages.tsx'

const mock = startMockApi()
// Dialogs and menus render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 })

function answerPickers() {
  mock.use(
    http.get('/api/clients/dropdown-list', () =>
      HttpResponse.json([
        { client_id: '8f7e6d5c-4b3a-4291-8877-665544332211', name: 'Sunrise Textiles', gstin: null },
      ]),
    ),
    http.get('/api/projects/dropdown-list', () => HttpResponse.json([])),
    http.get('/api/accounts/organisation', () =>
      HttpResponse.json({ name: 'Demo Industries', gstin: null, address: null, upi_id: null }),
    ),
  )
}

describe('the invoice form', { timeout: 30_000 }, () => {
  it('keeps a due date typed before the invoice date, says why, and does not save it', async () => {
    signedInAs(mock, admin())
    answerPickers()
    let posted = 0
    mock.use(
      http.post('/api/receivables', () => {
        posted++
        return HttpResponse.json({ message: 'ok', receivable_id: 'x' }, { status: 201 })
      }),
    )
    renderApp(<AddReceivablePage />, { path: '/accounts/receivables/add' })
    const user = userEvent.setup()
    const date = await screen.findByRole('textbox', { name: /^Invoice Date/ })
    await user.clear(date)
    await user.type(date, '10 Mar 2026')
    await user.tab()
    const due = screen.getByRole('textbox', { name: 'Due Date' })
    await user.type(due, '01 Mar 2026')
    await user.tab()
    expect((due as HTMLInputElement).value).toBe('01 Mar 2026')
    expect(await screen.findByText('Due date cannot be before the invoice date.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }))
    await waitFor(() => expect(screen.getByText('A client must be selected.')).toBeTruthy())
    expect((due as HTMLInputElement).value).toBe('01 Mar 2026')
    expect(posted).toBe(0)
  })

  it('stacks each line item on a phone, every field with its label', async () => {
    display.narrow = true
    signedInAs(mock, admin())
    answerPickers()
    renderApp(<AddReceivablePage />, { path: '/accounts/receivables/add' })
    const line = await screen.findByRole('group', { name: 'Line item 1' })
    for (const label of ['Description', 'SAC/HSN', 'Qty', 'Unit', 'Rate', 'GST %', 'Amount'])
      expect(within(line).getByText(label)).toBeTruthy()
    expect(within(line).getByRole('textbox', { name: 'Rate 1' })).toBeTruthy()
  })
})
