import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { preloadFirstScreen } from './app/first-screen.ts'
import { queryClient } from './app/query-client.ts'
import { router } from './app/router.tsx'

const container = document.getElementById('root')!
// The first render waits for the first screen's chunks and data, so that it is the page itself: a
// Suspense fallback committed instead holds the page back for 300 ms after it. On a slow link the
// wait stops after a second and the app's frame shows in skeleton until they come. login.html carries
// the sign-in page pre-rendered and inert (scripts/prerender-login.mjs): there the wait has no limit,
// and the first render replaces the markup with the same page (docs/decisions.md, "The first screen
// in one render").
const FIRST_SCREEN_WAIT_MS = 1000
const prerendered = container.firstElementChild?.hasAttribute('inert') ?? false
// The router loads the address's page itself (its route's `lazy`, app/page-chunk.tsx).
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve()
  const stop = router.subscribe((state) => {
    if (!state.initialized) return
    stop()
    resolve()
  })
})
const firstScreen = Promise.all([
  preloadFirstScreen(window.location.pathname, window.location.search, queryClient),
  routerReady,
])
const ready = prerendered
  ? firstScreen
  : Promise.race([firstScreen, new Promise((resolve) => window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS))])

// A transition, so React renders the first screen in slices that leave the main thread free in
// between instead of one long task (docs/decisions.md, "Performance").
void ready.then(() =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  }),
)
