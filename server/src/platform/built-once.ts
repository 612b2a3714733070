import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
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
  const digest = createHash('sha256').update(query.toSQL().sql).digest('base64url')
  return query.prepare(`daftar_${digest.slice(0, 32)}`)
}
