import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { migrationsFolder } from '../../db/migrate.ts'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'

/** How long readiness waits for the database before answering 503. */
export const READY_TIMEOUT_MS = 1500

const health = z.object({ status: z.literal('ok') })
const ready = z.object({ status: z.enum(['ready', 'unavailable']), error: z.string().optional() })

/** Migrations the code carries: the database is ready when it has applied them all. */
function expectedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
  return (journal.entries as unknown[]).length
}

async function checkDatabase(deps: Deps, expected: number): Promise<string | null> {
  const { rows } = await deps.db.execute<{ applied: number }>(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )
  const applied = Number(rows[0]?.applied ?? 0)
  return applied >= expected ? null : `Database migrations pending (${applied} of ${expected} applied).`
}

/**
 * Public probes for operators and load balancers (docs/security.md, operations): `/health` says the
 * process answers; `/ready` that the database is reachable within READY_TIMEOUT_MS and migrated.
 */
export async function healthRoutes(app: App, deps: Deps) {
  const expected = expectedMigrations()
  app.get('/health', { schema: { response: { 200: health } } }, async () => ({ status: 'ok' as const }))
  app.get('/ready', { schema: { response: { 200: ready, 503: ready } } }, async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('The database did not answer in time.'), READY_TIMEOUT_MS)
    })
    const problem = await Promise.race([
      checkDatabase(deps, expected).catch(() => 'The database is unreachable.'),
      timeout,
    ]).finally(() => clearTimeout(timer))
    if (problem) return reply.code(503).send({ status: 'unavailable' as const, error: problem })
    return { status: 'ready' as const }
  })
}
