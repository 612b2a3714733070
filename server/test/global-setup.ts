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
  const dump = await database.embedded!.dump()
  await database.close()
  const templatePath = path.join(os.tmpdir(), `daftar-test-template-${process.pid}.tar`)
  fs.writeFileSync(templatePath, dump)
  project.provide('templatePath', templatePath)
  project.provide('templateDatabaseUrl', '')
  return () => fs.rmSync(templatePath, { force: true })
}
