import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/client.ts'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status > 0 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
})
