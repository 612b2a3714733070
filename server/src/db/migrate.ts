import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Db } from './connection.ts'

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Applies the committed migrations; an advisory lock keeps two starting instances from racing. */
export async function runMigrations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7274837)`)
    await migrate(tx as unknown as Db, { migrationsFolder })
  })
}
