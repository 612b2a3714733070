import { count, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../db/connection.ts'

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Case-insensitive "any of these columns contains the term"; undefined when there is no term. */
export function searchAny(term: string, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!term) return undefined
  return anyLike(columns, likePattern(term))
}

/** "Any of these columns is ILIKE the pattern": a `likePattern`, or a placeholder for one. */
export const anyLike = (columns: (PgColumn | SQL)[], pattern: string | Placeholder) =>
  sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`

/**
 * How many rows of `table` match, as a column of another select: the first few rows and their total
 * in one statement (an uncorrelated subquery, counted once). With no rows the total is 0 anyway.
 */
export const totalOf = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*)::int from ${table} where ${where ?? sql`true`})`.mapWith(Number)

/** How many rows of `table` match `where` (a badge's count, a limit's use). */
export async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where)
  return row?.n ?? 0
}
