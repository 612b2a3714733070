import {
  accessPermissionsInput,
  type ChangeResult,
  changeResult,
  type EntityType,
  idParams,
} from '@daftar/domain'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { idempotencyKey, ifMatchVersion } from '../../platform/validation.ts'
import { submitChange } from './submit.ts'

const accessPermissionsBody = z.object({ accessPermissions: accessPermissionsInput })

/** A change applied at once (200, 201) or waiting in the approval queue (202). */
export const changeResponses = { 200: changeResult, 201: changeResult, 202: changeResult }

/** 201/200 when an admin's change was applied, 202 when it waits in the approval queue. */
export function answerChange(reply: FastifyReply, result: ChangeResult, applied: 200 | 201 = 200) {
  reply.code(result.entityId ? applied : 202)
  return result
}

/**
 * POST <path> and PUT <path>/:id of a register: the body is validated with the register's own schema
 * (plus accessPermissions on create) and goes through the approval queue.
 */
export function registerWriteRoutes(app: App, deps: Deps, path: string, entityType: EntityType) {
  const register = deps.registers.get(entityType)
  if (!register) throw new Error(`No register definition for ${entityType}`)

  const createBody = register.createInput ?? register.schema
  app.post(
    path,
    { schema: { body: z.intersection(createBody, accessPermissionsBody), response: changeResponses } },
    async (req, reply) => {
      const { accessPermissions, ...input } = req.body
      const data = register.prepareCreate
        ? await register.prepareCreate(deps.db, req.ctx.orgId, input)
        : input
      const result = await submitChange(
        deps,
        req.ctx,
        {
          entityType,
          actionType: 'CREATE',
          entityId: null,
          data,
          accessPermissions,
        },
        idempotencyKey(req.headers['idempotency-key']),
      )
      return answerChange(reply, result, 201)
    },
  )

  app.put(
    `${path}/:id`,
    { schema: { params: idParams, body: register.schema, response: changeResponses } },
    async (req, reply) => {
      const result = await submitChange(
        deps,
        req.ctx,
        {
          entityType,
          actionType: 'UPDATE',
          entityId: req.params.id,
          data: req.body,
          version: ifMatchVersion(req.headers['if-match']),
        },
        idempotencyKey(req.headers['idempotency-key']),
      )
      return answerChange(reply, result)
    },
  )
}
