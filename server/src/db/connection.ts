import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { type EmbeddedDatabase, startEmbedded } from './embedded.ts'

export type Db = NodePgDatabase & { $client: pg.Pool }
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Services take either, so that a caller can fold their work into its own transaction. */
export type DbOrTx = Db | Tx

export interface Database {
  db: Db
  pool: pg.Pool
  kind: 'pglite' | 'postgres'
  embedded?: EmbeddedDatabase
  /**
   * The embedded database only (one process holds it, so this process sees every change): how many
   * statements that may change data have ended. An answer computed after reading this number is
   * current for as long as it stays the same. Absent on PostgreSQL, which other processes also write.
   */
  writes?: () => number
  close(): Promise<void>
}

// numeric and bigint stay strings in pg by default; counts come back as bigint, so read int8 as number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
// A date column is a calendar day: keep it as the 'YYYY-MM-DD' string, never a shifted Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v)

/**
 * A connection lost mid-transaction (server restart, the embedded watchdog) must fail only the query
 * it was running, which the error handler answers with 503, never the whole process.
 */
function tolerateConnectionLoss(pool: pg.Pool) {
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
}

/**
 * PGlite is one session, whichever connection reaches it: the statements a connection named
 * (`prepared`, platform/built-once.ts) outlive it. The pool drops a connection whose query failed
 * outside a transaction, and its replacement, knowing no named statement, would be refused each one
 * it names again ('prepared statement … already exists') until the process restarted. So a new
 * connection forgets them before the pool hands it out; it is the pool's only one, so no other
 * connection loses a statement it counts on.
 */
const forgetNamedStatements = (client: pg.ClientBase) => client.query('DEALLOCATE ALL')

/** Statements that change no data: reads, and a transaction's start and settings. COMMIT is not one. */
const READS = /^\s*(select|show|begin|start transaction|set|savepoint|release|rollback)\b/i
/** Statements whose count of rows says whether they changed any (a CTE before them might, so not WITH). */
const COUNTED = /^\s*(insert|update|delete|merge)\b/i

/**
 * Counts, on every connection of the pool, the statements that may have changed data, once each has
 * ended (its result or its error is back), so anything a reader sees afterwards was counted by then.
 * An UPDATE, INSERT or DELETE of no row changed nothing (the outbox's poll is one every second).
 */
function countWrites(pool: pg.Pool): () => number {
  let writes = 0
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const first = args[0] as string | pg.QueryConfig | undefined
      const text = typeof first === 'string' ? first : first?.text
      if (text && READS.test(text)) return query(...args)
      const ended = (result?: unknown) => {
        const rows = (result as pg.QueryResult | undefined)?.rowCount
        if (!(rows === 0 && text && COUNTED.test(text))) writes++
      }
      const last = args.length - 1
      const callback = args[last]
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          ended(error ? undefined : result)
          return callback(error, result)
        }
        return query(...args)
      }
      const result = query(...args)
      if (result instanceof Promise) result.then(ended, () => ended())
      else ended()
      return result
    }) as typeof client.query
  })
  return () => writes
}

export interface OpenOptions {
  databaseUrl?: string
  dataDir?: string
  /** Directory to lock against a second process (DATA_DIR); defaults to dataDir. */
  lockDir?: string
  template?: Uint8Array
  statementTimeoutMs: number
  poolMax?: number
  onEmbeddedRestart?: (reason: string) => void
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      statement_timeout: options.statementTimeoutMs,
      // A server that stopped answering fails a request within 2 s (503) instead of hanging it.
      connectionTimeoutMillis: 2000,
    })
    tolerateConnectionLoss(pool)
    return { db: drizzle({ client: pool }), pool, kind: 'postgres', close: () => pool.end() }
  }
  const embedded = await startEmbedded({
    dataDir: options.dataDir,
    lockDir: options.lockDir,
    template: options.template,
    statementTimeoutMs: options.statementTimeoutMs,
    onRestart: options.onEmbeddedRestart,
  })
  // PGlite is one session: a pool of one makes requests queue for it instead of interleaving.
  const pool = new pg.Pool({
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    onConnect: forgetNamedStatements,
  })
  tolerateConnectionLoss(pool)
  const writes = countWrites(pool)
  return {
    db: drizzle({ client: pool }),
    pool,
    kind: 'pglite',
    embedded,
    writes,
    async close() {
      await pool.end()
      await embedded.close()
    },
  }
}
