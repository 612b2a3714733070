import type { HistoryEntry } from '@daftar/domain/history'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { HistoryTimeline } from './HistoryTimeline.tsx'

const mock = startMockApi()
const slow = { timeout: 5000 }
const clientId = '5c8e1f2a-3b4d-4e6f-9a0b-1c2d3e4f5a6b'

function entry(id: number, data: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: String(id),
    at: '2026-03-01T10:00:00.000Z',
    actor: { user_id: 'u1', full_name: 'Aditya Mehta' },
    action: 'UPDATE',
    summary: `Updated ${id}`,
    requester: null,
    changes: [],
    detailed: true,
    ...data,
  }
}

describe("a record's History tab", { timeout: 30_000 }, () => {
  it('shows each change with its label, from and to, the requester, and loads the next page after the last entry', async () => {
    signedInAs(mock, admin())
    const cursors: (string | null)[] = []
    const first = [
      entry(40, {
        action: 'APPROVE_UPDATE',
        summary: 'Approved a request to update',
        requester: { user_id: 'u2', full_name: 'Ravi Kumar' },
        changes: [
          { field: 'name', label: 'Client Name', from: 'Kaveri', to: 'Kaveri Looms' },
          {
            field: 'work_order_details.total_value',
            label: 'Work Order › Total Value',
            from: null,
            to: '125000',
          },
          { field: 'status', label: 'Status', from: 'DRAFT', to: 'PARTIALLY_PAID' },
        ],
      }),
      ...Array.from({ length: 19 }, (_, i) => entry(39 - i)),
    ]
    mock.use(
      http.get(`/api/history/CLIENT/${clientId}`, ({ request }) => {
        const before = new URL(request.url).searchParams.get('before')
        cursors.push(before)
        return HttpResponse.json(before ? [entry(5, { summary: 'Created', action: 'CREATE' })] : first)
      }),
    )
    renderApp(<HistoryTimeline entityType="CLIENT" entityId={clientId} />)
    const approved = (await screen.findByText('Approved a request to update', undefined, slow)).closest(
      '[data-testid="history-entry"]',
    ) as HTMLElement
    const view = within(approved)
    expect(view.getByText('Requested by Ravi Kumar')).toBeTruthy()
    expect(view.getByText('Client Name')).toBeTruthy()
    expect(view.getByText('Kaveri')).toBeTruthy()
    expect(view.getByText('Kaveri Looms')).toBeTruthy()
    expect(view.getByText('₹1,25,000')).toBeTruthy()
    expect(view.getByText('Partially paid')).toBeTruthy()
    expect(screen.getAllByTestId('history-entry')).toHaveLength(20)

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Created', undefined, slow)).toBeTruthy()
    expect(cursors).toEqual([null, '21'])
    expect(screen.getAllByTestId('history-entry')).toHaveLength(21)
    // A short page is the last: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says when there is no history, and when an old change kept no details', async () => {
    signedInAs(mock, admin())
    mock.use(http.get(`/api/history/CLIENT/${clientId}`, () => HttpResponse.json([])))
    const { unmount } = renderApp(<HistoryTimeline entityType="CLIENT" entityId={clientId} />)
    expect(await screen.findByText('No history yet.', undefined, slow)).toBeTruthy()
    unmount()
    const old = `${clientId.slice(0, -1)}c`
    mock.use(http.get(`/api/history/CLIENT/${old}`, () => HttpResponse.json([entry(1, { detailed: false })])))
    renderApp(<HistoryTimeline entityType="CLIENT" entityId={old} />)
    expect(
      await screen.findByText(/Changed \(the details of this change were not recorded/, undefined, slow),
    ).toBeTruthy()
  })

  it('says what went wrong and retries', async () => {
    signedInAs(mock, admin())
    let calls = 0
    mock.use(
      http.get(`/api/history/TASK/${clientId}`, () => {
        calls++
        return calls === 1
          ? HttpResponse.json({ error: 'Task not found.' }, { status: 404 })
          : HttpResponse.json([entry(1, { summary: 'Forwarded' })])
      }),
    )
    renderApp(<HistoryTimeline entityType="TASK" entityId={clientId} />)
    expect(await screen.findByText('Task not found.', undefined, slow)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Forwarded', undefined, slow)).toBeTruthy()
  })
})
