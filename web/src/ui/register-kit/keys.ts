import type { EntityType } from '@daftar/domain/registers'

/**
 * The root of each register's query keys: its lists, details and dropdowns all live under it, so one
 * invalidation refreshes everything a change of that register can touch.
 */
export const registerQueryKeys = {
  CLIENT: 'clients',
  PROJECT: 'projects',
  COLLECTION: 'collections',
  ASSET: 'assets',
  EMPLOYEE: 'employees',
  SUPPLIER: 'suppliers',
  TECHNICAL_INFO: 'technical-info',
} as const satisfies Record<EntityType, string>
