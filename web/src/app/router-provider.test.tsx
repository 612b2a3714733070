import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createMemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CatchingUpRouterProvider } from './router-provider.tsx'

/**
 * Rendered after the provider: calls `then` and keeps the render going past React's time slice, so
 * that React yields (and the promises settle) between the provider's render and the commit.
 */
function SlowSibling({ then }: { then: () => void }) {
  then()
  const end = performance.now() + 40
  while (performance.now() < end) {}
  return null
}

const Skeleton = () => <p>Loading Daftar</p>
const Page = () => <p>The page</p>

describe('the router at the start', () => {
  it('shows the page when the router finishes loading it between the first render and its commit', async () => {
    // Real time slices, not act()'s synchronous ones.
    const acting = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    const before = acting.IS_REACT_ACT_ENVIRONMENT
    acting.IS_REACT_ACT_ENVIRONMENT = false
    let finish = () => {}
    const loaded = new Promise<void>((resolve) => (finish = resolve))
    const router = createMemoryRouter([
      {
        path: '/',
        HydrateFallback: Skeleton,
        lazy: async () => {
          await loaded
          return { Component: Page }
        },
      },
    ])
    // main.tsx listens for the router's first load, to render when it is ready or after a second.
    const stop = router.subscribe((state) => state.initialized && stop())
    const container = document.createElement('div')
    const root = createRoot(container)
    let renderedBeforeLoad = false
    startTransition(() =>
      root.render(
        <>
          <CatchingUpRouterProvider router={router} />
          <SlowSibling
            then={() => {
              renderedBeforeLoad ||= !router.state.initialized
              finish()
            }}
          />
          <span />
        </>,
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    try {
      expect(renderedBeforeLoad).toBe(true)
      expect(router.state.initialized).toBe(true)
      expect(container.textContent).toBe('The page')
    } finally {
      root.unmount()
      acting.IS_REACT_ACT_ENVIRONMENT = before
    }
  })
})
