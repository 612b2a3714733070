import { accountsToday } from '@daftar/domain/accounts'
import { configure, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { admin, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { receivablesConfig } from './kinds.ts'
import { RecordPaymentModal } from './PaymentModals.tsx'

const mock = startMockApi()
configure({ asyncUtilTimeout: 5000 })

const today = accountsToday()
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
const invoice = (dated: string) => ({
  id: '3c1f2e4d-5b6a-4798-8a9b-0c1d2e3f4a5b',
  number: 'INV-7',
  due: 1000,
  dated,
})

describe('Record Payment', { timeout: 30_000 }, () => {
  it('says when the payment is dated before the invoice, and still records it', async () => {
    signedInAs(mock, admin())
    let recorded = 0
    mock.use(
      http.post('/api/receivables/:id/payments', () => {
        recorded++
        return HttpResponse.json({ message: 'Payment recorded successfully.' }, { status: 201 })
      }),
    )
    const onClose = vi.fn()
    renderApp(
      <RecordPaymentModal config={receivablesConfig} doc={invoice(dayAfter(today))} onClose={onClose} />,
    )
    const note = await screen.findByRole('status')
    expect(note.textContent).toMatch(
      /^Dated before the invoice date \(\d{2} \w{3} \d{4}\)\. Keep it if it is an advance\.$/,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Payment' }))
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(recorded).toBe(1)
  })

  it('says nothing of the date when the payment is on or after the invoice date', async () => {
    signedInAs(mock, admin())
    renderApp(<RecordPaymentModal config={receivablesConfig} doc={invoice(today)} onClose={vi.fn()} />)
    await screen.findByRole('button', { name: 'Confirm Payment' })
    expect(screen.queryByText(/Dated before/)).toBeNull()
  })
})
