import type { Endpoint } from '@daftar/domain/http'
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { badRequest, notFound } from './errors.ts'
import { validationMessage } from './validation.ts'

export { serializerCompiler } from 'fastify-type-provider-zod'

/**
 * The Fastify instance every module registers its routes on: route schemas are the zod schemas of
 * `domain/`, so a handler's input is typed from its schema and its return value is checked against
 * its response schema (docs/architecture.md, "One contract").
 */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** A handler of one endpoint: its input typed by the endpoint's schemas, its answer checked against them. */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  E['schema'],
  ZodTypeProvider,
  FastifyBaseLogger
>

/**
 * Registers the route of an endpoint declared in `domain/` (its method, path and schemas), so the
 * server cannot answer on a path or with a shape the web does not know (docs/architecture.md,
 * "One contract").
 */
export function serve<E extends Endpoint>(app: App, endpoint: E, handler: EndpointHandler<E>) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: takesNothing(endpoint) ? { ...endpoint.schema, body: noBody } : endpoint.schema,
    // Read by the OpenAPI document, which cannot see a multipart body in the route's schema.
    config: { multipart: endpoint.multipart, files: endpoint.files, idempotent: endpoint.idempotent },
    handler,
  })
}

/** Answers 201 Created with this body: for an endpoint that makes something new. */
export function created<T>(reply: { code(statusCode: 201): unknown }, body: T): T {
  reply.code(201)
  return body
}

/**
 * The body of a write that takes none: nothing, or an empty object. Anything else answers 400, so no
 * write route accepts input it does not declare (docs/security.md, "V2 Validation and business logic · V1 Encoding").
 */
export const noBody = z.strictObject({})

const takesNothing = (endpoint: Endpoint) =>
  endpoint.method !== 'GET' && !endpoint.schema.body && !endpoint.multipart

declare module 'fastify' {
  /** What `serve` keeps of an endpoint for the OpenAPI document. */
  interface FastifyContextConfig {
    multipart?: z.ZodType
    files?: readonly string[]
  }
}

/**
 * Validates a request part with its zod schema. A body or query that fails answers 400 with the
 * schema's own message (the spec's words); a malformed path id names no record, so it answers 404.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data ?? {})
    if (result.success) return { value: result.data }
    if (httpPart === 'params') return { error: notFound() }
    return { error: badRequest(validationMessage(result.error.issues)) }
  }

/**
 * `onSend` hook of the API: answers that do not say how to be cached (JSON, tokens, a user's data) are
 * not stored by browsers or proxies. Files and exports that set their own Cache-Control keep it.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  return payload
}
