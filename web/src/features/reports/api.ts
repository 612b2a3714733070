import type {
  MessageResponse,
  Report,
  ReportCreateInput,
  ReportList,
  ReportSort,
  ReportStatus,
} from '@daftar/domain'
import { REPORT_PAGE_SIZE } from '@daftar/domain/reports'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

export const reportsKey = ['reports'] as const

/** The list's filters (docs/product.md, "Staff reports"); reportType undefined is 'all'. */
export interface ReportFilters {
  reportType?: string
  startDate: string
  endDate: string
  status: ReportStatus | ''
  sortBy: ReportSort
}

export function reportListQuery(filters: ReportFilters) {
  return infiniteQueryOptions({
    queryKey: [...reportsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api<ReportList>('/reports', { query: { ...filters, page: pageParam }, signal }),
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
    queryFn: ({ signal }) => api<Report>(`/reports/${id}`, { signal }),
    retry: (failures, error) => (error as { status?: number }).status !== 404 && failures < 2,
  })

/** Open reports addressed to me: the sidebar's count. */
export const openReportCountQuery = queryOptions({
  queryKey: [...reportsKey, 'open-count'],
  queryFn: ({ signal }) => api<{ count: number }>('/reports/open-count', { signal }),
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
})

type Changed = MessageResponse & { report: Report }

export const reportsApi = {
  create: (body: ReportCreateInput) =>
    api<MessageResponse & { report_id: string }>('/reports', { method: 'POST', body }),
  feedback: (id: string, feedback: string) =>
    api<Changed>(`/reports/${id}/feedback`, { method: 'PUT', body: { feedback } }),
  close: (id: string) => api<Changed>(`/reports/${id}/status`, { method: 'PUT', body: { status: 'CLOSED' } }),
  remove: (id: string) => api<MessageResponse>(`/reports/${id}`, { method: 'DELETE' }),
}
