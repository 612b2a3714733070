/**
 * The sign-in page rendered to HTML at build time (scripts/prerender-login.mjs writes it into
 * login.html), so that /login paints before the app's JavaScript has downloaded: the same components
 * and theme as the app renders, so the markup cannot drift from the React page (docs/decisions.md,
 * "The sign-in page in the HTML").
 */
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { SESSION_KEYS } from '../../api/session.ts'
import { cssVariablesResolver, theme } from '../../app/theme.ts'
import { SESSION_EXPIRED_KEY } from '../../ui/drafts.ts'
import LoginPage from './LoginPage.tsx'

export function renderLoginPage(): string {
  // In a router at /login, as in the app: the form hook asks the router whether the page is left.
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage prerendered /> }], {
    initialEntries: ['/login'],
  })
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
}

/**
 * What login.html's boot script reads before the first paint: a stored access token (a signed-in
 * visitor goes on to /) and the mark of a session that has just expired (its notice is shown).
 */
export const bootKeys = { accessToken: SESSION_KEYS.access, sessionExpired: SESSION_EXPIRED_KEY }
