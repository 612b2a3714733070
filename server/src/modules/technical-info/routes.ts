import { technicalInfoEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { exportTechnicalInfo, getTechnicalInfo, listTechnicalInfo } from './service.ts'

export async function technicalInfoRoutes(app: App, deps: Deps) {
  serve(app, technicalInfoEndpoints.list, async (req) => listTechnicalInfo(deps, req.ctx, req.query))
  serve(app, technicalInfoEndpoints.export, async (req, reply) =>
    exportTechnicalInfo(deps, req.ctx, req.query, reply),
  )
  serve(app, technicalInfoEndpoints.detail, async (req) => getTechnicalInfo(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, technicalInfoEndpoints, 'TECHNICAL_INFO')
}
