import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../src/app.ts'
import { createDeps, createLogger, type DepsOverrides } from '../src/bootstrap.ts'
import { type Config, loadConfig } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/connection.ts'
import { organisations } from '../src/modules/organisations/schema.ts'
import { createLoginAccount } from '../src/modules/users/service.ts'
import type { Deps } from '../src/platform/deps.ts'
import { DEMO_PASSWORD } from '../src/seed/seed.ts'
import { createDatabaseFromTemplate, dropDatabase } from './postgres.ts'

export interface TestServer {
  app: FastifyInstance
  deps: Deps
  config: Config
  database: Database
  close(): Promise<void>
}

export const PASSWORD = DEMO_PASSWORD

/** A fresh, migrated database and a built app, per test file; `overrides` replace some dependencies. */
export async function startTestServer(
  env: Record<string, string> = {},
  overrides: DepsOverrides & { log?: FastifyBaseLogger } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOGIN_MAX_PER_IP: '10000',
    OTP_SEND_MAX_PER_IP: '10000',
    OTP_SEND_MAX_PER_IDENTIFIER: '10000',
    OTP_VERIFY_MAX_PER_IP: '10000',
    ...env,
  })
  const templateUrl = inject('templateDatabaseUrl')
  let databaseUrl: string | undefined
  let database: Database
  if (templateUrl) {
    databaseUrl = await createDatabaseFromTemplate(templateUrl)
    database = await openDatabase({ databaseUrl, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS })
  } else {
    const template = new Uint8Array(fs.readFileSync(inject('templatePath')))
    database = await openDatabase({ template, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS })
  }
  const log = overrides.log ?? createLogger(config)
  const deps = await createDeps(config, database, log, overrides)
  const first = await buildApp(deps)
  await first.ready()
  // TEST_TWO_INSTANCES=1: a second app with its own dependencies on the same database answers every
  // other request, as a second server behind a load balancer would (docs/scaling.md).
  const secondDeps =
    process.env.TEST_TWO_INSTANCES === '1' ? await createDeps(config, database, log, overrides) : null
  const second = secondDeps ? await buildApp(secondDeps) : null
  if (secondDeps) {
    // Mail and push written through either instance go out from whichever claims them: waiting for
    // "the outbox" means waiting for both dispatchers.
    const own = deps.outbox.drain.bind(deps.outbox)
    deps.outbox.drain = async () => {
      await secondDeps.outbox.drain()
      await own()
    }
  }
  await second?.ready()
  const app = second ? alternating(first, second) : first
  return {
    app,
    deps,
    config,
    database,
    async close() {
      try {
        await second?.close()
        await secondDeps?.outbox.stop()
        await first.close()
        await deps.outbox.stop()
        await database.close()
      } finally {
        // Also after a test that ended the pool itself (the database gone): the copy is not left behind.
        if (databaseUrl) await dropDatabase(databaseUrl, new URL(databaseUrl).pathname.slice(1))
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
  }
}

/** `first`, except that its requests alternate between the two apps. */
function alternating(first: FastifyInstance, second: FastifyInstance): FastifyInstance {
  let turn = 0
  return new Proxy(first, {
    get(target, key, receiver) {
      if (key === 'inject')
        return (...args: unknown[]) =>
          ((turn++ % 2 ? second : first).inject as (...a: unknown[]) => unknown)(...args)
      const value = Reflect.get(target, key, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

let sequence = 0
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`

export interface TestUser {
  userId: string
  orgId: string
  username: string
  email: string
  mobile: string
  password: string
}

export async function createOrg(
  server: TestServer,
  options: { name?: string; userLimit?: number | null } = {},
) {
  const [org] = await server.deps.db
    .insert(organisations)
    .values({ name: options.name ?? `Org ${unique()}`, userLimit: options.userLimit ?? null })
    .returning()
  return org!
}

export async function createUser(
  server: TestServer,
  orgId: string,
  options: {
    isAdmin?: boolean
    isAccountant?: boolean
    fullName?: string
    email?: string | null
    mobile?: string
  } = {},
): Promise<TestUser> {
  const id = unique()
  const username = `user${id}`
  const email = options.email === null ? null : (options.email ?? `${username}@example.test`)
  const mobile = options.mobile ?? `+91${String(Date.now() + sequence++).slice(-10)}`
  const user = await server.deps.db.transaction((tx) =>
    createLoginAccount(tx, {
      orgId,
      username,
      fullName: options.fullName ?? `User ${id}`,
      email,
      mobile,
      password: PASSWORD,
      designation: 'Engineer',
      isAdmin: options.isAdmin,
      isAccountant: options.isAccountant,
    }),
  )
  return {
    userId: user.userId,
    orgId,
    username,
    email: email ?? '',
    mobile: user.mobile!,
    password: PASSWORD,
  }
}

export interface Tokens {
  accessToken: string
  refreshToken: string
}

export async function login(server: TestServer, identifier: string, password = PASSWORD): Promise<Tokens> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
  })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Calls the API as the holder of `token`. */
export function client(server: TestServer, token?: string) {
  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method,
      url: `/api${url}`,
      payload: payload as never,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    })
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('POST', url, payload, headers),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('PUT', url, payload, headers),
    delete: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('DELETE', url, payload, headers),
  }
}

export function errorOf(res: LightMyRequestResponse): string {
  return (res.json() as { error: string }).error
}

/** Builds a multipart body by hand, so that tests control every byte (and the claimed type). */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; data: Buffer }> = {},
) {
  const boundary = `----daftar${unique()}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** The newest mail in the outbox directory addressed to `to`, or undefined. */
export function lastMailTo(config: Config, to: string): string | undefined {
  if (!fs.existsSync(config.outboxDir)) return undefined
  const files = fs
    .readdirSync(config.outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(config.outboxDir, f), 'utf8'))
    .filter((text) => text.includes(`To: ${to}`))
  return files.at(-1)
}

export function otpFrom(text: string | undefined): string {
  const match = /code is (\d{6})/.exec(text ?? '')
  if (!match) throw new Error('No OTP in message')
  return match[1]!
}

/** A tiny valid PNG (1×1). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
