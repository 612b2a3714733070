import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { theme } from '../src/app/theme.ts'

/**
 * Renders a piece of the app as it runs: Mantine's theme, a fresh query cache, and a data router
 * (the leave guard needs one) at `path`, with `routes` beside it for where the piece may lead.
 * `pattern` is the piece's route when it reads parameters ('/reports/view/:reportId').
 */
export function renderApp(
  element: ReactNode,
  {
    path = '/',
    pattern = new URL(path, 'http://x').pathname,
    routes = [] as RouteObject[],
  }: { path?: string; pattern?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([{ path: pattern, element, errorElement: undefined }, ...routes], {
    initialEntries: [path],
  })
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { ...result, router, queryClient }
}
