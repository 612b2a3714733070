import { act, configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { screen as display } from '../../../test/setup.ts'
import { setSessionExpiredHandler } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import { keepDraftsForExpiredSession } from '../../ui/drafts.ts'
import { PayablesPage, ReceivablesPage } from './AccountsListPage.tsx'
import {
  answerPayables,
  answerReceivables,
  menuItem,
  payableRow,
  receivableDetail,
  receivableRow,
} from './test-accounts.ts'

const mock = startMockApi()
// Dialogs and menus render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 })

describe('the receivables list', { timeout: 30_000 }, () => {
  it('cancels a live invoice with its own request, from a dialog that reads Keep invoice / Cancel invoice', async () => {
    signedInAs(mock, admin())
    answerReceivables(mock, [receivableRow()])
    const sent: string[] = []
    mock.use(
      http.put('/api/receivables/:id/cancel', ({ request }) => {
        sent.push(`PUT ${new URL(request.url).pathname}`)
        return HttpResponse.json({ message: 'Invoice cancelled successfully.' })
      }),
      http.delete('/api/receivables/:id', ({ request }) => {
        sent.push(`DELETE ${new URL(request.url).pathname}`)
        return HttpResponse.json({ message: 'Invoice deleted successfully.' })
      }),
    )
    renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const user = userEvent.setup()
    await user.click(await menuItem(user, 'Actions for INV-101', 'Cancel Invoice'))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Cancellation' })
    expect(within(dialog).getByRole('button', { name: 'Keep invoice' })).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }))
    await waitFor(() =>
      expect(sent).toEqual(['PUT /api/receivables/5b0c2a7e-1d3f-4a5b-8c6d-7e8f9a0b1c2d/cancel']),
    )
  })

  it('deletes a cancelled invoice permanently, naming the status it saw', async () => {
    signedInAs(mock, admin())
    answerReceivables(mock, [receivableRow({ status: 'CANCELLED', amount_due: 0 })])
    let seen: string | null = null
    mock.use(
      http.delete('/api/receivables/:id', ({ request }) => {
        seen = new URL(request.url).searchParams.get('status')
        return HttpResponse.json({ message: 'Invoice deleted successfully.' })
      }),
    )
    renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const user = userEvent.setup()
    await user.click(await menuItem(user, 'Actions for INV-101', 'Delete Permanently'))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(seen).toBe('CANCELLED'))
  })
})

describe('the search box of an accounts list', { timeout: 30_000 }, () => {
  it('searches 300 ms after the last key and at once when left, keeping keys typed meanwhile, so a page opened then is not cancelled', async () => {
    signedInAs(mock, admin())
    answerReceivables(mock, [receivableRow()])
    const { router } = renderApp(<ReceivablesPage />, {
      path: '/accounts/receivables',
      routes: [{ path: '/tasks', lazy: () => new Promise(() => {}) }],
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Search' }))
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'INV-1')
    await waitFor(() => expect(router.state.location.search).toBe('?searchQuery=INV-1'))

    // More typed at once, then straight to another page whose code is still loading: the keys typed
    // while the list took the first search are kept, and the box is left before the page is asked for.
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '01')
    await user.click(screen.getByRole('table', { name: 'Accounts: Receivables' }))
    expect(router.state.location.search).toBe('?searchQuery=INV-101')
    void router.navigate('/tasks')
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
    expect(router.state.navigation.location?.pathname).toBe('/tasks')
  })
})

