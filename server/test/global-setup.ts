import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/connection.ts'
import { runMigrations } from '../src/db/migrate.ts'
import { buildCompiledServer } from './compiled.ts'
import { createTemplateDatabase, dropDatabase } from './postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    templatePath: string
    templateDatabaseUrl: string
  }
}

/**
 * Builds the compiled server that some tests start as a process, and migrates one database for the
 * whole run; every test file starts from a copy of it: a PGlite dump, or a PostgreSQL template
 * database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  buildCompiledServer()
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const templateUrl = await createTemplateDatabase(serverUrl)
    project.provide('templateDatabaseUrl', templateUrl)
    project.provide('templatePath', '')
    return async () => dropDatabase(serverUrl, new URL(templateUrl).pathname.slice(1))
  }
  const database = await openDatabase({ template: undefined, dataDir: undefined, statementTimeoutMs: 60_000 })
  await runMigrations(database.db)
  // Every test file unpacks this dump into a new database, and unpacking is most of an open's time:
  // without the two template databases (a third of its bytes and 600 of its 1,400 files; PGlite never
  // copies a database) an open takes a fifth less (docs/decisions.md, "CI time").
  for (const name of ['template0', 'template1']) {
    await database.pool.query(`alter database ${name} with is_template false allow_connections false`)
    await database.pool.query(`drop database ${name}`)
  }
  await database.pool.query('checkpoint')
  const dump = await database.embedded!.dump()
  await database.close()
  const templatePath = path.join(os.tmpdir(), `daftar-test-template-${process.pid}.tar`)
  fs.writeFileSync(templatePath, dump)
  project.provide('templatePath', templatePath)
  project.provide('templateDatabaseUrl', '')
  return () => fs.rmSync(templatePath, { force: true })
}
