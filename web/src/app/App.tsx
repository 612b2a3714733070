import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import { setSessionExpiredHandler, setSignedOutHandler } from '../api/client.ts'
import { keepDraftsForExpiredSession } from '../ui/drafts.ts'
import { TOAST_MS } from '../ui/notify.ts'
import { queryClient } from './query-client.ts'
import { router } from './router.tsx'
import { cssVariablesResolver, theme } from './theme.ts'

// When the session ends for good, nothing of the previous user stays in memory.
setSignedOutHandler(() => queryClient.clear())
// An expired session keeps the open forms' drafts and the page, to come back to after signing in.
setSessionExpiredHandler(keepDraftsForExpiredSession)

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* Bottom-right: toasts never cover the header's bell and menu (issue 10, polish). */}
      <Notifications position="bottom-right" autoClose={TOAST_MS} limit={4} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  )
}
