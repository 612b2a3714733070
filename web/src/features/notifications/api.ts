import type { NotificationPage, UnreadCountResponse } from '@daftar/domain/notifications'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

export type { AppNotification } from '@daftar/domain/notifications'

export const PANEL_PAGE_SIZE = 15
export const ALREADY_READ = 'Notification was already marked as read or no update was needed.'

export const unreadCountQuery = queryOptions({
  queryKey: ['notifications', 'unread-count'],
  queryFn: ({ signal }) => api<UnreadCountResponse>('/notifications/unread-count', { signal }),
  select: (data) => data.unreadCount,
  // Every 30 s and on window focus, never in the background (docs/product.md, "Notifications").
  refetchInterval: 30_000,
  refetchIntervalInBackground: false,
  // A return to the window always asks, however recent the last answer (issue 10, defect 4).
  refetchOnWindowFocus: 'always',
  staleTime: 25_000,
})

export const notificationListQuery = infiniteQueryOptions({
  queryKey: ['notifications', 'list'],
  queryFn: ({ pageParam, signal }) =>
    api<NotificationPage>('/notifications', { query: { page: pageParam, limit: PANEL_PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
})

export const notificationsApi = {
  markRead: (id: number) => api<{ message?: string }>(`/notifications/${id}/read`, { method: 'PUT' }),
  markAllRead: () => api<{ message: string }>('/notifications/read-all', { method: 'PUT' }),
}

/** Caps the badge: 100 and more show as 99+. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count)
}
