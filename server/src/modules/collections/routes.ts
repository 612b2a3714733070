import {
  collectionDetail,
  collectionEndpoints,
  collectionList,
  collectionListQuery,
  idParams,
} from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { getCollection, listCollections } from './service.ts'

export async function collectionRoutes(app: App, deps: Deps) {
  app.get(
    '/collections',
    { schema: { querystring: collectionListQuery, response: { 200: collectionList } } },
    async (req) => listCollections(deps, req.ctx, req.query),
  )
  app.get(
    '/collections/:id',
    { schema: { params: idParams, response: { 200: collectionDetail } } },
    async (req) => getCollection(deps, req.ctx, req.params.id),
  )
  registerWriteRoutes(app, deps, collectionEndpoints, 'COLLECTION')
}
