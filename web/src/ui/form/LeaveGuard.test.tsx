import { MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { theme } from '../../app/theme.ts'
import { LeaveGuard } from './LeaveGuard.tsx'

interface Gate {
  opened: boolean
  pending: Promise<void>
  open(): void
}

/** What a page still getting ready (its data, say) waits for: it suspends until `open` is called. */
function gate(): Gate {
  const g: Gate = { opened: false, pending: Promise.resolve(), open: () => {} }
  g.pending = new Promise<void>((resolve) => {
    g.open = () => {
      g.opened = true
      resolve()
    }
  })
  return g
}

function SlowPage({ until }: { until: Gate }) {
  if (!until.opened) throw until.pending
  return <p>Slow page</p>
}

/** The app's shape: pages inside a frame whose Suspense boundary is already on screen. */
function renderForm(slow = gate(), form = <LeaveGuard when />) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <Outlet />
          </Suspense>
        ),
        children: [
          {
            path: 'form',
            element: (
              <>
                <p>Form page</p>
                {form}
              </>
            ),
          },
          { path: 'slow', element: <SlowPage until={slow} /> },
          { path: 'other', element: <p>Other page</p> },
        ],
      },
    ],
    { initialEntries: ['/form'] },
  )
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return router
}

const leaveDialog = () => screen.findByRole('dialog', { name: 'Leave this page?' })

describe('LeaveGuard', () => {
  it('asks for any of several forms on one page, whichever of them has unsaved input', async () => {
    for (const dirty of [0, 1, 2]) {
      const forms = (
        <>
          {[0, 1, 2].map((i) => (
            <LeaveGuard key={i} when={i === dirty} />
          ))}
        </>
      )
      const router = renderForm(gate(), forms)
      await act(() => router.navigate('/other'))
      await userEvent.click(within(await leaveDialog()).getByRole('button', { name: 'Stay' }))
      expect(router.state.location.pathname, `form ${dirty}`).toBe('/form')
      cleanup()
    }
  })

  it('lets a page of clean forms be left without a question', async () => {
    const router = renderForm(
      gate(),
      <>
        <LeaveGuard when={false} />
        <LeaveGuard when={false} />
      </>,
    )
    await act(() => router.navigate('/other'))
    expect(router.state.location.pathname).toBe('/other')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks before a form with unsaved input is left, and stays when told', async () => {
    const router = renderForm()
    await act(() => router.navigate('/other'))
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: 'Stay' }))
    expect(router.state.location.pathname).toBe('/form')
    expect(screen.getByText('Form page')).toBeDefined()
  })

  it('stops no later navigation once left, while the next page still renders behind the form', async () => {
    // React Router commits a navigation in a transition: while the next page is not ready, React keeps
    // the form on screen, its blocker registered, although the address has moved on. A link followed
    // then must go where it leads, not be held by the form already left and dropped when it unmounts.
    const slow = gate()
    const router = renderForm(slow)
    await act(() => router.navigate('/slow'))
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }))
    expect(router.state.location.pathname).toBe('/slow')
    expect(screen.getByText('Form page')).toBeDefined()

    await act(() => router.navigate('/other'))
    expect(router.state.location.pathname).toBe('/other')
    expect(await screen.findByText('Other page')).toBeDefined()
    act(() => slow.open())
  })
})
