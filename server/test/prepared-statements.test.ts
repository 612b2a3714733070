import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../src/modules/notifications/schema.ts'
import { prepared } from '../src/platform/built-once.ts'
import { startTestServer, type TestServer } from './helpers.ts'

let server: TestServer
let connection: pg.PoolClient

beforeAll(async () => {
  server = await startTestServer()
  // One connection: a named statement is the connection's, and pg_prepared_statements shows its own.
  connection = await server.database.pool.connect()
})
afterAll(async () => {
  connection.release()
  await server.close()
})

const preparedNames = async () =>
  (await connection.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
    (r) => r.name,
  )

describe('prepared: statements built once', () => {
  const db = () => drizzle({ client: connection })
  const unread = () =>
    db()
      .select({ id: notifications.notificationId })
      .from(notifications)
      .where(eq(notifications.orgId, sql.placeholder('orgId')))

  it('are named by their text, so the database keeps their parse for the connection', async () => {
    const first = prepared(unread())
    const orgId = '00000000-0000-4000-8000-000000000000'
    expect(await first.execute({ orgId })).toEqual([])
    expect(await first.execute({ orgId })).toEqual([])
    const names = await preparedNames()
    expect(names.filter((name) => name.startsWith('daftar_'))).toHaveLength(1)
    // Built again (as for a transaction), the same text is the same statement, not a second one.
    expect(await prepared(unread()).execute({ orgId })).toEqual([])
    expect(await preparedNames()).toEqual(names)
  })

  it('stay unnamed where their values decide the plan (planEach)', async () => {
    const before = await preparedNames()
    const searched = prepared(
      db()
        .select({ id: notifications.notificationId })
        .from(notifications)
        .where(sql`${notifications.message} ilike ${sql.placeholder('pattern')}`),
      { planEach: true },
    )
    expect(await searched.execute({ pattern: '%due%' })).toEqual([])
    expect(await preparedNames()).toEqual(before)
  })
})
