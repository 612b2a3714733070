/** Queries used across features: the current user, the user list, categories and signed file URLs. */
import { categoryEndpoints } from '@daftar/domain/categories'
import { type BucketType, fileEndpoints } from '@daftar/domain/files'
import { type CurrentUser, userEndpoints } from '@daftar/domain/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, call } from './client.ts'

const MINUTE = 60_000

export type Me = CurrentUser

export const meQuery = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: ({ signal }) => call(userEndpoints.me, { signal }),
  staleTime: 5 * MINUTE,
  // Up to 2 retries, never after a 401 (the session is gone).
  retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 2,
})

export const usersQuery = queryOptions({
  queryKey: ['users', 'list'],
  queryFn: ({ signal }) => call(userEndpoints.list, { signal }),
  staleTime: 10 * MINUTE,
})

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => call(categoryEndpoints.list, { signal }),
  staleTime: 10 * MINUTE,
})

/** Signed URLs live 10 minutes on the server; keep them 5 here. */
export function presignedUrlQuery(key: string | null | undefined, bucketType: BucketType, download = false) {
  return queryOptions({
    queryKey: ['presigned', bucketType, key, download],
    queryFn: ({ signal }) =>
      call(fileEndpoints.presignedUrl, {
        query: { key: key!, bucketType, download: download ? 'true' : undefined },
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
