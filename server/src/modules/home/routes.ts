import { homeEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { homeOf } from './service.ts'

/** The home page's one request (docs/decisions.md, "The home page"). */
export async function homeRoutes(app: App, deps: Deps) {
  serve(app, homeEndpoints.home, async (req) => homeOf(deps, req.ctx))
}
