import { clientListQuery } from '@daftar/domain'
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import { parse } from '../../platform/validation.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { clientDropdown, getClient, listClients } from './service.ts'

type IdParams = { Params: { id: string } }

export async function clientRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/clients', async (req) => listClients(deps, req.ctx, parse(clientListQuery, req.query)))

  app.get('/clients/dropdown-list', async (req) => clientDropdown(deps, req.ctx))

  app.get<IdParams>('/clients/:id', async (req) => getClient(deps, req.ctx, req.params.id))

  registerWriteRoutes(app, deps, '/clients', 'CLIENT')
}
