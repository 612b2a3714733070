import type { DocumentItem } from '@daftar/domain/documents'
import type { EntityType } from '@daftar/domain/registers'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

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
      api<DocumentItem[]>('/documents', {
        query: { entityType, entityId, parentFolderId: folderId ?? undefined },
        signal,
      }),
    staleTime: 5 * 60_000,
  })

export const documentsApi = {
  createFolder: (input: {
    entityType: EntityType
    entityId: string
    parentFolderId: string | null
    folderName: string
  }) =>
    api<{ message: string; document_id: string }>('/documents', {
      method: 'POST',
      body: { ...input, isFolder: true },
    }),
  upload: (input: {
    entityType: EntityType
    entityId: string
    parentFolderId: string | null
    file: File
  }) => {
    const form = new FormData()
    // Fields first, the file last.
    form.set('entityType', input.entityType)
    form.set('entityId', input.entityId)
    if (input.parentFolderId) form.set('parentFolderId', input.parentFolderId)
    form.set('documentFile', input.file, input.file.name)
    return api<{ message: string; document_id: string }>('/documents/upload', { method: 'POST', body: form })
  },
  rename: (id: string, newName: string) =>
    api<{ message: string }>(`/documents/${id}`, { method: 'PUT', body: { newName } }),
  remove: (id: string, password: string) =>
    api<{ message: string }>(`/documents/${id}`, { method: 'DELETE', query: { password } }),
}
