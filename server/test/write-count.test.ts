import { describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/connection.ts'

// Beside embedded-db.test.ts, which the PostgreSQL pass of CI leaves out (vitest.config.ts): this one
// says what differs between the engines, so it runs on both.
describe('the count of writes (what a kept answer is checked against)', () => {
  it('is kept on the embedded database and not on PostgreSQL, which other processes also write', async () => {
    const url = process.env.TEST_DATABASE_URL
    const database = await openDatabase(
      url ? { databaseUrl: url, statementTimeoutMs: 60_000 } : { statementTimeoutMs: 60_000 },
    )
    try {
      expect(database.kind).toBe(url ? 'postgres' : 'pglite')
      expect(database.writes === undefined).toBe(database.kind === 'postgres')
    } finally {
      await database.close()
    }
  })
})
