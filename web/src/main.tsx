import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'

// A transition, so React renders the first screen in slices that leave the main thread free in
// between instead of one long task (docs/decisions.md, "Performance (issue 12)").
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
