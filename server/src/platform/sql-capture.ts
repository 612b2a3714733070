import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import type pg from 'pg'

/**
 * The benchmark's view of what one request sends to the database (bench/README.md, "The SQL alone"):
 * with SQL_CAPTURE_FILE set, every statement sent through the pool during a request that carries the
 * CAPTURE_HEADER is appended to that file as a JSON line `{ url, text, values }` (the load runs send
 * no header and are not slowed); background work (jobs, the outbox) belongs to no request and is left
 * out. Off unless set; never set in production.
 */
const requestUrl = new AsyncLocalStorage<string>()

export const CAPTURE_HEADER = 'x-daftar-capture-sql'

/** Runs the rest of a request's handling as `url`'s, for the capture. */
export const withinRequest = (url: string, next: () => void) => requestUrl.run(url, next)

const captured = new WeakSet<pg.Pool>()

/** Wraps the pool's `query` once, however many app instances share it. */
export function captureStatements(pool: pg.Pool, file: string) {
  if (captured.has(pool)) return
  captured.add(pool)
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  pool.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const url = requestUrl.getStore()
    if (url) {
      const text = typeof config === 'string' ? config : (config as pg.QueryConfig).text
      const params = Array.isArray(values) ? values : (config as pg.QueryConfig).values
      fs.appendFileSync(file, `${JSON.stringify({ url, text, values: params ?? [] })}\n`)
    }
    return query(config, values, callback)
  }) as typeof pool.query
}
