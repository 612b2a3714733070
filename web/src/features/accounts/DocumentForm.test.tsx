import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
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
import { AddReceivablePage, EditReceivablePage } from './DocumentPages.tsx'

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

/** A draft invoice as GET /receivables/{id} answers it. */
const draftInvoice = (id: string) => ({
  receivable_id: id,
  client_id: '8f7e6d5c-4b3a-4291-8877-665544332211',
  client_name: 'Sunrise Textiles',
  client_gstin: null,
  invoice_no: 'INV-2026-005',
  invoice_date: '2026-12-01',
  status: 'DRAFT',
  invoice_pdf_s3_key: null,
  do_not_remind: false,
  reminders: [],
  project_id: null,
  project_name: null,
  due_date: '2026-12-31',
  description: null,
  line_items: [
    {
      description: 'Annual water audit',
      sac_code: '998719',
      qty: 1,
      unit: 'Nos',
      rate: 38000,
      gst_rate: 18,
      basic_amount: 38000,
      gst_amount: 6840,
    },
  ],
  gst_type: 'INTERSTATE',
  is_rcm: false,
  subtotal: 38000,
  cgst_amount: 0,
  sgst_amount: 0,
  igst_amount: 6840,
  round_off: 0,
  total_amount: 44840,
  amount_paid: 0,
  amount_due: 44840,
  payment_details: [],
  created_by_username: 'accounts',
  created_at: '2026-12-02T11:34:15.164Z',
  updated_by_username: 'accounts',
  updated_at: '2026-12-02T11:34:15.164Z',
  version: 1,
})

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

  it('keeps an edit across an expired session and opens with it again', async () => {
    signedInAs(mock, admin())
    answerPickers()
    const id = 'da09e6b5-60a7-4d20-abe1-85389117a723'
    mock.use(
      http.get(`/api/receivables/${id}`, () => HttpResponse.json(draftInvoice(id))),
      http.put(`/api/receivables/${id}`, () =>
        HttpResponse.json({ error: 'Unauthorized.' }, { status: 401 }),
      ),
      http.post('/api/auth/refresh-token', () =>
        HttpResponse.json({ error: 'Your session has expired. Please log in again.' }, { status: 401 }),
      ),
    )
    setSessionExpiredHandler(keepDraftsForExpiredSession)
    session.set({ accessToken: 'expired-access', refreshToken: 'revoked-refresh' })
    const where = { path: `/accounts/receivables/${id}/edit`, pattern: '/accounts/receivables/:id/edit' }
    const first = renderApp(<EditReceivablePage />, where)
    const description = await screen.findByRole('textbox', { name: 'Description' })
    fireEvent.change(description, { target: { value: 'Audit of both plants, as agreed on the call.' } })
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(session.isAuthenticated()).toBe(false))
    first.unmount()

    // Signed in again, the form opens with the change that was being made.
    session.set({ accessToken: 'new-access', refreshToken: 'new-refresh' })
    renderApp(<EditReceivablePage />, where)
    await waitFor(async () =>
      expect(
        ((await screen.findByRole('textbox', { name: 'Description' })) as HTMLTextAreaElement).value,
      ).toBe('Audit of both plants, as agreed on the call.'),
    )
    session.clear()
    setSessionExpiredHandler(() => {})
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
