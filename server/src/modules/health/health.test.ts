import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/helpers.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const get = (url: string) => server.app.inject({ method: 'GET', url })

describe('GET /api/health and /api/ready', () => {
  it('answer without signing in: alive, and ready with a reachable, migrated database', async () => {
    const health = await get('/api/health')
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok' })
    const ready = await get('/api/ready')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })
    expect(ready.headers['cache-control']).toBe('no-store')
  })

  it('is not ready while a migration is missing', async () => {
    const { rows } = await server.deps.database.pool.query(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *',
    )
    try {
      const res = await get('/api/ready')
      expect(res.statusCode).toBe(503)
      expect(res.json().error).toMatch(/migrations pending/)
    } finally {
      const row = rows[0]
      await server.deps.database.pool.query(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [row.id, row.hash, row.created_at],
      )
    }
    expect((await get('/api/ready')).statusCode).toBe(200)
  })

  it('answers 503 within 2 s when the database is gone, while /health stays 200', async () => {
    const other = await startTestServer()
    await other.database.pool.end()
    const started = Date.now()
    const res = await other.app.inject({ method: 'GET', url: '/api/ready' })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: 'unavailable', error: 'The database is unreachable.' })
    expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    await other.close().catch(() => {})
  })
})
