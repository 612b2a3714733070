import type { ProjectInvoice } from '@daftar/domain/billing'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../../test/render.tsx'
import { screen as display } from '../../../../test/setup.ts'
import { InvoiceTable } from './InvoiceTable.tsx'

const invoice: ProjectInvoice = {
  invoice_id: '1f2e3d4c-5b6a-4789-9abc-def012345678',
  project_id: '5c8e1f2a-3b4d-4e6f-9a0b-1c2d3e4f5a6b',
  invoice_no: 'INV-0042',
  title: 'Commissioning milestone',
  description: null,
  amount: 150000,
  cost_incurred: 40000,
  invoice_date: '2026-03-02',
  status: 'PENDING',
  invoice_pdf_s3_key: 'org/documents/inv.pdf',
  transaction_id: null,
  clearance_date: null,
  cleared_by_full_name: null,
  created_by_full_name: 'Anil Admin',
  updated_by_full_name: 'Anil Admin',
  created_at: '2026-03-02T06:30:00.000Z',
  updated_at: '2026-03-02T06:30:00.000Z',
  version: 1,
}

const table = (invoices: ProjectInvoice[] | undefined, loading = false) => (
  <InvoiceTable invoices={invoices} loading={loading} error={null} access="ADMIN" onDialog={() => {}} />
)

describe("a project's Billing table", { timeout: 30_000 }, () => {
  it('on a phone is a card per invoice with its amount, status, PDF and actions', async () => {
    display.narrow = true
    renderApp(table([invoice]))
    const card = within(await screen.findByRole('list', { name: 'Invoices' })).getByRole('listitem')
    expect(card.textContent).toContain('INV-0042')
    expect(card.textContent).toContain('₹1,50,000')
    expect(card.textContent).toContain('PENDING')
    for (const name of [
      'View PDF of invoice INV-0042',
      'Download PDF of invoice INV-0042',
      'Edit invoice INV-0042',
      'Mark invoice INV-0042 as cleared',
      'Delete invoice INV-0042',
    ])
      expect(within(card).getByRole('button', { name })).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('holds room for rows only while it has none: one invoice leaves no tall empty box', async () => {
    const box = () => screen.getByRole('region', { name: 'Invoices (scrolls sideways)' })
    const loading = renderApp(table(undefined, true))
    await screen.findByText('Loading invoices...')
    expect(box().style.minHeight).not.toBe('')
    loading.unmount()
    renderApp(table([invoice]))
    await screen.findByText('INV-0042')
    expect(box().style.minHeight).toBe('')
  })
})
