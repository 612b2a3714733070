import { recurringEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { ifMatchVersion } from '../../platform/validation.ts'
import { createSeries, endSeries, getSeries, listSeries, seriesOfTask, updateSeries } from './service.ts'

export async function recurringRoutes(app: App, deps: Deps) {
  serve(app, recurringEndpoints.list, async (req) => listSeries(deps, req.ctx, req.query.page))
  serve(app, recurringEndpoints.detail, async (req) => getSeries(deps, req.ctx, req.params.id))
  serve(app, recurringEndpoints.create, async (req, reply) =>
    created(reply, await createSeries(deps, req.ctx, req.body)),
  )
  serve(app, recurringEndpoints.update, async (req) =>
    updateSeries(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )
  serve(app, recurringEndpoints.remove, async (req) => endSeries(deps, req.ctx, req.params.id))
  serve(app, recurringEndpoints.ofTask, async (req) => seriesOfTask(deps, req.ctx, req.params.id))
}
