import { collectionEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { registerReadRoutes, registerWriteRoutes } from '../approvals/register-routes.ts'
import { collectionReads } from './service.ts'

export async function collectionRoutes(app: App, deps: Deps) {
  registerReadRoutes(app, deps, collectionEndpoints, collectionReads)
  registerWriteRoutes(app, deps, collectionEndpoints, 'COLLECTION')
}
