import { clientData, clientListQuery, createClientInput } from '@daftar/domain'
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import { submitChange } from '../approvals/service.ts'
import { clientDropdown, getClient, listClients } from './service.ts'

type IdParams = { Params: { id: string } }

export async function clientRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/clients', async (req) => listClients(deps, req.ctx, parse(clientListQuery, req.query)))

  app.get('/clients/dropdown-list', async (req) => clientDropdown(deps, req.ctx))

  app.get<IdParams>('/clients/:id', async (req) => getClient(deps, req.ctx, req.params.id))

  app.post('/clients', async (req, reply) => {
    const { accessPermissions, ...data } = parse(createClientInput, req.body)
    const result = await submitChange(deps, req.ctx, {
      entityType: 'CLIENT',
      actionType: 'CREATE',
      entityId: null,
      data,
      accessPermissions,
    })
    reply.code(result.entityId ? 201 : 202)
    return result
  })

  app.put<IdParams>('/clients/:id', async (req, reply) => {
    const data = parse(clientData, req.body)
    const result = await submitChange(deps, req.ctx, {
      entityType: 'CLIENT',
      actionType: 'UPDATE',
      entityId: req.params.id,
      data,
      version: ifMatchVersion(req.headers['if-match']),
    })
    if (!result.entityId) reply.code(202)
    return result
  })
}
