import { type SQLWrapper, sql } from 'drizzle-orm'
import { z } from 'zod'

export const DEFAULT_PAGE_SIZE = 20

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).optional(),
})

export function pageWindow(page: number, limit = DEFAULT_PAGE_SIZE) {
  return { limit, offset: (page - 1) * limit }
}

export function totalPages(total: number, limit = DEFAULT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / limit))
}

/**
 * A list's count, carried by its page's own statement: an uncorrelated subquery, which PostgreSQL
 * runs once per execution (an init plan), so a page and its count are one round trip.
 */
export const countAlongside = (counted: SQLWrapper) => sql<number>`(${counted})`.mapWith(Number)

/**
 * The count of a page read with `countAlongside` (`alongside`, its first row's count). A first page
 * without rows is an empty list (a search that finds nothing: nothing more to plan or read); a page
 * past the last has no row to carry the count, and asks `counted` alone.
 */
export async function countOf(
  alongside: number | undefined,
  page: number,
  counted: () => Promise<{ n: number }[]>,
) {
  if (alongside !== undefined) return alongside
  if (page === 1) return 0
  return (await counted())[0]?.n ?? 0
}
