import {
  accessEntry,
  accessLevelInput,
  accessQuery,
  grantAccessInput,
  idParams,
  messageResponse,
} from '@daftar/domain'
import { z } from 'zod'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { changeAccessLevel, grantAccess, listAccess, revokeAccess } from './service.ts'

export async function accessRoutes(app: App, deps: Deps) {
  app.get(
    '/access',
    { schema: { querystring: accessQuery, response: { 200: z.array(accessEntry) } } },
    async (req) => listAccess(deps, req.ctx, req.query.entityType, req.query.entityId),
  )

  app.post(
    '/access',
    { schema: { body: grantAccessInput, response: { 201: messageResponse } } },
    async (req, reply) => {
      requireAdmin(req.ctx, 'Only administrators can grant access.')
      const result = await grantAccess(deps, req.ctx, req.body)
      reply.code(201)
      return result
    },
  )

  app.put(
    '/access/:id',
    { schema: { params: idParams, body: accessLevelInput, response: { 200: messageResponse } } },
    async (req) => {
      requireAdmin(req.ctx, 'Only administrators can change access.')
      return changeAccessLevel(deps, req.ctx, req.params.id, req.body.level)
    },
  )

  app.delete(
    '/access/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      requireAdmin(req.ctx, 'Only administrators can revoke access.')
      return revokeAccess(deps, req.ctx, req.params.id)
    },
  )
}
