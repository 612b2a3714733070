import type { Home } from '@daftar/domain/home'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import HomePage from './HomePage.tsx'

const mock = startMockApi()

const empty = { count: 0, items: [] }
const nothing: Home = {
  tasks_due_today: empty,
  tasks_overdue: empty,
  my_approvals: empty,
  my_requests: empty,
  open_reports: empty,
  announcements: empty,
}
const me = { full_name: 'Sunil Staff', username: 'sunil', isadmin: false, is_accountant: false }

function answer(home: Home | (() => Response)) {
  mock.use(
    http.get('/api/users/me', () => HttpResponse.json(me)),
    http.get('/api/home', () => (typeof home === 'function' ? home() : HttpResponse.json(home))),
  )
}

const card = (name: string) => screen.getByRole('region', { name })

describe('the home page', { timeout: 30_000 }, () => {
  it('says an empty section is good news, and shows only the sections the answer holds', async () => {
    answer(nothing)
    renderApp(<HomePage />)
    expect(await screen.findByText('Nothing overdue')).toBeTruthy()
    expect(within(card('Due today')).getByText('Nothing due today')).toBeTruthy()
    expect(within(card('Waiting for my approval')).getByText('No approvals waiting')).toBeTruthy()
    expect(within(card('My requests')).getByText('No requests waiting')).toBeTruthy()
    expect(within(card('Open reports for me')).getByText('No open reports')).toBeTruthy()
    expect(within(card('Announcements')).getByText('No announcements yet')).toBeTruthy()
    expect(within(card('Overdue tasks')).getByTestId('section-count').textContent).toBe('0')
    // No admin or Accounts section in the answer: no card for them.
    expect(screen.queryByRole('region', { name: 'Approval queue' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Overdue receivables' })).toBeNull()
    // The task cards open the task list filtered to what they count.
    expect(
      within(card('Overdue tasks'))
        .getByRole('link', { name: 'View all: Overdue tasks' })
        .getAttribute('href'),
    ).toBe('/tasks?tab=my&due=overdue')
    expect(
      within(card('Due today')).getByRole('link', { name: 'View all: Due today' }).getAttribute('href'),
    ).toBe('/tasks?tab=my&due=today')
  })

  it('lists the first items as links with the count, money in Indian notation and the aging bars', async () => {
    answer({
      ...nothing,
      tasks_overdue: {
        count: 7,
        items: [
          {
            id: 't1',
            title: 'Inspect the pump',
            subtitle: 'From Anita Admin',
            url: '/tasks?task=t1',
            date: '2026-03-02',
          },
        ],
      },
      receivables_overdue: {
        count: 1,
        amount: 1250000,
        aging: { current: 0, days_1_30: 1250000, days_31_60: 0, days_61_90: 0, days_over_90: 0 },
        items: [
          {
            id: 'r1',
            title: 'INV-0042',
            subtitle: 'Sunrise Textiles',
            url: '/accounts/receivables?searchQuery=INV-0042',
            date: '2026-03-01',
            amount: 1250000,
          },
        ],
      },
    })
    renderApp(<HomePage />)
    const overdue = await screen.findByRole('region', { name: 'Overdue tasks' })
    expect(within(overdue).getByTestId('section-count').textContent).toBe('7')
    expect(
      within(overdue)
        .getByRole('link', { name: /Inspect the pump/ })
        .getAttribute('href'),
    ).toBe('/tasks?task=t1')
    expect(within(overdue).getByText('6 more')).toBeTruthy()
    const money = card('Overdue receivables')
    expect(within(money).getAllByText('₹12,50,000').length).toBeGreaterThan(1)
    const bars = within(money).getByRole('list', { name: 'Overdue receivables: amount due by age' })
    expect(within(bars).getAllByRole('listitem')).toHaveLength(5)
  })

  it('says beside the bills due this week what is already overdue, and nothing when none is', async () => {
    const bills = (days_1_30: number) => ({
      count: 0,
      amount: 0,
      aging: { current: 19824, days_1_30, days_31_60: 0, days_61_90: 0, days_over_90: 0.1 },
      items: [],
    })
    answer({ ...nothing, payables_due_soon: bills(82305.2) })
    const first = renderApp(<HomePage />)
    await screen.findByRole('region', { name: 'Bills due this week' })
    expect(within(card('Bills due this week')).getByText('₹82,305.30 already overdue')).toBeTruthy()
    first.unmount()
    answer({ ...nothing, payables_due_soon: { ...bills(0), aging: { ...bills(0).aging, days_over_90: 0 } } })
    renderApp(<HomePage />)
    await screen.findByRole('region', { name: 'Bills due this week' })
    expect(within(card('Bills due this week')).queryByText(/already overdue/)).toBeNull()
  })

  it('says the page could not load and tries again when asked', async () => {
    let fail = true
    answer(() => (fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(nothing)))
    renderApp(<HomePage />)
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Nothing overdue')).toBeTruthy()
  })
})
