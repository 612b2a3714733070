/**
 * The sign-in page rendered to HTML at build time (scripts/prerender-login.mjs writes it into
 * login.html), so that /login paints before the app's JavaScript has downloaded: the same components
 * and theme as the app renders, so the markup cannot drift from the React page (docs/decisions.md,
 * "The sign-in page in the HTML (issue 12, third round)").
 */
import { MantineProvider } from '@mantine/core'
import { renderToString } from 'react-dom/server'
import { cssVariablesResolver, theme } from '../../app/theme.ts'
import LoginPage from './LoginPage.tsx'

export function renderLoginPage(): string {
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <LoginPage />
    </MantineProvider>,
  )
}
