import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/client.ts'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status > 0 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
      // Offline, a call fails at once with 'No response received from server.' rather than waiting
      // paused behind a spinner.
      networkMode: 'always',
    },
    // A change is never sent later behind the user's back: offline it fails now, and the form keeps
    // its input for the user to send again.
    mutations: { networkMode: 'always', retry: false },
  },
})
