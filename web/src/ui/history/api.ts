import type { ExportFormat } from '@daftar/domain/export-query'
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityQuery,
  HISTORY_PAGE_SIZE,
  type HistoryEntityType,
  historyEndpoints,
} from '@daftar/domain/history'
import { infiniteQueryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

export { ACTIVITY_PAGE_SIZE }

/** Every History tab's queries start here: a change anywhere may add an entry (refetched on open). */
export const historyKey = ['history'] as const

/** A record's History, newest first, a page at a time: the next page starts after the last entry shown. */
export const historyQuery = (entityType: HistoryEntityType, id: string) =>
  infiniteQueryOptions({
    queryKey: [...historyKey, entityType, id],
    queryFn: ({ pageParam, signal }) =>
      call(historyEndpoints.history, {
        params: { entityType, id },
        query: { limit: HISTORY_PAGE_SIZE, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length < HISTORY_PAGE_SIZE ? undefined : last.at(-1)?.id),
    // Opening the tab again shows what happened meanwhile.
    staleTime: 0,
  })

export type ActivityFilters = Omit<Partial<ActivityQuery>, 'page'>

export const activityQuery = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: [...historyKey, 'activity', filters],
    queryFn: ({ pageParam, signal }) =>
      call(historyEndpoints.activity, { query: { ...filters, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    staleTime: 0,
  })

export const exportActivity = (filters: ActivityFilters, format: ExportFormat) =>
  call(historyEndpoints.activityExport, { query: { ...filters, format } })
