import { billingMessages, type ProjectInvoice } from '@daftar/domain/billing'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../../test/render.tsx'
import { startMockApi } from '../../../../test/server.ts'
import { DeleteInvoiceModal } from './DeleteInvoiceModal.tsx'
import { EditInvoiceModal } from './EditInvoiceModal.tsx'
import { StatusModal } from './StatusModal.tsx'

const mock = startMockApi()
const slow = { timeout: 5000 }
const invoice: ProjectInvoice = {
  invoice_id: '1f2e3d4c-5b6a-4789-9abc-def012345678',
  project_id: '5c8e1f2a-3b4d-4e6f-9a0b-1c2d3e4f5a6b',
  invoice_no: 'INV-0042',
  title: 'Commissioning milestone',
  description: null,
  amount: 150000,
  cost_incurred: null,
  invoice_date: '2026-03-02',
  status: 'PENDING',
  invoice_pdf_s3_key: 'org/documents/inv.pdf',
  transaction_id: null,
  clearance_date: null,
  cleared_by_full_name: null,
  created_by_full_name: null,
  updated_by_full_name: null,
  created_at: '2026-03-02T06:30:00.000Z',
  updated_at: '2026-03-02T06:30:00.000Z',
  version: 3,
}

describe('Edit Invoice', { timeout: 30_000 }, () => {
  it("refuses a blank title with the spec's line, then saves once for a double click with the invoice's version", async () => {
    const sent: { body: unknown; ifMatch: string | null }[] = []
    mock.use(
      http.put('/api/billing/invoice/:id', async ({ request }) => {
        sent.push({ body: await request.json(), ifMatch: request.headers.get('if-match') })
        await new Promise((r) => setTimeout(r, 50))
        return HttpResponse.json({ message: 'Invoice updated successfully!' })
      }),
    )
    const onSaved = vi.fn()
    renderApp(<EditInvoiceModal invoice={invoice} onClose={() => {}} onSaved={onSaved} />)
    const dialog = await screen.findByRole('dialog', { name: 'Edit Invoice INV-0042' }, slow)
    const title = within(dialog).getByRole('textbox', { name: /^Title/ })
    await userEvent.clear(title)
    const save = within(dialog).getByRole('button', { name: 'Save Changes' })
    await userEvent.click(save)
    expect(
      await within(dialog).findByText(
        'Invoice No, Title, Amount, and Date are required fields.',
        undefined,
        slow,
      ),
    ).toBeTruthy()
    expect(sent).toHaveLength(0)
    await userEvent.type(title, 'Final milestone')
    fireEvent.click(save)
    fireEvent.click(save)
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled(), slow)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ body: { title: 'Final milestone', amount: 150000 }, ifMatch: '3' })
  })

  it('Delete Invoice asks for the password first, then hands it over once for a double click', async () => {
    const onConfirm = vi.fn()
    renderApp(<DeleteInvoiceModal invoice={invoice} onClose={() => {}} onConfirm={onConfirm} />)
    const dialog = await screen.findByRole('dialog', { name: 'Delete Invoice' }, slow)
    const remove = within(dialog).getByRole('button', { name: 'Delete' })
    await userEvent.click(remove)
    expect(await within(dialog).findByText(billingMessages.passwordRequired, undefined, slow)).toBeTruthy()
    expect(onConfirm).not.toHaveBeenCalled()
    await userEvent.type(within(dialog).getByLabelText(/Your password/), 'Demo@1234')
    fireEvent.click(remove)
    fireEvent.click(remove)
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1), slow)
    expect(onConfirm).toHaveBeenCalledWith('Demo@1234')
  })
})

describe('Mark Invoice as Cleared', { timeout: 30_000 }, () => {
  it('sends the clearance date and the transaction id typed, then refreshes the tab and closes', async () => {
    const sent: unknown[] = []
    mock.use(
      http.put('/api/billing/invoice/:id/status', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ message: 'Invoice status updated successfully!' })
      }),
    )
    const onSaved = vi.fn()
    const onClose = vi.fn()
    renderApp(<StatusModal invoice={invoice} onClose={onClose} onSaved={onSaved} />)
    const dialog = await screen.findByRole('dialog', { name: 'Mark Invoice as Cleared' }, slow)
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Transaction ID' }), 'UTR-778899')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Cleared' }))
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), slow)
    expect(onSaved).toHaveBeenCalled()
    expect(sent).toEqual([expect.objectContaining({ status: 'CLEARED', transaction_id: 'UTR-778899' })])
  })
})
