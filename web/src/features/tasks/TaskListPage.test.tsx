import { TASK_STATUS, type TaskListRow } from '@daftar/domain/tasks'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import TaskListPage from './TaskListPage.tsx'

const mock = startMockApi()

function row(title: string, chain: string[]): TaskListRow {
  return {
    task_id: title,
    title,
    project: null,
    project_id: null,
    project_readable: false,
    client: null,
    client_id: null,
    client_readable: false,
    assignment_chain: chain,
    cc: [],
    deadline: '2026-11-01',
    added_date: '2026-10-01T10:00:00.000Z',
    status: TASK_STATUS.inProgress,
    category_name: null,
    category_color: null,
  }
}

/** GET /tasks answers by its Due filter, as the server does; the filters asked for, in order. */
function serve() {
  const asked: (string | null)[] = []
  signedInAs(mock, person())
  mock.use(
    http.get('/api/categories', () => HttpResponse.json([])),
    http.get('/api/tasks', ({ request }) => {
      const due = new URL(request.url).searchParams.get('due')
      asked.push(due)
      const tasks = due
        ? [row(`Mine ${due}`, ['ravi', 'asha'])]
        : [row('Mine', ['ravi', 'asha']), row('Handed on', ['asha', 'ravi'])]
      return HttpResponse.json({ tasks, people: {} })
    }),
  )
  return asked
}

const tabCount = (name: string) =>
  within(screen.getByRole('tab', { name: new RegExp(`^${name}`) })).getByText(/^\d+$/).textContent

describe("the task list's Due filter", { timeout: 30_000 }, () => {
  it("opens from the address (a home card's 'View all') and is cleared by the person", async () => {
    const asked = serve()
    const { router } = renderApp(<TaskListPage />, { path: '/tasks?tab=my&due=overdue' })
    expect(await screen.findByText('Mine overdue')).toBeTruthy()
    expect(asked).toEqual(['overdue'])
    expect((screen.getByRole('combobox', { name: 'Due' }) as HTMLInputElement).value).toBe('My overdue tasks')
    expect(tabCount('My Tasks')).toBe('1')
    expect(tabCount('Delegated')).toBe('0')

    // Cleared by choosing it again (the keyboard's way; the mouse has the select's ×): every active
    // task again, and the address keeps the tab but not the filter.
    fireEvent.click(screen.getByRole('combobox', { name: 'Due' }))
    fireEvent.click(await screen.findByRole('option', { name: 'My overdue tasks' }))
    expect(await screen.findByText('Mine')).toBeTruthy()
    expect(asked.at(-1)).toBeNull()
    expect(router.state.location.search).toBe('?tab=my')
    expect(tabCount('Delegated')).toBe('1')
  })

  it('chosen on another tab, it shows My Tasks, where its tasks are, and goes into the address', async () => {
    const asked = serve()
    const { router } = renderApp(<TaskListPage />, { path: '/tasks' })
    fireEvent.click(await screen.findByRole('tab', { name: /^Delegated/ }))
    expect(await screen.findByText('Handed on')).toBeTruthy()
    fireEvent.click(screen.getByRole('combobox', { name: 'Due' }))
    fireEvent.click(await screen.findByRole('option', { name: 'My tasks due today' }))
    expect(await screen.findByText('Mine today')).toBeTruthy()
    expect(screen.getByRole('tab', { name: /^My Tasks/ }).getAttribute('aria-selected')).toBe('true')
    expect(router.state.location.search).toBe('?due=today')
    await waitFor(() => expect(asked).toEqual([null, 'today']))
  })
})
