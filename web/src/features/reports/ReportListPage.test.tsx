import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { screen as display } from '../../../test/setup.ts'
import ReportListPage from './ReportListPage.tsx'
import { storedReport } from './test-reports.ts'

const mock = startMockApi()
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function answerReports(reports = [storedReport()]) {
  mock.use(http.get('/api/reports', () => HttpResponse.json({ reports, totalPages: 1, currentPage: 1 })))
}

describe('the report list', { timeout: 30_000 }, () => {
  it('shows From, To, Sent At and Status of every report on a phone, without a sideways swipe', async () => {
    display.narrow = true
    signedInAs(mock, admin())
    answerReports([storedReport(), storedReport({ report_id: 'r2', recipients: [], status: 'CLOSED' })])
    renderApp(<ReportListPage />, { path: '/reports/list/all' })
    const cards = within(await screen.findByRole('list', { name: 'All Reports' })).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const first = within(cards[0]!)
    expect(first.getByRole('link', { name: '02 Mar 2026' }).getAttribute('href')).toBe(
      '/reports/view/3f0e2b7a-9c41-4d8e-a6b2-5e7f1c9d0a11',
    )
    expect(first.getByText('OPEN')).toBeTruthy()
    expect(first.getByText('From').nextSibling?.textContent).toBe('Asha Verma')
    expect(first.getByText('To').nextSibling?.textContent).toBe('Ravi Kumar')
    expect(first.getByText('Report Type').nextSibling?.textContent).toBe('Operations Report')
    expect(within(cards[1]!).getByText('To').nextSibling?.textContent).toBe('Admins Only')
    expect(await screen.findByText("You've reached the end.")).toBeTruthy()
  })

  it('is the list table on a desktop, with the admin actions in each row', async () => {
    signedInAs(mock, admin())
    answerReports()
    renderApp(<ReportListPage />, { path: '/reports/list/all' })
    const table = await screen.findByRole('table', { name: 'All Reports' })
    expect(await within(table).findByRole('button', { name: 'Delete Report' })).toBeTruthy()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Report Type', 'Project Name', 'From', 'To', 'Sent At', 'Status', 'Actions'])
  })

  it('applies a changed date 500 ms later, but not over a report being opened meanwhile', async () => {
    signedInAs(mock, admin())
    answerReports()
    // The report's page is still loading its code when the date settles: the address must not change
    // under it, which would cancel the opening (a click that does nothing).
    const { router } = renderApp(<ReportListPage />, {
      path: '/reports/list/all?startDate=2026-03-01',
      routes: [{ path: '/reports/view/:reportId', lazy: () => new Promise(() => {}) }],
    })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'All Reports' })
    await user.click(screen.getAllByRole('button', { name: 'Clear date' })[0]!)
    void router.navigate('/reports/view/3f0e2b7a-9c41-4d8e-a6b2-5e7f1c9d0a11')
    // The list renders the opening first (at once, in a browser), then the dates settle.
    await act(() => wait(50))
    await act(() => wait(800))
    expect(router.state.navigation.location?.pathname).toBe(
      '/reports/view/3f0e2b7a-9c41-4d8e-a6b2-5e7f1c9d0a11',
    )
    expect(router.state.location.search).toBe('?startDate=2026-03-01')
  })

  it('applies a changed date to the address once it has settled', async () => {
    signedInAs(mock, admin())
    answerReports()
    const { router } = renderApp(<ReportListPage />, { path: '/reports/list/all?startDate=2026-03-01' })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'All Reports' })
    await user.click(screen.getAllByRole('button', { name: 'Clear date' })[0]!)
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 2_000 })
  })
})
