import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { ReceivablesPage } from './AccountsListPage.tsx'
import { answerReceivables, receivableRow } from './test-accounts.ts'

const mock = startMockApi()

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
    await user.click(await screen.findByRole('button', { name: 'Actions for INV-101' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel Invoice' }))
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
    await user.click(await screen.findByRole('button', { name: 'Actions for INV-101' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Permanently' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(seen).toBe('CANCELLED'))
  })
})
