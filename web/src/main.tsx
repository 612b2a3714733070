import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { loadLoginPage } from './app/first-screen.ts'

/**
 * login.html carries the sign-in page pre-rendered and inert, with the CSS it needs inline and the
 * stylesheets only preloaded (scripts/prerender-login.mjs). Before the app's first render they are
 * applied, in the head, in index.html's order, and the login chunk is here, so that the first render
 * replaces the markup with the same page rather than a loader (docs/decisions.md, "The sign-in page in
 * the HTML (issue 12, third round)").
 */
function takeOverPrerenderedPage(): Promise<unknown> {
  const styles = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')]
  const applied = styles.map(
    (link) =>
      new Promise((resolve) => {
        link.addEventListener('load', resolve, { once: true })
        link.addEventListener('error', resolve, { once: true })
        link.rel = 'stylesheet'
      }),
  )
  return Promise.all([...applied, loadLoginPage().catch(() => undefined)])
}

const container = document.getElementById('root')!
const prerendered = container.firstElementChild?.hasAttribute('inert') ?? false
const ready = prerendered ? takeOverPrerenderedPage() : Promise.resolve()

// A transition, so React renders the first screen in slices that leave the main thread free in
// between instead of one long task (docs/decisions.md, "Performance (issue 12)").
void ready.then(() =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  }),
)
