import { Writable } from 'node:stream'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { redactUrl } from '../src/bootstrap.ts'
import { createOrg, createUser, login, startTestServer, type TestServer } from './helpers.ts'

describe('request logs', () => {
  it('never carry a password from the address', () => {
    expect(redactUrl('/api/documents/1?password=hunter2')).toBe('/api/documents/1?password=[REDACTED]')
    // The name as the server decodes it: a percent-encoded letter does not hide it.
    expect(redactUrl('/api/x?pass%77ord=hunter2&page=2')).toBe('/api/x?pass%77ord=[REDACTED]&page=2')
    expect(redactUrl('/api/x?a=1&refreshToken=abc')).toBe('/api/x?a=1&refreshToken=[REDACTED]')
    expect(redactUrl('/api/x?a=1&Password=s3cret&b=2')).toBe('/api/x?a=1&Password=[REDACTED]&b=2')
    expect(redactUrl('/api/tasks?page=2')).toBe('/api/tasks?page=2')
  })
})

describe('request log lines', () => {
  let server: TestServer
  let app: FastifyInstance
  const lines: Record<string, unknown>[] = []

  beforeAll(async () => {
    server = await startTestServer()
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    const log = pino({ level: 'info' }, sink) as FastifyBaseLogger
    app = await buildApp({ ...server.deps, log })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await server?.close()
  })

  it('are one per request, with who, what, how it ended and how long it took', async () => {
    const org = await createOrg(server)
    const user = await createUser(server, org.orgId)
    const { accessToken } = await login(server, user.username)
    lines.length = 0
    const res = await app.inject({
      url: '/api/users/me?password=hunter2',
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(res.statusCode).toBe(200)
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toHaveLength(1)
    const line = lines[0]!
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/users/me?password=[REDACTED]',
      status: 200,
      ip: '127.0.0.1',
      user: user.userId,
      org: org.orgId,
    })
    expect(line.reqId).toBeDefined()
    expect(typeof line.ms).toBe('number')
    expect(JSON.stringify(line)).not.toContain('hunter2')
    expect(JSON.stringify(line)).not.toContain(accessToken)
  })

  it('are warnings for refusals, without a user', async () => {
    lines.length = 0
    const res = await app.inject({ url: '/api/users/me' })
    expect(res.statusCode).toBe(401)
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40, status: 401, url: '/api/users/me' })
    expect(lines[0]!.user).toBeUndefined()
  })
})
