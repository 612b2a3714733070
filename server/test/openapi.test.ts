import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, startTestServer, type TestServer } from './helpers.ts'
import { createClient, registerOrg } from './registers-helpers.ts'

let server: TestServer
let document: { openapi: string; paths: Record<string, Record<string, unknown>> }

beforeAll(async () => {
  server = await startTestServer()
  const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' })
  expect(res.statusCode).toBe(200)
  document = res.json()
})
afterAll(() => server.close())

/** Fastify's `/api/clients/:id` is OpenAPI's `/api/clients/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

describe('GET /api/openapi.json', () => {
  it('publishes every API route the server registers', () => {
    const routes = server.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json' && !r.url.endsWith('*'),
    )
    expect(routes.length).toBeGreaterThan(40)
    const missing = routes.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
    expect(missing).toEqual([])
  })

  it('describes request and response bodies from the domain schemas', () => {
    expect(document.openapi).toMatch(/^3\./)
    const list = document.paths['/api/clients']!.get as {
      parameters: { name: string; in: string }[]
      responses: Record<
        string,
        { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
      >
    }
    expect(list.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'searchQuery', 'sortBy']),
    )
    const body = list.responses['200']!.content['application/json']!.schema
    expect(Object.keys(body.properties)).toEqual(['clients', 'totalPages', 'currentPage'])
    const create = document.paths['/api/clients']!.post as {
      requestBody: unknown
      responses: Record<string, unknown>
    }
    expect(JSON.stringify(create.requestBody)).toContain('accessPermissions')
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '201', '202']))
  })

  it('marks the routes that need no token as public, and only those', async () => {
    const publicRoutes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => JSON.stringify((op as { security?: unknown }).security) === '[]')
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    expect(publicRoutes).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'POST /api/auth/forgot-password', 'GET /api/health']),
    )
    // Each route published as public answers without a token (not 401).
    for (const route of publicRoutes.filter((r) => r.startsWith('GET ') && !r.includes('{'))) {
      const res = await server.app.inject({ method: 'GET', url: route.slice(4) })
      expect(res.statusCode, route).not.toBe(401)
    }
    expect(publicRoutes).not.toContain('GET /api/users/me')
    expect(publicRoutes).not.toContain('GET /api/clients')
  })

  it('declares the body of every write: JSON, multipart with its files, or an empty one', async () => {
    type Op = {
      requestBody?: { required: boolean; content: Record<string, { schema: { properties?: object } }> }
    }
    const writes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'get')
        .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op: op as Op })),
    )
    expect(writes.filter((w) => !w.op.requestBody).map((w) => w.route)).toEqual([])

    const upload = document.paths['/api/documents/upload']!.post as Op
    const form = upload.requestBody!.content['multipart/form-data']!.schema.properties as Record<
      string,
      { format?: string }
    >
    expect(form.documentFile).toEqual({ type: 'string', format: 'binary' })
    expect(Object.keys(form)).toEqual(expect.arrayContaining(['entityType', 'entityId']))
    const createTask = document.paths['/api/tasks']!.post as Op
    expect(Object.keys(createTask.requestBody!.content['multipart/form-data']!.schema.properties!)).toEqual(
      expect.arrayContaining(['title', 'attachment']),
    )

    const approve = document.paths['/api/tasks/{id}/approve']!.put as Op
    expect(approve.requestBody!.required).toBe(false)
    expect(approve.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
    })
    // And the server holds to it: a write that takes nothing refuses what it was not meant to take.
    const org = await registerOrg(server, 'OpenAPI Bodies Org')
    const id = await createClient(server, org.admin.token, { name: 'Bodies Co' })
    const res = await client(server, org.admin.token).delete(`/categories/${id}`, { isadmin: true })
    expect(res.statusCode).toBe(400)
  })

  it('publishes path ids as UUIDs, and a malformed id answers 404', async () => {
    const detail = document.paths['/api/clients/{id}']!.get as {
      parameters: { name: string; in: string; schema: { format?: string } }[]
    }
    expect(detail.parameters.find((p) => p.name === 'id')?.schema.format).toBe('uuid')
    const org = await registerOrg(server, 'OpenAPI Ids Org')
    const res = await client(server, org.admin.token).get('/clients/not-a-uuid')
    expect(res.statusCode).toBe(404)
  })

  it('a detail answer carries exactly the fields its published schema names', async () => {
    const org = await registerOrg(server, 'OpenAPI Org')
    const id = await createClient(server, org.admin.token, { name: 'Contract Co' })
    const res = await client(server, org.admin.token).get(`/clients/${id}`)
    const detail = document.paths['/api/clients/{id}']!.get as {
      responses: Record<
        string,
        { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
      >
    }
    const published = Object.keys(detail.responses['200']!.content['application/json']!.schema.properties)
    expect(Object.keys(res.json()).sort()).toEqual(published.sort())
  })
})
