import { clientDetail, clientList, clientListQuery, clientOption, idParams } from '@daftar/domain'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { clientDropdown, getClient, listClients } from './service.ts'

export async function clientRoutes(app: App, deps: Deps) {
  app.get(
    '/clients',
    { schema: { querystring: clientListQuery, response: { 200: clientList } } },
    async (req) => listClients(deps, req.ctx, req.query),
  )
  app.get('/clients/dropdown-list', { schema: { response: { 200: z.array(clientOption) } } }, async (req) =>
    clientDropdown(deps, req.ctx),
  )
  app.get('/clients/:id', { schema: { params: idParams, response: { 200: clientDetail } } }, async (req) =>
    getClient(deps, req.ctx, req.params.id),
  )
  registerWriteRoutes(app, deps, '/clients', 'CLIENT')
}
