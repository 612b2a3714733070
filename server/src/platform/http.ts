import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
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
