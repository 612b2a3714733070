import { z } from 'zod'

/*
 * What the OpenAPI document says beyond the route schemas: the multipart bodies (fields from the
 * domain schema, files by name) and the writes that take no body (docs/security.md, "V2 Validation and business logic · V1 Encoding").
 */

type Transformed = { schema: object; url: string }

/** A multipart route's body as OpenAPI sees it: its text fields from the schema, its files as binary. */
export function withMultipartBody<T extends Transformed>(
  transformed: T,
  config: { multipart?: z.ZodType; files?: readonly string[] } | undefined,
): T {
  if (!config?.multipart) return transformed
  const fields = z.toJSONSchema(config.multipart, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>
    required?: string[]
  }
  const files = Object.fromEntries(
    (config.files ?? []).map((name) => [name, { type: 'string', format: 'binary' }]),
  )
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        properties: { ...fields.properties, ...files },
        ...(fields.required?.length ? { required: fields.required } : {}),
      },
    },
  }
}

interface Operation {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> }
}

/** A write that takes no body declares an empty object, which may also be left out. */
export function withOptionalEmptyBodies<D extends { paths?: object }>(document: D): D {
  for (const methods of Object.values(document.paths ?? {}) as Record<string, unknown>[]) {
    for (const operation of Object.values(methods) as Operation[]) {
      const schema = operation.requestBody?.content?.['application/json']?.schema
      if (schema && schema.additionalProperties === false && !Object.keys(schema.properties ?? {}).length)
        operation.requestBody!.required = false
    }
  }
  return document
}
