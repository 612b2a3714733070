import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import type { Config } from './config.ts'
import { type Database, openDatabase } from './db/connection.ts'
import { runMigrations } from './db/migrate.ts'

/*
 * What the process needs before the app: its logger and its database. Kept apart from bootstrap.ts
 * (the app's dependencies, which load most of the server's packages) so that main.ts can start the
 * embedded database's thread first and load the rest while it starts (docs/decisions.md, "A compiled
 * server").
 */

/** Request logs never carry a password, even one a client put in an address by mistake. */
export function redactUrl(url: string): string {
  return url.replace(/([?&])([^=&]*)=([^&]*)/g, (whole, separator: string, name: string) =>
    /pass|secret|token|otp/i.test(decodedName(name)) ? `${separator}${name}=[REDACTED]` : whole,
  )
}

/** A parameter name as the server reads it: `pass%77ord` is `password`. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

export function createLogger(config: Config): FastifyBaseLogger {
  return pino(
    {
      level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    // Asynchronous writes: lines logged while a write is under way go out together in the next one,
    // instead of one blocking write(2) per request line (9 % of a cheap request's CPU when synchronous).
    // pino flushes what is pending when the process exits. docs/decisions.md, "Performance".
    pino.destination({ dest: 1, sync: false }),
  ) as FastifyBaseLogger
}

export async function openAndMigrate(
  config: Config,
  log: FastifyBaseLogger,
  template?: Uint8Array,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: template ? undefined : `${config.dataDir}/pgdata`,
    lockDir: template ? undefined : config.dataDir,
    template,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    onEmbeddedRestart: (reason) => log.error(`Embedded database restarted: ${reason}`),
  })
  try {
    await runMigrations(database.db)
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}
