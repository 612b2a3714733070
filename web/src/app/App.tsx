import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { ErrorBoundary } from 'react-error-boundary'
import { setSessionExpiredHandler, setSignedOutHandler } from '../api/client.ts'
import { keepDraftsForExpiredSession } from '../ui/drafts.ts'
import { queryClient } from './query-client.ts'
import { router } from './router.tsx'
import { CatchingUpRouterProvider } from './router-provider.tsx'
import { cssVariablesResolver, theme } from './theme.ts'

// When the session ends for good, nothing of the previous user stays in memory.
setSignedOutHandler(() => queryClient.clear())
// An expired session keeps the open forms' drafts and the page, to come back to after signing in.
setSessionExpiredHandler(keepDraftsForExpiredSession)

const loadToasts = () => import('./Toasts.tsx')

/**
 * The toast container loads once the page has loaded and the browser is idle, so its code does not
 * compete with the first screen's. A toast asked for before then shows when it mounts. If its code
 * cannot be fetched (the connection dropped first), the app goes on without it and asks again once
 * the connection is back.
 */
function LateToasts() {
  const [ready, setReady] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt needs a new lazy component
  const Toasts = useMemo(() => lazy(loadToasts), [attempt])
  useEffect(() => {
    let idle = 0
    const start = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setReady(true), { timeout: 1000 })
        : window.setTimeout(() => setReady(true), 200)
    }
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    return () => {
      window.removeEventListener('load', start)
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [])
  const retryOnline = () => window.addEventListener('online', () => setAttempt((n) => n + 1), { once: true })
  return ready ? (
    <ErrorBoundary fallback={null} onError={retryOnline} resetKeys={[attempt]}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ErrorBoundary>
  ) : null
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <LateToasts />
      <QueryClientProvider client={queryClient}>
        <CatchingUpRouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  )
}
