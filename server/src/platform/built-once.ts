import { createHash } from 'node:crypto'
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm'
import type pg from 'pg'
import type { RequestContext } from './context.ts'

/**
 * A read of a fixed shape, built once per database (or transaction) with `sql.placeholder` for its
 * values and run with `.execute(values)`. Drizzle builds a statement's text anew on every call, and on
 * the hot lists that cost the server more CPU than node-postgres spent sending and parsing the
 * statements (docs/decisions.md, "Statements built once").
 *
 * `build` ends in `prepared(query)`, which names the statement so that the database parses it once
 * per connection.
 */
export function builtOnce<On extends object, Q>(build: (db: On) => Q): (db: On) => Q {
  const built = new WeakMap<On, Q>()
  return (db) => {
    let query = built.get(db)
    if (!query) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}

/**
 * The caller as placeholders, for the conditions a statement built once shares with the rest of the
 * code (`visibleTo(ctx)` …): each names `orgId`, `userId` or `username`, and `callerValues` fills
 * them at each execution. Whether the caller is an admin changes a statement's shape, so it is fixed:
 * build one statement per value of it.
 */
export function callerPlaceholders(isAdmin = false): RequestContext {
  return {
    orgId: sql.placeholder('orgId'),
    userId: sql.placeholder('userId'),
    username: sql.placeholder('username'),
    isAdmin,
  } as unknown as RequestContext
}

export const callerValues = (ctx: Pick<RequestContext, 'orgId' | 'userId' | 'username'>) => ({
  orgId: ctx.orgId,
  userId: ctx.userId,
  username: ctx.username,
})

/**
 * A constant of a statement built once (a status, `true`, a page size), written into its text rather
 * than sent as a parameter. PostgreSQL keeps a named statement's generic plan only when its estimate is
 * no worse than the plans made with the values; a generic plan cannot see a parameter's value, and a
 * status's share of the rows (2 % of tasks are open) is what makes its estimate good. With the
 * statuses as parameters, the task list was planned anew at every execution, and planning was three
 * quarters of its time in the database (docs/decisions.md, "Generic plans").
 */
export function constant(value: string | number | boolean): SQL {
  if (typeof value === 'string') return sql.raw(`'${value.replaceAll("'", "''")}'`)
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new Error(`Not a whole number: ${value}`)
  return sql.raw(String(value))
}

/** A page size written into the statement (`constant`), typed as the number drizzle's `limit` takes. */
export const fixedLimit = (size: number) => constant(size) as unknown as number

/**
 * `builtOnce` for a read whose filters change its shape (a filter given or not, an admin or not): one
 * statement per database and shape, the shape named by `keyOf`. Shapes are few (which filters are on),
 * never the filters' values, which stay placeholders.
 */
export function builtPerShape<On extends object, Shape, Q>(
  keyOf: (shape: Shape) => string,
  build: (db: On, shape: Shape) => Q,
): (db: On, shape: Shape) => Q {
  const built = new WeakMap<On, Map<string, Q>>()
  return (db, shape) => {
    let shapes = built.get(db)
    if (!shapes) {
      shapes = new Map()
      built.set(db, shapes)
    }
    const key = keyOf(shape)
    let query = shapes.get(key)
    if (!query) {
      query = build(db, shape)
      shapes.set(key, query)
    }
    return query
  }
}

interface Preparable<P> {
  toSQL(): { sql: string }
  prepare(name: string): P
}

/**
 * A statement built once, prepared under a name of its own text: node-postgres parses it once per
 * connection and then sends only its values, and PostgreSQL (or the embedded database) keeps its
 * parse. PostgreSQL plans the first five executions with their values and keeps a generic plan only
 * when that costs no more (`plan_cache_mode` auto). Parsing and planning were a fifth to a third of a
 * light list's time (docs/decisions.md, "Statements built once").
 *
 * `planEach`: a statement whose values decide its plan (a search's words, whose selectivity a generic
 * plan cannot know) stays unnamed, planned at every execution with its values.
 */
export function prepared<P>(query: Preparable<P>, { planEach = false } = {}): P {
  if (planEach) return query.prepare('')
  return query.prepare(statementName(query.toSQL().sql))
}

/** A prepared statement's name, from its text: one text, one name, on every connection. */
const statementName = (text: string) =>
  `daftar_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`

interface Statement {
  toSQL(): { sql: string; params: unknown[] }
}

/** A database whose connection (a pool, or one of its clients) reads rows as arrays. */
interface ArrayReader {
  $client: { query(config: pg.QueryArrayConfig, values: unknown[]): Promise<pg.QueryArrayResult> }
}

/**
 * `prepared`, for a list whose rows go straight into its answer: the rows come as arrays in the
 * statement's column order (`columns`, the keys of its select) and `read` turns them into the answer
 * in one pass. Drizzle builds an object per row, field by field, before the presenter builds another;
 * on the busiest list that mapping and the garbage it left were a fifth of the server's CPU
 * (docs/decisions.md, "The SQL alone"). Values come as node-postgres parses them: timestamps as Date,
 * calendar days as 'YYYY-MM-DD' (db/connection.ts), counts as numbers. `planEach` as for `prepared`.
 */
export function preparedArrays<Columns extends string, Answer>(
  db: ArrayReader,
  query: Statement,
  columns: readonly Columns[],
  read: (rows: unknown[][], at: Record<Columns, number>) => Answer,
  { planEach = false } = {},
): { execute(values: Record<string, unknown>): Promise<Answer> } {
  const { sql: text, params } = query.toSQL()
  const config = { name: planEach ? undefined : statementName(text), text, rowMode: 'array' as const }
  const at = Object.fromEntries(columns.map((column, i) => [column, i])) as Record<Columns, number>
  return {
    async execute(values) {
      const result = await db.$client.query(config, fillPlaceholders(params, values))
      return read(result.rows, at)
    },
  }
}
