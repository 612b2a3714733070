import { registerListQuery } from '@daftar/domain/registers'
import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { renderApp } from '../../../test/render.tsx'
import { useListState } from './use-list-state.ts'

const query = registerListQuery(['name_asc', 'name_desc'] as const, 'name_asc').pipe(
  z.object({
    page: z.number(),
    searchQuery: z.string(),
    sortBy: z.enum(['name_asc', 'name_desc']),
  }),
)
const filtered = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: z.enum(['OPEN', 'CLOSED']).optional(),
})

let latest: ReturnType<typeof useListState<typeof query>>
function Probe() {
  latest = useListState(query)
  return <p data-testid="state">{JSON.stringify(latest.state)}</p>
}
let latestFiltered: ReturnType<typeof useListState<typeof filtered>>
function FilteredProbe() {
  latestFiltered = useListState(filtered)
  return <p data-testid="state">{JSON.stringify(latestFiltered.state)}</p>
}

const shown = () => JSON.parse(screen.getByTestId('state').textContent!)

describe('the list state in the address', () => {
  it("reads page, search and sort through the list's schema, with its defaults", () => {
    renderApp(<Probe />, { path: '/clients?page=3&searchQuery=acme&sortBy=name_desc' })
    expect(shown()).toEqual({ page: 3, searchQuery: 'acme', sortBy: 'name_desc' })
  })

  it('drops what the schema refuses instead of failing the page', () => {
    const { unmount } = renderApp(<Probe />, { path: '/clients?page=abc&sortBy=dropped_table' })
    expect(shown()).toEqual({ page: 1, searchQuery: '', sortBy: 'name_asc' })
    unmount()
    renderApp(<FilteredProbe />, { path: '/reports?status=MAYBE&page=2' })
    expect(shown()).toEqual({ page: 2 })
  })

  it('writes only what differs from the defaults, back to page 1 on any other change, keeping other keys', async () => {
    const { router } = renderApp(<Probe />, { path: '/clients?page=4&task=t1' })
    await act(() => latest.set({ searchQuery: 'pump' }))
    expect(router.state.location.search).toBe('?task=t1&searchQuery=pump')
    await act(() => latest.setPage(2))
    await act(() => latest.set({ sortBy: 'name_asc' }))
    expect(router.state.location.search).toBe('?task=t1&searchQuery=pump')
    expect(shown()).toEqual({ page: 1, searchQuery: 'pump', sortBy: 'name_asc' })
    expect(latest.filtered).toBe(true)
  })

  it('keeps a change still on its way when the next comes: a sort, then at once a page', async () => {
    const { router } = renderApp(<Probe />, { path: '/clients?task=t1' })
    await act(async () => {
      latest.set({ sortBy: 'name_desc' })
      latest.setPage(2)
    })
    expect(router.state.location.search).toBe('?task=t1&sortBy=name_desc&page=2')
    expect(shown()).toEqual({ page: 2, searchQuery: '', sortBy: 'name_desc' })
  })
})
