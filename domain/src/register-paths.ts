import type { EntityType } from './registers.ts'

/**
 * Where each register's records open in the app: the web's routes, and the links the server writes
 * (notifications, the approval queue, search, the home page), all read them here. A module of its own
 * that imports no schema, so that the web's shell, on every page and /login too, reads the paths
 * without the registers' contract.
 */
export const registerPaths = {
  CLIENT: '/clients',
  PROJECT: '/projects',
  COLLECTION: '/organization/internal-docs',
  ASSET: '/organization/assets',
  EMPLOYEE: '/employees',
  SUPPLIER: '/suppliers',
  TECHNICAL_INFO: '/technical-info',
} as const satisfies Record<EntityType, string>

/** The page of one record ('/clients/<id>'). */
export const recordPath = (entityType: EntityType, id: string) => `${registerPaths[entityType]}/${id}`
