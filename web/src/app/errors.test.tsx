import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, Suspense, useState } from 'react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorTexts, navigation, page, RouteError, SectionBoundary } from './errors.tsx'
import { theme } from './theme.ts'

function Broken(): never {
  throw new Error('Cannot read properties of null (reading "map")')
}
const MissingChunk = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page-1a2b.js')),
)

/** The app's shape: a frame (header, sidebar) around pages, each page's error inside the frame. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <div>
            <header>Daftar header</header>
            <nav>Sidebar</nav>
            <Suspense fallback={<p>Loading</p>}>
              <Outlet />
            </Suspense>
          </div>
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: 'broken', element: <Broken /> },
              { path: 'updated', element: <MissingChunk /> },
              { path: 'fine', element: <p>Fine page</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  return render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  )
}

function Card({ fail }: { fail: boolean }) {
  if (fail) throw new Error('bad data')
  return <p>Card content</p>
}
function Page() {
  const [fail, setFail] = useState(true)
  return (
    <>
      <h1>Home</h1>
      <SectionBoundary>
        <Card fail={fail} />
      </SectionBoundary>
      <button type="button" onClick={() => setFail(false)}>
        Fix
      </button>
    </>
  )
}

afterEach(() => vi.restoreAllMocks())

describe('errors that keep the app alive', () => {
  it('shows a failed page in words inside the frame, with Reload', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt('/broken')
    expect(await screen.findByText(errorTexts.failed)).toBeTruthy()
    expect(screen.getByText('Daftar header')).toBeTruthy()
    expect(screen.getByText('Sidebar')).toBeTruthy()
    expect(screen.queryByText(/Hey developer/)).toBeNull()
    expect(reload).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: errorTexts.reload }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads once by itself when a chunk of an older version is gone, then says so', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const first = renderAt('/updated')
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    first.unmount()
    // The reload found the chunk still missing: the message, no second reload.
    renderAt('/updated')
    expect(await screen.findByText(errorTexts.updated)).toBeTruthy()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads at the page asked for when its code is missing while the router is still on the way to it', () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
    const open = vi.spyOn(page, 'open').mockImplementation(() => {})
    vi.spyOn(navigation, 'pending').mockReturnValue('/organization/announcements?page=2')
    const missing = new Event('vite:preloadError', { cancelable: true })
    window.dispatchEvent(missing)
    expect(missing.defaultPrevented).toBe(true)
    expect(open).toHaveBeenCalledWith('/organization/announcements?page=2')
    expect(reload).not.toHaveBeenCalled()
    // Once is enough: the same failure right after the reload is left to the page's error boundary.
    const again = new Event('vite:preloadError', { cancelable: true })
    window.dispatchEvent(again)
    expect(again.defaultPrevented).toBe(false)
    expect(open).toHaveBeenCalledTimes(1)
  })

  it("offline, a page whose code could not be fetched says so and does not reload into the browser's error page", async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
    const open = vi.spyOn(page, 'open').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const missing = new Event('vite:preloadError', { cancelable: true })
    window.dispatchEvent(missing)
    expect(missing.defaultPrevented).toBe(false)
    renderAt('/updated')
    expect(await screen.findByText(errorTexts.offline)).toBeTruthy()
    expect(screen.queryByText(errorTexts.updated)).toBeNull()
    expect(reload).not.toHaveBeenCalled()
    expect(open).not.toHaveBeenCalled()
  })

  it('keeps the rest of a page when one part of it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <MantineProvider theme={theme}>
        <Page />
      </MantineProvider>,
    )
    expect(screen.getByText('Home')).toBeTruthy()
    expect(screen.getByText(errorTexts.section)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Fix' }))
    await userEvent.click(screen.getByRole('button', { name: errorTexts.retry }))
    expect(screen.getByText('Card content')).toBeTruthy()
  })

  it('shows the page as usual when nothing fails', async () => {
    renderAt('/fine')
    expect(await screen.findByText('Fine page')).toBeTruthy()
  })
})
