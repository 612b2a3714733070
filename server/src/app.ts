import fs from 'node:fs'
import path from 'node:path'
import { MAX_FILE_BYTES, organisationCalendar } from '@daftar/domain'
import compress from '@fastify/compress'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyError, LogController } from 'fastify'
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod'
import helmet from 'helmet'
import { accessRoutes } from './modules/access/routes.ts'
import { accountsRoutes } from './modules/accounts/routes.ts'
import { adminRoutes } from './modules/admin/routes.ts'
import { announcementRoutes } from './modules/announcements/routes.ts'
import { approvalRoutes } from './modules/approvals/routes.ts'
import { assetRoutes } from './modules/assets/routes.ts'
import { publicAuthRoutes, securedAuthRoutes } from './modules/auth/routes.ts'
import { billingRoutes } from './modules/billing/routes.ts'
import { categoryRoutes } from './modules/categories/routes.ts'
import { clientRoutes } from './modules/clients/routes.ts'
import { collectionRoutes } from './modules/collections/routes.ts'
import { documentRoutes } from './modules/documents/routes.ts'
import { employeeRoutes } from './modules/employees/routes.ts'
import { presignRoutes, signedFileRoutes } from './modules/files/routes.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { historyRoutes } from './modules/history/routes.ts'
import { homeRoutes } from './modules/home/routes.ts'
import { importRoutes } from './modules/import/routes.ts'
import { notificationRoutes } from './modules/notifications/routes.ts'
import { projectRoutes } from './modules/projects/routes.ts'
import { pushRoutes } from './modules/push/routes.ts'
import { recurringRoutes } from './modules/recurring/routes.ts'
import { reportRoutes } from './modules/reports/routes.ts'
import { searchRoutes } from './modules/search/routes.ts'
import { supplierRoutes } from './modules/suppliers/routes.ts'
import { taskRoutes } from './modules/tasks/routes.ts'
import { technicalInfoRoutes } from './modules/technical-info/routes.ts'
import { userRoutes } from './modules/users/routes.ts'
import { createAuthGuard } from './platform/auth-guard.ts'
import type { Deps } from './platform/deps.ts'
import { httpErrorOf } from './platform/errors.ts'
import { type App, noStore, serializerCompiler, validatorCompiler } from './platform/http.ts'
import { honourIdempotencyKeys } from './platform/idempotency.ts'
import { refuseControlCharacters } from './platform/input-guard.ts'
import { withMultipartBody, withOptionalEmptyBodies } from './platform/openapi.ts'
import { InstanceCaches } from './platform/recheck-cache.ts'
import { installRequestLog } from './platform/request-log.ts'
import { CAPTURE_HEADER, withinRequest } from './platform/sql-capture.ts'

export interface BuildOptions {
  /** Built web app to serve; omitted in API tests. */
  webDist?: string
  logger?: boolean | object
}

export interface RouteInfo {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[]
    /** This instance's short-lived read caches, emptied by every change made through it. */
    caches: InstanceCaches
  }
}

