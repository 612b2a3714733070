/**
 * The first screen's code and data, asked for all at once when the app starts instead of one after
 * another as each lazy component renders (entry → shell → page → its queries was four round trips
 * before the task list could paint; docs/decisions.md, "Performance"). The router's lazy
 * components use these same loaders, so a chunk asked for here is the one they render.
 */
import type { QueryClient } from '@tanstack/react-query'
import { session } from '../api/session.ts'
import { meQuery } from '../api/shared-queries.ts'
import { activeTasksQuery } from '../features/tasks/api.ts'

type LoginPageModule = typeof import('../features/auth/LoginPage.tsx')
let loginPageModule: LoginPageModule | undefined
export const loadLoginPage = () =>
  import('../features/auth/LoginPage.tsx').then((module) => (loginPageModule = module))
/**
 * The sign-in page's loader for React.lazy: once its chunk is here, a thenable that answers at once,
 * so that React renders the page in the same pass instead of its Suspense fallback first. Over the
 * pre-rendered page of login.html that fallback would swap the page for a spinner for a moment
 * (docs/decisions.md, "The sign-in page in the HTML").
 */
export const lazyLoginPage = (): Promise<LoginPageModule> => {
  const loaded = loginPageModule
  if (!loaded) return loadLoginPage()
  // biome-ignore lint/suspicious/noThenProperty: a thenable React.lazy reads synchronously, on purpose
  const settled = { then: (resolve: (module: LoginPageModule) => void) => resolve(loaded) }
  return settled as unknown as Promise<LoginPageModule>
}
export const loadAppLayout = () => import('./shell/AppLayout.tsx')
export const loadHomePage = () => import('../features/home/HomePage.tsx')
export const loadTaskListPage = () => import('../features/tasks/TaskListPage.tsx')

export function preloadFirstScreen(pathname: string, search: string, queryClient: QueryClient) {
  // Signed out, every address leads to /login (app/guards.tsx).
  if (!session.isAuthenticated()) {
    void loadLoginPage()
    return
  }
  void loadAppLayout()
  void queryClient.prefetchQuery(meQuery)
  // `/?task=…` is an old link to the task list (app/router.tsx).
  if (pathname === '/tasks' || (pathname === '/' && new URLSearchParams(search).has('task'))) {
    void loadTaskListPage()
    void queryClient.prefetchQuery(activeTasksQuery)
  } else if (pathname === '/') {
    void loadHomePage()
    // Its query through its own small chunk, asked for beside the page's: imported here, the home
    // contract (and the accounts' aging it names) would weigh on the sign-in page's entry.
    void import('../features/home/api.ts').then(({ homeQuery }) => queryClient.prefetchQuery(homeQuery))
  }
}
