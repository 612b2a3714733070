import { searchEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { search } from './service.ts'

/** Global search across the registers, tasks, accounts and reports (docs/decisions.md, "Search"). */
export async function searchRoutes(app: App, deps: Deps) {
  serve(app, searchEndpoints.search, async (req) => search(deps, req.ctx, req.query))
}
