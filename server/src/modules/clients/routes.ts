import { clientEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { clientDropdown, exportClients, getClient, listClients } from './service.ts'

export async function clientRoutes(app: App, deps: Deps) {
  serve(app, clientEndpoints.list, async (req) => listClients(deps, req.ctx, req.query))
  serve(app, clientEndpoints.export, async (req, reply) => exportClients(deps, req.ctx, req.query, reply))
  serve(app, clientEndpoints.dropdown, async (req) => clientDropdown(deps, req.ctx))
  serve(app, clientEndpoints.detail, async (req) => getClient(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, clientEndpoints, 'CLIENT')
}
