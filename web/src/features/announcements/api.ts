import type { Announcement, AnnouncementList } from '@daftar/domain/announcements'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

export const announcementsQuery = (page: number) =>
  queryOptions({
    queryKey: ['announcements', 'list', page],
    queryFn: ({ signal }) => api<AnnouncementList>('/announcements', { query: { page }, signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  })

export const announcementQuery = (id: string) =>
  queryOptions({
    queryKey: ['announcements', 'one', id],
    queryFn: ({ signal }) => api<Announcement>(`/announcements/${id}`, { signal }),
    staleTime: 5 * 60_000,
  })

export interface AnnouncementInput {
  title: string
  content: string
}

export const announcementsApi = {
  create: (input: AnnouncementInput & { is_public: boolean; userIds: string[] }) =>
    api<{ message: string; announcement_id: string }>('/announcements', {
      method: 'POST',
      body: {
        title: input.title,
        content: input.content,
        is_public: input.is_public,
        accessPermissions: input.userIds.map((user_id) => ({ user_id, level: 'READ' })),
      },
    }),
  update: (id: string, input: AnnouncementInput, version: number) =>
    api<{ message: string }>(`/announcements/${id}`, {
      method: 'PUT',
      body: input,
      headers: { 'if-match': String(version) },
    }),
  remove: (id: string) => api<{ message: string }>(`/announcements/${id}`, { method: 'DELETE' }),
}
