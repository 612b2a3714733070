import type { DocumentItem } from '@daftar/domain/documents'
import type { EntityType } from '@daftar/domain/registers'
import { useQueries } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { documentsQuery } from './api.ts'

const SEPARATOR = '.'
const isId = (s: string) => /^[0-9a-f-]{36}$/i.test(s)

/**
 * The open folder lives in the address as the path of folder ids from the root (`?folder=a.b.c`).
 * Opening a folder pushes a history entry, so the browser's back button steps up one folder.
 * Breadcrumb names come from the parents' listings (already cached while browsing down).
 */
export function useFolderPath(entityType: EntityType, entityId: string) {
  const [params, setParams] = useSearchParams()
  const path = (params.get('folder') ?? '').split(SEPARATOR).filter(isId)
  const current = path.at(-1) ?? null

  const go = (next: string[]) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev)
      if (next.length) p.set('folder', next.join(SEPARATOR))
      else p.delete('folder')
      return p
    })

  // Listing of each ancestor level, to find the name of the folder opened from it.
  const parents = useQueries({
    queries: path.map((_, i) => documentsQuery(entityType, entityId, i === 0 ? null : path[i - 1]!)),
  })
  const crumbs = path.map((id, i) => {
    const items = parents[i]?.data as DocumentItem[] | undefined
    return { id, name: items?.find((d) => d.document_id === id)?.name ?? '…', path: path.slice(0, i + 1) }
  })

  return {
    path,
    current,
    crumbs,
    open: (folderId: string) => go([...path, folderId]),
    goTo: (prefix: string[]) => go(prefix),
  }
}
