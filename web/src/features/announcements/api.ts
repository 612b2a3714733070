import { announcementEndpoints } from '@daftar/domain/announcements'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

export const announcementsKey = ['announcements'] as const

export const announcementsQuery = (page: number) =>
  queryOptions({
    queryKey: [...announcementsKey, 'list', page],
    queryFn: ({ signal }) => call(announcementEndpoints.list, { query: { page }, signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  })

export const announcementQuery = (id: string) =>
  queryOptions({
    queryKey: [...announcementsKey, 'one', id],
    queryFn: ({ signal }) => call(announcementEndpoints.detail, { params: { id }, signal }),
    staleTime: 5 * 60_000,
  })
