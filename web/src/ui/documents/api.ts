import { documentEndpoints } from '@daftar/domain/documents'
import type { EntityType } from '@daftar/domain/registers'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

export const documentFailures = {
  createFolder: 'Error creating folder',
  upload: 'Error uploading file',
  rename: 'Error renaming item',
  renameNoAnswer: 'Failed to rename item.',
  delete: 'Error deleting item',
} as const

/** One folder's contents (null: the root). */
export const documentsQuery = (entityType: EntityType, entityId: string, folderId: string | null) =>
  queryOptions({
    queryKey: ['documents', entityType, entityId, folderId ?? 'root'],
    queryFn: ({ signal }) =>
      call(documentEndpoints.list, {
        query: { entityType, entityId, parentFolderId: folderId ?? undefined },
        signal,
      }),
    staleTime: 5 * 60_000,
  })