describe('a cancelled document', { timeout: 30_000 }, () => {
  const cancelled = payableRow({ status: 'CANCELLED', amount_due: 0, amount_paid: 1000 })
  const late = payableRow({ payable_id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182', vendor_invoice_no: 'BC-78' })

  it('shows no red past-due date in the table; a live bill past its due date does', async () => {
    signedInAs(mock, admin())
    answerPayables(mock, [cancelled, late])
    renderApp(<PayablesPage />, { path: '/accounts/payables' })
    const table = await screen.findByRole('table', { name: 'Accounts: Payables' })
    await within(table).findByText('BC-77')
    const rows = within(table).getAllByRole('row')
    const cancelledRow = rows.find((r) => r.textContent?.includes('BC-77'))!
    const lateRow = rows.find((r) => r.textContent?.includes('BC-78'))!
    expect(cancelledRow.querySelector('[data-past-due]')).toBeNull()
    expect(cancelledRow.textContent).toContain('₹0')
    expect(lateRow.querySelector('[data-past-due]')).not.toBeNull()
  })

  it('shows no red past-due date on a phone card either', async () => {
    display.narrow = true
    signedInAs(mock, admin())
    answerPayables(mock, [cancelled, late])
    renderApp(<PayablesPage />, { path: '/accounts/payables' })
    const list = await screen.findByRole('list', { name: 'Accounts: Payables' })
    await within(list).findByText('BC-77')
    const cards = within(list).getAllByRole('listitem')
    const cancelledCard = cards.find((c) => c.textContent?.includes('BC-77'))!
    const lateCard = cards.find((c) => c.textContent?.includes('BC-78'))!
    expect(cancelledCard.querySelector('[data-past-due]')).toBeNull()
    expect(lateCard.querySelector('[data-past-due]')).not.toBeNull()
  })
})

describe('on a phone', { timeout: 30_000 }, () => {
  it('shows the first invoice before the filters, which fold behind a Filters button', async () => {
    display.narrow = true
    signedInAs(mock, admin())
    answerReceivables(mock, [receivableRow()])
    renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const list = await screen.findByRole('list', { name: 'Accounts: Receivables' })
    expect(await within(list).findByText('INV-101')).toBeTruthy()
    const filters = screen.getByRole('button', { name: 'Filters' })
    expect(filters.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('textbox', { name: 'From' })).toBeNull()
    await userEvent.setup().click(filters)
    expect(await screen.findByRole('textbox', { name: 'From' })).toBeTruthy()
  })

  it('the invoice details show each line item’s Rate and Amount and each payment’s Mode', async () => {
    display.narrow = true
    signedInAs(mock, admin())
    answerReceivables(mock, [receivableRow()])
    mock.use(
      http.get('/api/receivables/:id', () =>
        HttpResponse.json(
          receivableDetail({
            status: 'PARTIALLY_PAID',
            amount_paid: 1000,
            amount_due: 1950,
            payment_details: [
              {
                payment_id: '0f1e2d3c-4b5a-4968-8776-655443322110',
                amount: 1000,
                date: '2026-01-10',
                mode: 'UPI',
                transaction_id: 'UTR-9',
                notes: null,
                recorded_by_username: 'admin',
                recorded_at: '2026-01-10T10:00:00.000Z',
                updated_by_username: 'admin',
                updated_at: '2026-01-10T10:00:00.000Z',
                version: 1,
              },
            ],
          }),
        ),
      ),
    )
    renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const user = userEvent.setup()
    // A tap on the card opens its details.
    const list = await screen.findByRole('list', { name: 'Accounts: Receivables' })
    await user.click(await within(list).findByText('INV-101'))
    const dialog = await screen.findByRole('dialog', { name: 'Invoice Details' })
    const [line] = within(await within(dialog).findByRole('list', { name: 'Line items' })).getAllByRole(
      'listitem',
    )
    expect(within(line!).getByText('Rate').nextSibling?.textContent).toBe('₹1,250')
    expect(within(line!).getByText('Amount').nextSibling?.textContent).toBe('₹2,500')
    const [payment] = within(within(dialog).getByRole('list', { name: 'Payment history' })).getAllByRole(
      'listitem',
    )
    expect(within(payment!).getByText('Mode').nextSibling?.textContent).toBe('UPI')
    expect(within(payment!).getByText('Reference').nextSibling?.textContent).toBe('UTR-9')
  })
})

describe('Record Payment', { timeout: 30_000 }, () => {
  it('refuses more than the amount due with the domain schema’s words, and asks before typed input is thrown away', async () => {
    signedInAs(mock, admin())
    answerReceivables(mock, [receivableRow()])
    let posted = 0
    mock.use(
      http.post('/api/receivables/:id/payments', () => {
        posted++
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const user = userEvent.setup()
    await user.click(await menuItem(user, 'Actions for INV-101', 'Record Payment'))
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment for Invoice #INV-101' })
    const amount = within(dialog).getByRole('textbox', { name: 'Amount Received Now' })
    await user.clear(amount)
    await user.type(amount, '5000')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }))
    expect(await within(dialog).findByText('Payment cannot exceed the amount due.')).toBeTruthy()
    expect(posted).toBe(0)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy()
  })

  /** Fills Record Payment for INV-101 and confirms it into an expired session. */
  async function payIntoExpiredSession() {
    signedInAs(mock, admin())
    answerReceivables(mock, [receivableRow()])
    setSessionExpiredHandler(keepDraftsForExpiredSession)
    session.set({ accessToken: 'expired-access', refreshToken: 'revoked-refresh' })
    mock.use(
      http.post('/api/receivables/:id/payments', () =>
        HttpResponse.json({ error: 'Unauthorized.' }, { status: 401 }),
      ),
      http.post('/api/auth/refresh-token', () =>
        HttpResponse.json({ error: 'Your session has expired. Please log in again.' }, { status: 401 }),
      ),
    )
    const page = renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const user = userEvent.setup()
    await user.click(await menuItem(user, 'Actions for INV-101', 'Record Payment'))
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment for Invoice #INV-101' })
    const amount = within(dialog).getByRole('textbox', { name: 'Amount Received Now' })
    await user.clear(amount)
    await user.type(amount, '1000')
    await user.type(within(dialog).getByRole('textbox', { name: /Transaction ID/ }), 'UTR-77')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }))
    await waitFor(() => expect(session.isAuthenticated()).toBe(false))
    page.unmount()
    session.set({ accessToken: 'new-access', refreshToken: 'new-refresh' })
  }
  const keptDrafts = () => Object.keys(sessionStorage).filter((key) => key.startsWith('daftar.draft:'))

  it('keeps a payment being recorded across an expired session, and opens it again on its invoice', async () => {
    await payIntoExpiredSession()
    mock.use(http.get('/api/receivables/:id', () => HttpResponse.json(receivableDetail())))
    renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment for Invoice #INV-101' })
    expect(
      (within(dialog).getByRole('textbox', { name: 'Amount Received Now' }) as HTMLInputElement).value,
    ).toMatch(/^(₹\s?)?1,?000/)
    expect((within(dialog).getByRole('textbox', { name: /Transaction ID/ }) as HTMLInputElement).value).toBe(
      'UTR-77',
    )
    expect(screen.getByRole('dialog', { name: 'Invoice Details' })).toBeTruthy()
    session.clear()
    setSessionExpiredHandler(() => {})
  })

  it('drops a kept payment whose invoice was paid meanwhile, and shows the invoice as it is now', async () => {
    await payIntoExpiredSession()
    mock.use(
      http.get('/api/receivables/:id', () =>
        HttpResponse.json(receivableDetail({ status: 'PAID', amount_paid: 2950, amount_due: 0 })),
      ),
    )
    renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const details = await screen.findByRole('dialog', { name: 'Invoice Details' })
    await within(details).findByText('Balance Due')
    expect(screen.queryByRole('dialog', { name: 'Record Payment for Invoice #INV-101' })).toBeNull()
    expect(keptDrafts()).toEqual([])
    session.clear()
    setSessionExpiredHandler(() => {})
  })
})