const JSON_BODY_LIMIT = 1024 * 1024
/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/** Content-Security-Policy the SPA runs under: nothing inline but styles (Mantine sets style attributes). */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
}

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<App> {
  // A day sent as a date-time is read on the organisation's calendar (domain/src/registers.ts).
  organisationCalendar.timeZone = deps.config.TIME_ZONE
  const app = Fastify({
    loggerInstance: deps.log,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.config.TRUST_PROXY,
    // One line per request instead of Fastify's two: see platform/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>()
  installRequestLog(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('preValidation', refuseControlCharacters)
  // Every route, as Fastify registers it: the contract and authorisation tests walk this list.
  const routeTable: RouteInfo[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url })
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message, disconnected } = httpErrorOf(error, request.raw)
    // A client that went away mid-request is not a server fault: noted, never logged as an error.
    if (disconnected) request.log.info({ code: (error as { code?: string }).code }, 'client disconnected')
    else if (status >= 500) request.log.error({ err: error }, 'request failed')
    // In JSON whatever the route had set: a static file that failed half-way had set its own type.
    return reply.code(status).type('application/json; charset=utf-8').send({ error: message })
  })

  // Security headers on every answer. helmet's middleware is built once here: @fastify/helmet built
  // it again on every request, re-parsing the CSP each time (9 % of a cheap request's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.config.NODE_ENV === 'production',
  })
  if (deps.config.SQL_CAPTURE_FILE)
    app.addHook('onRequest', (request, _reply, done) =>
      request.headers[CAPTURE_HEADER] ? withinRequest(request.url, done) : done(),
    )
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  )
  // JSON answers (and any static file without a precompressed twin) compressed on the fly above a
  // small size; brotli at the plugin's quality 4, cheap enough per request. docs/decisions.md.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES })
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES + 1, files: 5, fields: 50, fieldSize: 1024 * 1024, parts: 60 },
  })

  // Side effects written by a change (mail, push) go out right after its response.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') deps.outbox.kick()
  })

  // The contract: every route's zod schemas, published as OpenAPI at /api/openapi.json.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Daftar API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => withMultipartBody(jsonSchemaTransform(input), input.route.config),
    transformObject: (documents) =>
      'openapiObject' in documents
        ? withOptionalEmptyBodies(documents.openapiObject)
        : documents.swaggerObject,
  })

  const caches = new InstanceCaches()
  app.decorate('caches', caches)
  const authenticate = createAuthGuard(deps, caches)
  // Any change made through this instance may end a session, change a role or the signed-in user: its
  // caches forget everything before the answer goes out (platform/recheck-cache.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') caches.invalidate()
    return payload
  })
  await app.register(
    async (api) => {
      api.addHook('onSend', noStore)
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
      await api.register(async (open) => {
        // Published as needing no token (OpenAPI `security: []`), as they are.
        open.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, security: [] }
        })
        await healthRoutes(open, deps)
        await publicAuthRoutes(open, deps)
        await signedFileRoutes(open, deps)
      })
      await api.register(async (secured) => {
        secured.addHook('onRequest', authenticate)
        honourIdempotencyKeys(secured, deps)
        await securedAuthRoutes(secured, deps)
        await userRoutes(secured, deps)
        await categoryRoutes(secured, deps)
        await notificationRoutes(secured, deps)
        await presignRoutes(secured, deps)
        await approvalRoutes(secured, deps)
        await accessRoutes(secured, deps)
        await documentRoutes(secured, deps)
        await clientRoutes(secured, deps)
        await projectRoutes(secured, deps)
        await supplierRoutes(secured, deps)
        await technicalInfoRoutes(secured, deps)
        await assetRoutes(secured, deps)
        await employeeRoutes(secured, deps)
        await collectionRoutes(secured, deps)
        await importRoutes(secured, deps)
        await announcementRoutes(secured, deps)
        await billingRoutes(secured, deps)
        await accountsRoutes(secured, deps)
        await taskRoutes(secured, deps)
        await recurringRoutes(secured, deps)
        await reportRoutes(secured, deps)
        await pushRoutes(secured, deps)
        await homeRoutes(secured, deps)
        await searchRoutes(secured, deps)
        await historyRoutes(secured, deps)
        await secured.register(async (admin) => adminRoutes(admin, deps))
      })
      api.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'Not found.' }))
    },
    { prefix: '/api' },
  )

  if (options.webDist && fs.existsSync(path.join(options.webDist, 'index.html'))) {
    await serveWebApp(app, options.webDist)
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'Not found.' }))
  }
  return app
}

/**
 * Static files, with every other GET path answered by index.html so that deep links work; /login by
 * login.html, the same page with the sign-in form already in it (docs/decisions.md, "The sign-in page
 * in the HTML"), or index.html from a build made before it existed.
 */
async function serveWebApp(app: App, root: string) {
  const loginPage = fs.existsSync(path.join(root, 'login.html')) ? 'login.html' : 'index.html'
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    // scripts/build-web.mjs writes a .br and a .gz beside every compressible file of the build.
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  app.get('/login', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile(loginPage),
  )
  app.setNotFoundHandler((request, reply) => {
    // A hashed asset the build no longer has (an old page asking after a new version went out) is not
    // a page: index.html in its place would reach the browser as a script.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/')
    if (!isPage) return reply.code(404).send({ error: 'Not found.' })
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
