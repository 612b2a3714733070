import { z } from 'zod'
import { endpoint } from './http.ts'

/** The formats of every list's export (docs/decisions.md, "Exports"). */
export const exportFormats = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof exportFormats)[number]

const formatField = { format: z.enum(exportFormats, { error: 'Format must be csv or xlsx.' }).default('csv') }

/**
 * An export's query: the list's own query schema (its filters and sort; its page is ignored) with
 * `format`. The list's schema is an object, or an object piped into a transform (register lists).
 */
export function exportQueryOf<S extends z.ZodType>(
  query: S,
): z.ZodType<z.output<S> & { format: ExportFormat }, z.input<S> & { format?: ExportFormat }> {
  if (query instanceof z.ZodObject) return query.safeExtend(formatField) as never
  if (query instanceof z.ZodPipe && query.in instanceof z.ZodObject)
    return query.in
      .safeExtend(formatField)
      .pipe(query.out as z.ZodType<unknown, Record<string, unknown>>) as never
  throw new Error('An export query is built from an object schema.')
}

/** GET <path>: a list as a CSV or XLSX file, read with the list's own query (docs/decisions.md, "Exports"). */
export const exportEndpoint = <const P extends string, S extends z.ZodType>(path: P, listQuery: S) =>
  endpoint('GET', path, { querystring: exportQueryOf(listQuery) }, { file: true })
