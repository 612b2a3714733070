import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { screen as display } from '../../../test/setup.ts'
import ReportDetailPage from './ReportDetailPage.tsx'
import { storedReport } from './test-reports.ts'

const mock = startMockApi()

const inventory = storedReport({
  report_type: 'INVENTORY_REQUEST',
  report_data: {
    neededBy: '2026-03-20',
    context: { projectName: 'Ganga STP', projectId: null, clientName: '', projectType: '' },
    description: '',
    items: [
      { itemName: 'Chlorine tablets', size: '', quantity: 40, units: 'kg', moc: '', make: '' },
      { itemName: 'Gauge', size: '4 in', quantity: 2, units: '', moc: 'SS', make: 'Baumer' },
    ],
  },
})

function open(report = inventory) {
  signedInAs(mock, admin())
  mock.use(http.get('/api/reports/:id', () => HttpResponse.json(report)))
  return renderApp(<ReportDetailPage />, {
    path: `/reports/view/${report.report_id}`,
    pattern: '/reports/view/:reportId',
  })
}

describe('the report detail', { timeout: 30_000 }, () => {
  it("shows each requested item as a card on a phone, its blanks as 'N/A'", async () => {
    display.narrow = true
    open()
    const items = within(await screen.findByRole('list', { name: 'Requested Items' })).getAllByRole(
      'listitem',
    )
    expect(items).toHaveLength(2)
    const first = within(items[0]!)
    expect(first.getByText('Chlorine tablets')).toBeTruthy()
    expect(first.getByText('Quantity').nextSibling?.textContent).toBe('40')
    expect(first.getByText('Size').nextSibling?.textContent).toBe('N/A')
    expect(within(items[1]!).getByText('Make').nextSibling?.textContent).toBe('Baumer')
  })

  it('shows its Report ID, who sent it to whom and when, but no raw id', async () => {
    open()
    const details = await screen.findByRole('region', { name: 'Submission Details' })
    expect(within(details).getByText('Asha Verma')).toBeTruthy()
    expect(within(details).getByText('Ravi Kumar')).toBeTruthy()
    expect(within(details).getByText('Report ID').nextSibling?.textContent).toBe('RPT-0007')
    expect(document.body.textContent).not.toContain(inventory.report_id)
  })
})
