import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../src/modules/notifications/schema.ts'
import { prepared, preparedArrays } from '../src/platform/built-once.ts'
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

describe('preparedArrays: a list read as arrays', () => {
  const db = () => drizzle({ client: connection })
  const orgId = '00000000-0000-4000-8000-000000000001'

  it('hands `read` the rows as arrays in the columns’ order, under the same name as `prepared`', async () => {
    const statement = () =>
      db()
        .select({
          label: sql<string>`'due ' || ${sql.placeholder('n')}::int`,
          when: sql<Date>`timestamptz '2026-11-30 10:15:00+05:30'`,
          day: sql<string>`date '2026-11-30'`,
          count: sql<number>`count(*) over ()`,
        })
        .from(sql`generate_series(1, 2) g`)
        .where(sql`${orgId}::uuid = ${sql.placeholder('orgId')}::uuid`)
    const before = await preparedNames()
    const read = preparedArrays(db(), statement(), ['label', 'when', 'day', 'count'], (rows, at) =>
      rows.map((row) => ({
        label: row[at.label],
        at: (row[at.when] as Date).toISOString(),
        day: row[at.day],
        n: row[at.count],
      })),
    )
    const answer = { label: 'due 7', at: '2026-11-30T04:45:00.000Z', day: '2026-11-30', n: 2 }
    expect(await read.execute({ n: 7, orgId })).toEqual([answer, answer])
    const added = (await preparedNames()).filter((name) => !before.includes(name))
    expect(added).toHaveLength(1)
    // The drizzle statement of the same text is the same prepared statement.
    expect(await prepared(statement()).execute({ n: 7, orgId })).toHaveLength(2)
    expect((await preparedNames()).filter((name) => !before.includes(name))).toEqual(added)
    expect(await read.execute({ n: 8, orgId: '00000000-0000-4000-8000-000000000002' })).toEqual([])
  })

  it('stay unnamed with planEach', async () => {
    const before = await preparedNames()
    const read = preparedArrays(
      db(),
      db()
        .select({ id: notifications.notificationId })
        .from(notifications)
        .where(sql`${notifications.message} ilike ${sql.placeholder('pattern')}`),
      ['id'],
      (rows) => rows.length,
      { planEach: true },
    )
    expect(await read.execute({ pattern: '%due%' })).toBe(0)
    expect(await preparedNames()).toEqual(before)
  })
})
