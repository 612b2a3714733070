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
