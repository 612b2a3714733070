import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { loadLoginPage } from './app/first-screen.ts'

const container = document.getElementById('root')!
// login.html carries the sign-in page pre-rendered and inert (scripts/prerender-login.mjs): the app
// renders once that page's chunk is here, so its first render replaces the markup with the same page,
// not with a loader (docs/decisions.md, "The sign-in page in the HTML").
const prerendered = container.firstElementChild?.hasAttribute('inert') ?? false
const ready = prerendered ? loadLoginPage().catch(() => undefined) : Promise.resolve()

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
