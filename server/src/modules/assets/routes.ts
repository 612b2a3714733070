import { assetDetail, assetEndpoints, assetList, assetListQuery, idParams } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { getAsset, listAssets } from './service.ts'

export async function assetRoutes(app: App, deps: Deps) {
  const list = { querystring: assetListQuery, response: { 200: assetList } }
  app.get('/assets', { schema: list }, async (req) => listAssets(deps, req.ctx, 'all', req.query))
  app.get('/assets/due-soon', { schema: list }, async (req) =>
    listAssets(deps, req.ctx, 'due-soon', req.query),
  )
  app.get('/assets/:id', { schema: { params: idParams, response: { 200: assetDetail } } }, async (req) =>
    getAsset(deps, req.ctx, req.params.id),
  )
  registerWriteRoutes(app, deps, assetEndpoints, 'ASSET')
}
