import { notificationEndpoints } from '@daftar/domain/notifications'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { ApiError, call } from '../../api/client.ts'

export type { AppNotification } from '@daftar/domain/notifications'

export const PANEL_PAGE_SIZE = 15
export const ALREADY_READ = 'Notification was already marked as read or no update was needed.'
export const notificationsKey = ['notifications'] as const

export const unreadCountQuery = queryOptions({
  queryKey: [...notificationsKey, 'unread-count'],
  queryFn: ({ signal }) => call(notificationEndpoints.unreadCount, { signal }),
  select: (data) => data.unreadCount,
  // Every 30 s and on window focus, never in the background (docs/product.md, "Notifications").
  refetchInterval: 30_000,
  refetchIntervalInBackground: false,
  // A return to the window always asks, however recent the last answer.
  refetchOnWindowFocus: 'always',
  staleTime: 25_000,
})

/** A panel someone is looking at says what went wrong after one quick second try, not after ten seconds. */
const QUICK_RETRY_MS = 400

export const notificationListQuery = infiniteQueryOptions({
  queryKey: [...notificationsKey, 'list'],
  queryFn: ({ pageParam, signal }) =>
    call(notificationEndpoints.list, { query: { page: pageParam, limit: PANEL_PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  retry: (failures, error) =>
    !(error instanceof ApiError && error.status > 0 && error.status < 500) && failures < 1,
  retryDelay: QUICK_RETRY_MS,
})

/** Caps the badge: 100 and more show as 99+. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count)
}
