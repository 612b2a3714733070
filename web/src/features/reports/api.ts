import { REPORT_PAGE_SIZE, type ReportListQuery, reportEndpoints } from '@daftar/domain/reports'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { ApiError, call } from '../../api/client.ts'

export const reportsKey = ['reports'] as const

/** The list's filters as the API takes them, without the page (the infinite query pages itself). */
export type ReportFilters = Partial<Omit<ReportListQuery, 'page'>>

export function reportListQuery(filters: ReportFilters) {
  return infiniteQueryOptions({
    queryKey: [...reportsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      call(reportEndpoints.list, { query: { ...filters, page: pageParam }, signal }),
    initialPageParam: 1,
    // The next page loads while the last page holds 20 entries and is not the last.
    getNextPageParam: (last) =>
      last.reports.length === REPORT_PAGE_SIZE && last.currentPage < last.totalPages
        ? last.currentPage + 1
        : undefined,
  })
}

export const reportDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...reportsKey, 'detail', id],
    queryFn: ({ signal }) => call(reportEndpoints.detail, { params: { id }, signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  })

/** Open reports addressed to me: the sidebar's count. */
export const openReportCountQuery = queryOptions({
  queryKey: [...reportsKey, 'open-count'],
  queryFn: ({ signal }) => call(reportEndpoints.openCount, { signal }),
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
})
