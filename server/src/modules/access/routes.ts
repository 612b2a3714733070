import { accessLevelInput, accessQuery, grantAccessInput } from '@daftar/domain'
import type { FastifyInstance } from 'fastify'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import { parse } from '../../platform/validation.ts'
import { changeAccessLevel, grantAccess, listAccess, revokeAccess } from './service.ts'

type IdParams = { Params: { id: string } }

export async function accessRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/access', async (req) => {
    const query = parse(accessQuery, req.query)
    return listAccess(deps, req.ctx, query.entityType, query.entityId)
  })

  app.post('/access', async (req, reply) => {
    requireAdmin(req.ctx, 'Only administrators can grant access.')
    const result = await grantAccess(deps, req.ctx, parse(grantAccessInput, req.body))
    reply.code(201)
    return result
  })

  app.put<IdParams>('/access/:id', async (req) => {
    requireAdmin(req.ctx, 'Only administrators can change access.')
    return changeAccessLevel(deps, req.ctx, req.params.id, parse(accessLevelInput, req.body).level)
  })

  app.delete<IdParams>('/access/:id', async (req) => {
    requireAdmin(req.ctx, 'Only administrators can revoke access.')
    return revokeAccess(deps, req.ctx, req.params.id)
  })
}
