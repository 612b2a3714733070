import { act, render } from '@testing-library/react'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { useNewPageAtTop } from './new-page-at-top.ts'

function Layout() {
  useNewPageAtTop()
  return <Outlet />
}

let scrolls: MockInstance<typeof window.scrollTo>
beforeEach(() => {
  scrolls = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})
afterEach(() => scrolls.mockRestore())

describe('a new page', () => {
  it('opens at its top after a link, keeps its place for Back and for a change of the query', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/receivables', element: <Link to="/clients">Clients</Link> },
            { path: '/clients', element: <p>Clients</p> },
          ],
        },
      ],
      { initialEntries: ['/receivables'] },
    )
    render(<RouterProvider router={router} />)
    expect(scrolls).not.toHaveBeenCalled()
    await act(() => router.navigate('/clients'))
    expect(scrolls).toHaveBeenCalledExactlyOnceWith({ top: 0 })
    scrolls.mockClear()
    await act(() => router.navigate('/clients?page=2'))
    await act(() => router.navigate(-1))
    await act(() => router.navigate(-1))
    expect(router.state.location.pathname).toBe('/receivables')
    expect(scrolls).not.toHaveBeenCalled()
  })
})
