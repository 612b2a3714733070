import type { SearchResult } from '@daftar/domain/search'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import SearchPage from './SearchPage.tsx'
import { SearchTrigger } from './SearchTrigger.tsx'

const mock = startMockApi()

const results: SearchResult[] = [
  {
    type: 'client',
    id: 'c1',
    title: 'Ganga Water Works',
    subtitle: 'CL-0002 · 09AABCG5678B1ZL',
    url: '/clients/c1',
    matched: 'gstin',
  },
  {
    type: 'task',
    id: 't1',
    title: 'Submit report for Ganga STP',
    subtitle: 'In Progress',
    url: '/tasks?task=t1',
    matched: 'title',
  },
]

function answer(reply: SearchResult[] | (() => Response)) {
  const asked: string[] = []
  mock.use(
    http.get('/api/search', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '')
      return typeof reply === 'function' ? reply() : HttpResponse.json({ results: reply })
    }),
  )
  return asked
}

const opened = (path: string) => ({ path, element: <p>Opened {path}</p> })

describe('the search palette', { timeout: 30_000 }, () => {
  it('opens with Ctrl-K, groups the results by type, walks them with the arrow keys and opens one with Enter', async () => {
    const asked = answer(results)
    const user = userEvent.setup()
    const { router } = renderApp(<SearchTrigger />, { routes: [opened('/clients/:id'), opened('/tasks')] })
    await user.keyboard('{Control>}k{/Control}')
    const box = await screen.findByRole('combobox', { name: 'Search words' })
    await user.type(box, 'Ganga')
    const list = await screen.findByRole('listbox', { name: 'Search results' })
    // Tasks come first, then clients, whatever the answer's order.
    const options = within(list).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Submit report for Ganga STP'),
      expect.stringContaining('Ganga Water Works'),
    ])
    expect(within(list).getByRole('group', { name: 'Clients' })).toBeTruthy()
    expect(options[0]!.getAttribute('aria-selected')).toBe('true')
    // The words are marked; a matched field the line does not show is named.
    expect(options[1]!.querySelector('mark')?.textContent).toBe('Ganga')
    expect(within(options[1]!).getByText('GSTIN')).toBeTruthy()
    // The words were sent once typing paused, not once a key.
    expect(asked).toEqual(['Ganga'])
    await user.keyboard('{ArrowDown}')
    expect(options[1]!.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says when nothing is found, asks for two characters, and shows a failure', async () => {
    answer([])
    const user = userEvent.setup()
    renderApp(<SearchTrigger />)
    await user.click(screen.getByRole('button', { name: 'Search everything' }))
    const box = await screen.findByRole('combobox', { name: 'Search words' })
    await user.type(box, 'g')
    expect(screen.getByText(/Type at least two characters/)).toBeTruthy()
    await user.type(box, 'z')
    expect((await screen.findByRole('status')).textContent).toBe('Nothing found for “gz”.')
    answer(() => HttpResponse.json({ error: 'Search is resting.' }, { status: 500 }))
    await user.type(box, 'q')
    expect((await screen.findByRole('alert')).textContent).toContain('Search is resting.')
  })

  it("'See all results' opens the page, which shows the same groups for the address's words", async () => {
    answer(results)
    const user = userEvent.setup()
    const { router } = renderApp(<SearchTrigger />, {
      routes: [{ path: '/search', element: <SearchPage /> }],
    })
    await user.keyboard('{Control>}k{/Control}')
    await user.type(await screen.findByRole('combobox', { name: 'Search words' }), 'Ganga')
    await user.click(await screen.findByRole('button', { name: 'See all results' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=Ganga'))
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy()
    expect((await screen.findAllByRole('option')).length).toBe(2)
    expect((screen.getByRole('combobox', { name: 'Search words' }) as HTMLInputElement).value).toBe('Ganga')
  })
})
