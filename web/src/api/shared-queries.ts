/** Queries used across features: the current user, the user list, categories and signed file URLs. */
import type { BucketType, Category, CurrentUser, User } from '@daftar/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from './client.ts'

const MINUTE = 60_000

export type Me = CurrentUser

export const meQuery = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: ({ signal }) => api<Me>('/users/me', { signal }),
  staleTime: 5 * MINUTE,
  // Up to 2 retries, never after a 401 (the session is gone).
  retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 2,
})

export const usersQuery = queryOptions({
  queryKey: ['users', 'list'],
  queryFn: ({ signal }) => api<User[]>('/users', { signal }),
  staleTime: 10 * MINUTE,
})

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => api<Category[]>('/categories', { signal }),
  staleTime: 10 * MINUTE,
})

/** Signed URLs live 10 minutes on the server; keep them 5 here. */
export function presignedUrlQuery(key: string | null | undefined, bucketType: BucketType, download = false) {
  return queryOptions({
    queryKey: ['presigned', bucketType, key, download],
    queryFn: ({ signal }) =>
      api<{ url: string }>('/get-presigned-url', {
        query: { key: key!, bucketType, download: download || undefined },
        signal,
      }),
    enabled: Boolean(key),
    staleTime: 5 * MINUTE,
    gcTime: 9 * MINUTE,
    select: (data) => data.url,
  })
}

export function useMe() {
  return useQuery(meQuery)
}

export function usePhotoUrl(key: string | null | undefined): string | undefined {
  const isFullUrl = Boolean(key && /^https?:\/\//.test(key))
  const query = useQuery({ ...presignedUrlQuery(isFullUrl ? null : key, 'displayPicture') })
  return isFullUrl ? key! : query.data
}
