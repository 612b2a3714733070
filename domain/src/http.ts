/**
 * The API as data: every endpoint is declared once here, with its method, its path and the zod schemas
 * of what it takes and answers. The server registers its routes from these declarations
 * (`serve(app, clientEndpoints.detail, handler)`), and the web calls them through one typed client
 * (`call(clientEndpoints.detail, { params: { id } })`), so a path or a field renamed on one side fails
 * to compile on the other (docs/architecture.md, "One contract"; why not generated OpenAPI types:
 * docs/decisions.md, "One way to build a screen").
 */
import type { z } from 'zod'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The status codes a successful answer may carry. */
export type SuccessCode = 200 | 201 | 202

/** Fastify's schema keys, with the domain's zod schemas. */
export interface EndpointSchema {
  params?: z.ZodType
  querystring?: z.ZodType
  body?: z.ZodType
  /** Each success code the endpoint answers with, and its body. Absent for file answers. */
  response?: Partial<Record<SuccessCode, z.ZodType>>
  /** Kept out of the published OpenAPI document (the document itself). */
  hide?: boolean
}

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  S extends EndpointSchema = EndpointSchema,
> {
  method: M
  /** Fastify's form, relative to /api: '/clients/:id'. */
  path: P
  schema: S
  /**
   * A multipart request (files): the schema of its text fields. The server parses them with it
   * (route schemas cannot declare multipart bodies); the web sends an object of fields and files.
   */
  multipart?: z.ZodType
  /** The file fields of a multipart request, by name (published in the OpenAPI document). */
  files?: readonly string[]
  /** The answer is a file (CSV, PDF), not JSON. */
  file?: true
  /**
   * A create that honours an Idempotency-Key: the same request sent again with the same key (a double
   * click, a retry after a lost answer) answers the first answer instead of creating again.
   */
  idempotent?: true
}

/** Declares an endpoint; `const` keeps the method and path literal for the types on both sides. */
export function endpoint<
  const M extends Method,
  const P extends string,
  const S extends EndpointSchema,
  const X extends Pick<Endpoint, 'multipart' | 'files' | 'file' | 'idempotent'> = object,
>(method: M, path: P, schema: S, extra?: X): Endpoint<M, P, S> & X {
  return { method, path, schema, ...(extra as X) }
}

/** The names of a path's parameters: '/a/:id/b/:key' → 'id' | 'key'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** Writes a path's parameters into it: ('/clients/:id', { id: 'x' }) → '/clients/x'. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === '') throw new Error(`Missing path parameter '${name}' of ${path}`)
    return encodeURIComponent(String(value))
  })
}
