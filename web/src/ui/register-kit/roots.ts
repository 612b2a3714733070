import type { EntityType } from '@daftar/domain/registers'

/**
 * Each register's two roots, named once: where its records open in the app, and the root of its query
 * keys (its lists, details and dropdowns all live under it, so one invalidation refreshes everything a
 * change of that register can touch). Declarations, links to records and refreshes read them here.
 */
export const registerRoots = {
  CLIENT: { path: '/clients', queryKey: 'clients' },
  PROJECT: { path: '/projects', queryKey: 'projects' },
  COLLECTION: { path: '/organization/internal-docs', queryKey: 'collections' },
  ASSET: { path: '/organization/assets', queryKey: 'assets' },
  EMPLOYEE: { path: '/employees', queryKey: 'employees' },
  SUPPLIER: { path: '/suppliers', queryKey: 'suppliers' },
  TECHNICAL_INFO: { path: '/technical-info', queryKey: 'technical-info' },
} as const satisfies Record<EntityType, { path: string; queryKey: string }>

/** The page of one record ('/clients/<id>'). */
export const recordHref = (entityType: EntityType, id: string) => `${registerRoots[entityType].path}/${id}`
