/**
 * The first screen's code and data, asked for all at once when the app starts instead of one after
 * another as each lazy component renders (entry → shell → page → its queries was four round trips
 * before the task list could paint; docs/decisions.md, "Performance"). The router's lazy
 * components use these same chunks (app/page-chunk.tsx), so a chunk asked for here is the one they
 * render, without a loader in between.
 */
import { activeTaskQuery } from '@daftar/domain/tasks'
import type { QueryClient } from '@tanstack/react-query'
import { session } from '../api/session.ts'
import { categoriesQuery, meQuery } from '../api/shared-queries.ts'
import { activeTasksQuery } from '../features/tasks/api.ts'
import { parseListState } from '../ui/list/use-list-state.ts'
import { chunk } from './page-chunk.tsx'

export const loginPage = chunk(() => import('../features/auth/LoginPage.tsx'))
export const appLayout = chunk(() => import('./shell/AppLayout.tsx'))
export const homePage = chunk(() => import('../features/home/HomePage.tsx'))
export const taskListPage = chunk(() => import('../features/tasks/TaskListPage.tsx'))

/**
 * Asks for the first screen's chunks and data together, and answers once all are here (never with
 * an error: a chunk that fails to load fails again in its route, where the error boundary shows it).
 */
export function preloadFirstScreen(
  pathname: string,
  search: string,
  queryClient: QueryClient,
): Promise<unknown> {
  // Signed out, every address leads to /login (app/guards.tsx).
  if (!session.isAuthenticated()) return loginPage.preload().catch(() => undefined)
  const wanted: Promise<unknown>[] = [appLayout.preload(), queryClient.prefetchQuery(meQuery)]
  // `/?task=…` is an old link to the task list (app/router.tsx).
  if (pathname === '/tasks' || (pathname === '/' && new URLSearchParams(search).has('task'))) {
    // The categories name the filter's choices.
    wanted.push(
      taskListPage.preload(),
      // The list's Due filter is in the address when a home card's 'View all' opened it.
      queryClient.prefetchQuery(
        activeTasksQuery(parseListState(activeTaskQuery, new URLSearchParams(search))),
      ),
      queryClient.prefetchQuery(categoriesQuery),
    )
  } else if (pathname === '/') {
    wanted.push(
      homePage.preload(),
      // Its query through its own small chunk, asked for beside the page's: imported here, the home
      // contract (and the accounts' aging it names) would weigh on the sign-in page's entry.
      import('../features/home/api.ts').then(({ homeQuery }) => queryClient.prefetchQuery(homeQuery)),
    )
  }
  return Promise.all(wanted).catch(() => undefined)
}
