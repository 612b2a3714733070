import { is, SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, index } from 'drizzle-orm/pg-core'

/**
 * A searched field under pg_trgm's operator class, for a GIN index by which a "contains" search reads
 * the matching rows instead of every row (docs/decisions.md, "Search"). An expression must be written
 * word for word as the search writes it, or the search cannot use the index.
 */
export function trigramOps(searched: AnyPgColumn | SQL) {
  // PostgreSQL indexes a column by its name, an expression only in parentheses.
  const operand = is(searched, SQL) ? sql`(${searched})` : searched
  return sql`${operand} gin_trgm_ops`
}

/** The trigram index of one searched field (see trigramOps). */
export function trigramIndex(name: string, searched: AnyPgColumn | SQL) {
  return index(name).using('gin', trigramOps(searched))
}
