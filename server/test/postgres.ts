import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase } from '../src/db/connection.ts'
import { runMigrations } from '../src/db/migrate.ts'

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function createTemplateDatabase(serverUrl: string): Promise<string> {
  const name = `daftar_tpl_${randomBytes(4).toString('hex')}`
  await admin(serverUrl, (c) => c.query(`create database ${name}`))
  const url = withDatabase(serverUrl, name)
  const database = await openDatabase({ databaseUrl: url, statementTimeoutMs: 60_000, poolMax: 1 })
  await runMigrations(database.db)
  await database.close()
  return url
}

const SOURCE_IN_USE = '55006'

/**
 * A fresh database copied from the migrated template; returns its URL. PostgreSQL refuses the copy
 * while any other session (a parallel test file's copy, autovacuum) is connected to the template, so
 * the copy is made from the `postgres` database and retried for a few seconds on that refusal.
 */
export async function createDatabaseFromTemplate(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1)
  const name = `daftar_t_${randomBytes(5).toString('hex')}`
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(withDatabase(templateUrl, 'postgres'), (c) =>
        c.query(`create database ${name} template ${template}`),
      )
      return withDatabase(templateUrl, name)
    } catch (error) {
      if ((error as { code?: string }).code !== SOURCE_IN_USE || attempt >= 50) throw error
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100))
    }
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(withDatabase(serverUrl, 'postgres'), (c) =>
    c.query(`drop database if exists ${name} with (force)`),
  )
}
