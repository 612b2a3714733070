import {
  type AccessPermissions,
  type ChangeResult,
  changeResponses,
  type EntityType,
  type registerWriteEndpoints,
} from '@daftar/domain'
import type { FastifyReply } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { idempotencyKey, ifMatchVersion } from '../../platform/validation.ts'
import { submitChange } from './submit.ts'

export { changeResponses }

/** 201/200 when an admin's change was applied, 202 when it waits in the approval queue. */
export function answerChange(reply: FastifyReply, result: ChangeResult, applied: 200 | 201 = 200) {
  reply.code(result.entityId ? applied : 202)
  return result
}

type WriteEndpoints = ReturnType<typeof registerWriteEndpoints>

/**
 * POST <path> and PUT <path>/:id of a register (declared in domain/ by `registerWriteEndpoints`): the
 * body is validated with the register's own schema (plus accessPermissions on create) and goes through
 * the approval queue.
 */
export function registerWriteRoutes(app: App, deps: Deps, endpoints: WriteEndpoints, entityType: EntityType) {
  const register = deps.registers.get(entityType)
  if (!register) throw new Error(`No register definition for ${entityType}`)

  serve(app, endpoints.create, async (req, reply) => {
    const { accessPermissions, ...input } = req.body as { accessPermissions: AccessPermissions }
    const data = register.prepareCreate ? await register.prepareCreate(deps.db, req.ctx.orgId, input) : input
    const result = await submitChange(
      deps,
      req.ctx,
      { entityType, actionType: 'CREATE', entityId: null, data, accessPermissions },
      idempotencyKey(req.headers['idempotency-key']),
    )
    return answerChange(reply, result, 201)
  })

  serve(app, endpoints.update, async (req, reply) => {
    const result = await submitChange(
      deps,
      req.ctx,
      {
        entityType,
        actionType: 'UPDATE',
        entityId: req.params.id,
        data: req.body as Record<string, unknown>,
        version: ifMatchVersion(req.headers['if-match']),
      },
      idempotencyKey(req.headers['idempotency-key']),
    )
    return answerChange(reply, result)
  })
}
