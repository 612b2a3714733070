import { clientEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { registerReadRoutes, registerWriteRoutes } from '../approvals/register-routes.ts'
import { clientDropdown, clientReads } from './service.ts'

export async function clientRoutes(app: App, deps: Deps) {
  registerReadRoutes(app, deps, clientEndpoints, clientReads)
  serve(app, clientEndpoints.dropdown, async (req) => clientDropdown(deps, req.ctx))
  registerWriteRoutes(app, deps, clientEndpoints, 'CLIENT')
}
