import { assetEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { countDueSoon, exportAssets, getAsset, listAssets } from './service.ts'

export async function assetRoutes(app: App, deps: Deps) {
  serve(app, assetEndpoints.list, async (req) => listAssets(deps, req.ctx, 'all', req.query))
  serve(app, assetEndpoints.dueSoon, async (req) => listAssets(deps, req.ctx, 'due-soon', req.query))
  serve(app, assetEndpoints.export, async (req, reply) =>
    exportAssets(deps, req.ctx, 'all', req.query, reply),
  )
  serve(app, assetEndpoints.dueSoonExport, async (req, reply) =>
    exportAssets(deps, req.ctx, 'due-soon', req.query, reply),
  )
  serve(app, assetEndpoints.dueSoonCount, async (req) => countDueSoon(deps, req.ctx))
  serve(app, assetEndpoints.detail, async (req) => getAsset(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, assetEndpoints, 'ASSET')
}
