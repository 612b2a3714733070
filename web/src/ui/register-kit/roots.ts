import { registerPaths as paths, recordPath } from '@daftar/domain/register-paths'
import type { EntityType } from '@daftar/domain/registers'

/**
 * Each register's roots: where its records open in the app (the domain's `registerPaths`, which the
 * server's links read too) and its other lists, such as Archived Projects, and the root of its query
 * keys (its lists, details and dropdowns all live under it, so one invalidation refreshes everything a
 * change of that register can touch). The router, the sidebar, declarations, links to records and
 * refreshes read them here.
 */
export const registerRoots = {
  CLIENT: { path: paths.CLIENT, queryKey: 'clients', otherLists: {} },
  PROJECT: {
    path: paths.PROJECT,
    queryKey: 'projects',
    otherLists: { archived: `${paths.PROJECT}/archived` },
  },
  COLLECTION: { path: paths.COLLECTION, queryKey: 'collections', otherLists: {} },
  ASSET: { path: paths.ASSET, queryKey: 'assets', otherLists: { dueSoon: `${paths.ASSET}/due-soon` } },
  EMPLOYEE: { path: paths.EMPLOYEE, queryKey: 'employees', otherLists: { former: '/old-employees' } },
  SUPPLIER: { path: paths.SUPPLIER, queryKey: 'suppliers', otherLists: {} },
  TECHNICAL_INFO: { path: paths.TECHNICAL_INFO, queryKey: 'technical-info', otherLists: {} },
} as const satisfies Record<
  EntityType,
  { path: string; queryKey: string; otherLists: Record<string, string> }
>

export type RegisterRoot = (typeof registerRoots)[EntityType]

/** The page of one record ('/clients/<id>'). */
export const recordHref = recordPath
