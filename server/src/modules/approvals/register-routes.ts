import { accessPermissionsInput, type EntityType } from '@daftar/domain'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import { type ChangeResult, submitChange } from './service.ts'

const accessPermissionsBody = z.object({ accessPermissions: accessPermissionsInput })

/** 201/200 when an admin's change was applied, 202 when it waits in the approval queue. */
export function answerChange(reply: FastifyReply, result: ChangeResult, applied: 200 | 201 = 200) {
  reply.code(result.entityId ? applied : 202)
  return result
}

/**
 * POST <path> and PUT <path>/:id of a register: the body is validated with the register's own schema
 * (plus accessPermissions on create) and goes through the approval queue.
 */
export function registerWriteRoutes(app: FastifyInstance, deps: Deps, path: string, entityType: EntityType) {
  const register = deps.registers.get(entityType)
  if (!register) throw new Error(`No register definition for ${entityType}`)

  app.post(path, async (req, reply) => {
    const data = parse(register.schema, req.body)
    const { accessPermissions } = parse(accessPermissionsBody, req.body)
    const result = await submitChange(deps, req.ctx, {
      entityType,
      actionType: 'CREATE',
      entityId: null,
      data,
      accessPermissions,
    })
    return answerChange(reply, result, 201)
  })

  app.put<{ Params: { id: string } }>(`${path}/:id`, async (req, reply) => {
    const result = await submitChange(deps, req.ctx, {
      entityType,
      actionType: 'UPDATE',
      entityId: req.params.id,
      data: parse(register.schema, req.body),
      version: ifMatchVersion(req.headers['if-match']),
    })
    return answerChange(reply, result)
  })
}
