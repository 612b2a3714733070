import { collectionEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { exportCollections, getCollection, listCollections } from './service.ts'

export async function collectionRoutes(app: App, deps: Deps) {
  serve(app, collectionEndpoints.list, async (req) => listCollections(deps, req.ctx, req.query))
  serve(app, collectionEndpoints.export, async (req, reply) =>
    exportCollections(deps, req.ctx, req.query, reply),
  )
  serve(app, collectionEndpoints.detail, async (req) => getCollection(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, collectionEndpoints, 'COLLECTION')
}
