import {
  type AccessPermissions,
  type ChangeResult,
  changeResponses,
  type EntityType,
  type ExportFormat,
  type registerReadEndpoints,
  type registerWriteEndpoints,
} from '@daftar/domain'
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import type { RequestContext } from '../../platform/context.ts'
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

type ReadEndpoints<Q extends z.ZodType, L extends z.ZodType, D extends z.ZodType> = ReturnType<
  typeof registerReadEndpoints<string, Q, L, D>
>

/**
 * A register's reads as its routes call them (`registerReads`, platform/register-reads.ts); written as
 * properties so that each read's query is checked strictly against its endpoint's.
 */
interface RegisterReadsOf<Query, List, Detail> {
  list: (deps: Deps, ctx: RequestContext, query: Query) => Promise<List>
  export: (
    deps: Deps,
    ctx: RequestContext,
    query: Query & { format: ExportFormat },
    reply: FastifyReply,
  ) => unknown
  detail: (deps: Deps, ctx: RequestContext, id: string) => Promise<Detail>
}

/**
 * GET <path>, <path>/export and <path>/:id of a register (declared in domain/ by
 * `registerReadEndpoints`), answered by its reads.
 */
export function registerReadRoutes<Q extends z.ZodType, L extends z.ZodType, D extends z.ZodType>(
  app: App,
  deps: Deps,
  endpoints: ReadEndpoints<Q, L, D>,
  reads: RegisterReadsOf<z.output<Q>, z.output<L>, z.output<D>>,
) {
  // The call checks `reads` against the endpoints' schemas; Fastify cannot resolve a schema that is
  // still generic, so the routes are registered with both widened, in this one place.
  const routes: ReadEndpoints<z.ZodType, z.ZodType, z.ZodType> = endpoints
  const widened = reads as RegisterReadsOf<unknown, unknown, unknown>
  serve(app, routes.list, async (req) => widened.list(deps, req.ctx, req.query))
  serve(app, routes.export, async (req, reply) => widened.export(deps, req.ctx, req.query, reply))
  serve(app, routes.detail, async (req) => widened.detail(deps, req.ctx, req.params.id))
}

type ListEndpoints<Q extends z.ZodType, L extends z.ZodType> = Pick<
  ReadEndpoints<Q, L, z.ZodType>,
  'list' | 'export'
>

/** A register's lists split by a flag of its records (`listsByFlag`), as its routes call them. */
interface ListsByFlagOf<Query, List> {
  list: (deps: Deps, ctx: RequestContext, value: boolean, query: Query) => Promise<List>
  export: (
    deps: Deps,
    ctx: RequestContext,
    value: boolean,
    query: Query & { format: ExportFormat },
    reply: FastifyReply,
  ) => unknown
}

/**
 * The views of a register's list split by a flag of its records (current and old employees, live and
 * archived projects), each at its own address with its export: `value` is the flag of its records.
 */
export function listsByFlagRoutes<Q extends z.ZodType, L extends z.ZodType>(
  app: App,
  deps: Deps,
  lists: ListsByFlagOf<z.output<Q>, z.output<L>>,
  views: ({ value: boolean } & ListEndpoints<Q, L>)[],
) {
  // Widened as in registerReadRoutes, once the call has checked `lists` against the endpoints.
  const widened = lists as ListsByFlagOf<unknown, unknown>
  const routes: ({ value: boolean } & ListEndpoints<z.ZodType, z.ZodType>)[] = views
  // The pages first, then the files: the order the OpenAPI document lists them in.
  for (const { value, list } of routes)
    serve(app, list, async (req) => widened.list(deps, req.ctx, value, req.query))
  for (const view of routes)
    serve(app, view.export, async (req, reply) => widened.export(deps, req.ctx, view.value, req.query, reply))
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
