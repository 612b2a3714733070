import type { EntityType } from '@daftar/domain/registers'

/**
 * Each register's roots, named once: where its records open in the app (and its other lists, such as
 * Archived Projects), and the root of its query keys (its lists, details and dropdowns all live under
 * it, so one invalidation refreshes everything a change of that register can touch). The router, the
 * sidebar, declarations, links to records and refreshes read them here.
 */
export const registerRoots = {
  CLIENT: { path: '/clients', queryKey: 'clients', otherLists: {} },
  PROJECT: { path: '/projects', queryKey: 'projects', otherLists: { archived: '/projects/archived' } },
  COLLECTION: { path: '/organization/internal-docs', queryKey: 'collections', otherLists: {} },
  ASSET: {
    path: '/organization/assets',
    queryKey: 'assets',
    otherLists: { dueSoon: '/organization/assets/due-soon' },
  },
  EMPLOYEE: { path: '/employees', queryKey: 'employees', otherLists: { former: '/old-employees' } },
  SUPPLIER: { path: '/suppliers', queryKey: 'suppliers', otherLists: {} },
  TECHNICAL_INFO: { path: '/technical-info', queryKey: 'technical-info', otherLists: {} },
} as const satisfies Record<
  EntityType,
  { path: string; queryKey: string; otherLists: Record<string, string> }
>

export type RegisterRoot = (typeof registerRoots)[EntityType]

/** The page of one record ('/clients/<id>'). */
export const recordHref = (entityType: EntityType, id: string) => `${registerRoots[entityType].path}/${id}`
