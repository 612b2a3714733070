import { sql } from 'drizzle-orm'
import type { FastifyError, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpErrorOf } from '../src/platform/errors.ts'
import {
  client,
  createOrg,
  createUser,
  login,
  multipart,
  PNG_1PX,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.ts'

let server: TestServer
let user: TestUser
let token: string

beforeAll(async () => {
  server = await startTestServer()
  user = await createUser(server, (await createOrg(server)).orgId)
  token = (await login(server, user.email)).accessToken
})
afterAll(() => server.close())

const api = () => client(server, token)

/** An error answer: JSON `{ error }` and nothing else; no stack frames, no SQL, no file paths. */
function expectCleanError(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status)
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/)
  const body = res.json()
  expect(Object.keys(body)).toEqual(['error'])
  expect(body.error).toEqual(expect.any(String))
  expect(body.error.length).toBeGreaterThan(0)
  expect(res.body).not.toMatch(/\bat\s+\S+\s+\(|\bat\s+(file:|node:|\/)|:\d+:\d+\)/)
  expect(res.body).not.toMatch(
    /\b(select|insert\s+into|update|delete\s+from)\b[\s\S]*\b(from|values|set|where)\b/i,
  )
  expect(res.body).not.toMatch(
    /node_modules|\/work\/|\.ts\b|SyntaxError|DrizzleQueryError|invalid input syntax|violates/,
  )
  return body.error as string
}

describe('security headers', () => {
  it('sends a strict Content-Security-Policy, nosniff and no framing on API answers', async () => {
    for (const res of [await api().get('/users/me'), await client(server).get('/users/me')]) {
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/)
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("object-src 'none'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      const framing =
        /frame-ancestors 'none'/.test(csp) ||
        /^(DENY|SAMEORIGIN)$/i.test(String(res.headers['x-frame-options']))
      expect(framing).toBe(true)
    }
  })
})

describe('request bodies', () => {
  it('refuses a JSON body over 1 MB with 413 and a JSON error', async () => {
    const payload = JSON.stringify({ identifier: 'x'.repeat(1024 * 1024 + 10), password: 'whatever' })
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': 'application/json' },
    })
    expectCleanError(res, 413)
  })

  it('accepts a body under 1 MB as far as the size goes (validation answers instead)', async () => {
    const res = await client(server).post('/auth/login', {
      identifier: 'x'.repeat(900 * 1024),
      password: 'whatever',
    })
    expect(res.statusCode).toBe(400)
  })

  it('refuses malformed JSON with 400 and no parser details', async () => {
    for (const payload of ['{"identifier": ', '{identifier: 1}', '[1,2', 'null garbage']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
      })
      expectCleanError(res, 400)
    }
  })

  it('refuses an unsupported content type with 415', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'identifier=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expectCleanError(res, 415)
  })
})

describe('unknown paths', () => {
  it("answers 404 { error: 'Not found.' } for unknown /api paths, with or without a token", async () => {
    for (const res of [
      await client(server).get('/nothing-here'),
      await api().get('/nothing-here'),
      await api().post('/users/me/deeper', {}),
      await api().delete('/users/me'),
      await server.app.inject({ method: 'GET', url: '/api' }),
    ]) {
      expect(expectCleanError(res, 404)).toBe('Not found.')
    }
  })
})

describe('errors never leak internals', () => {
  it('answers a malformed id (a database error underneath) with a plain 404', async () => {
    const res = await api().put('/users/not-a-uuid/change-password', {
      currentPassword: 'x',
      newPassword: 'abcdef',
    })
    expectCleanError(res, 404)
  })

  it('a request that failed in the database does not break the next one', async () => {
    const answers: number[] = []
    for (let i = 0; i < 10; i++) {
      const bad = await api().put('/users/not-a-uuid/change-password', {
        currentPassword: 'x',
        newPassword: 'abcdef',
      })
      expect(bad.statusCode).toBe(404)
      answers.push((await api().get('/users/me')).statusCode)
      answers.push((await api().get('/categories')).statusCode)
    }
    expect(answers).toEqual(Array(20).fill(200))
  })

  it('answers an unexpected failure with a generic 500', async () => {
    const storage = server.deps.storage
    const original = storage.put
    storage.put = async () => {
      throw new Error(
        'EIO: disk failure writing /srv/secret/files\n    at LocalDiskStorage.put (storage.ts:60:11)',
      )
    }
    try {
      const body = multipart(
        { full_name: 'Anyone' },
        { display_photo: { name: 'a.png', type: 'image/png', data: PNG_1PX } },
      )
      const res = await api().put(`/users/${user.userId}`, body.payload, body.headers)
      const message = expectCleanError(res, 500)
      expect(message).not.toMatch(/EIO|disk|secret/)
    } finally {
      storage.put = original
    }
  })

  it('answers bad tokens and validation failures with clean errors too', async () => {
    expectCleanError(await client(server, 'garbage').get('/users/me'), 401)
    expectCleanError(await api().get('/get-presigned-url?key=x&bucketType=nope'), 400)
    const body = multipart({ full_name: 'Anyone' })
    const badIfMatch = await api().put(`/users/${user.userId}`, body.payload, {
      ...body.headers,
      'if-match': 'banana',
    })
    expect(expectCleanError(badIfMatch, 400)).toBe('Invalid If-Match header.')
  })
})

describe('a lost database connection', () => {
  it('fails the transaction it cut short, without an uncaught error that would stop the server', async () => {
    const other = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '1000' })
    const uncaught: unknown[] = []
    const record = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', record)
    try {
      // PostgreSQL: the backend is terminated; embedded: the watchdog restarts the worker after 1 s.
      const cut =
        other.database.kind === 'postgres'
          ? sql`select pg_terminate_backend(pg_backend_pid())`
          : sql`select count(*) from generate_series(1, 2000000000)`
      const work = other.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await tx.execute(cut)
      })
      await expect(work).rejects.toBeInstanceOf(Error)
      await new Promise((r) => setTimeout(r, 500))
    } finally {
      process.off('uncaughtException', record)
      await other.close()
    }
    expect(uncaught).toEqual([])
  })
})

describe('what an error answers', () => {
  const alive = { aborted: false, destroyed: false }
  const socketReset = () =>
    Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })

  it('a database connection lost mid-query answers 503 and is a server fault, not a client that left', () => {
    const lost = new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') })
    expect(httpErrorOf(lost as FastifyError, alive)).toEqual({
      status: 503,
      message: 'The database is briefly unavailable. Please try again.',
    })
    // The database's socket reset while the client is still there: the same.
    const reset = new Error('Failed query', { cause: socketReset() })
    expect(httpErrorOf(reset as FastifyError, alive).status).toBe(503)
    // A backend ended by the administrator (57P01).
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    })
    expect(httpErrorOf(terminated as FastifyError, alive).status).toBe(503)
  })

  it('a client that went away mid-request is only a note (400, not an error)', () => {
    expect(httpErrorOf(socketReset() as FastifyError, { aborted: true, destroyed: true })).toEqual({
      status: 400,
      message: 'The request was interrupted.',
      disconnected: true,
    })
    const premature = Object.assign(new Error('premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })
    expect(httpErrorOf(premature as FastifyError, alive).disconnected).toBe(true)
  })
})
