import {
  idParams,
  technicalInfoDetail,
  technicalInfoEndpoints,
  technicalInfoList,
  technicalInfoListQuery,
} from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { getTechnicalInfo, listTechnicalInfo } from './service.ts'

export async function technicalInfoRoutes(app: App, deps: Deps) {
  app.get(
    '/technical-info',
    { schema: { querystring: technicalInfoListQuery, response: { 200: technicalInfoList } } },
    async (req) => listTechnicalInfo(deps, req.ctx, req.query),
  )
  app.get(
    '/technical-info/:id',
    { schema: { params: idParams, response: { 200: technicalInfoDetail } } },
    async (req) => getTechnicalInfo(deps, req.ctx, req.params.id),
  )
  registerWriteRoutes(app, deps, technicalInfoEndpoints, 'TECHNICAL_INFO')
}
