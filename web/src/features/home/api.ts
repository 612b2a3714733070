import { type Home, homeEndpoints } from '@daftar/domain/home'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

export type { Home }

export const homeKey = ['home'] as const

/** How often the home page asks again while it is open: the bell's beat. */
export const HOME_REFRESH_MS = 30_000

/**
 * Every section in one request. Like the active task list it refreshes on the bell's 30 s beat, when
 * the window regains focus and when the bell counts a new notification (NotificationBell); it is
 * asked again each time the page opens, since what it summarises changes on every other page, unless
 * its answer is under two seconds old: the first screen's, asked for beside the page's code
 * (app/first-screen.ts), is not asked for again as the page mounts.
 */
export const homeQuery = queryOptions({
  queryKey: homeKey,
  queryFn: ({ signal }) => call(homeEndpoints.home, { signal }),
  staleTime: 2_000,
  refetchInterval: HOME_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
})
