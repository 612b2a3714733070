/**
 * Global search (`GET /search`): one box that finds records of every register the caller may read,
 * ranked exact > starts with > contains > similar, then the most recent (docs/decisions.md, "Search").
 */
import { z } from 'zod'
import { labelled } from './contract.ts'
import { endpoint } from './http.ts'

/** The kinds of record search finds, in the order their groups are shown, with each group's heading. */
export const { values: searchTypes, labels: searchTypeLabels } = labelled([
  ['task', 'Tasks'],
  ['client', 'Clients'],
  ['project', 'Projects'],
  ['supplier', 'Suppliers'],
  ['asset', 'Assets'],
  ['employee', 'Employees'],
  ['technical_info', 'Technical information'],
  ['collection', 'Internal documents'],
  ['receivable', 'Receivables'],
  ['payable', 'Payables'],
  ['report', 'Reports'],
])
export type SearchType = (typeof searchTypes)[number]

/** What a field a result matched on is called (`matched`). */
export const { values: searchFields, labels: searchFieldLabels } = labelled([
  ['name', 'Name'],
  ['title', 'Title'],
  ['display_id', 'ID'],
  ['gstin', 'GSTIN'],
  ['pan', 'PAN'],
  ['contact', 'Contact'],
  ['phone', 'Phone'],
  ['email', 'E-mail'],
  ['keyword', 'Keyword'],
  ['description', 'Description'],
  ['invoice_no', 'Number'],
  ['work_order_no', 'Work order'],
  ['project', 'Project'],
])
export type SearchField = (typeof searchFields)[number]

/** Fewer characters than this find nothing (an empty answer, not an error). */
export const SEARCH_MIN_CHARS = 2
export const SEARCH_MAX_CHARS = 100
export const SEARCH_DEFAULT_LIMIT = 20
export const SEARCH_MAX_LIMIT = 50

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for.')
    .max(SEARCH_MAX_CHARS, `Search for at most ${SEARCH_MAX_CHARS} characters.`),
  /** A comma list of types; absent or empty: every type. */
  types: z
    .string()
    .max(300)
    .optional()
    .transform((v, ctx) => {
      const asked = (v ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
      const unknown = asked.filter((t) => !(searchTypes as readonly string[]).includes(t))
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown search type '${unknown[0]}'.` })
        return z.NEVER
      }
      return asked.length > 0 ? (asked as SearchType[]) : [...searchTypes]
    }),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
})
export type SearchQuery = z.output<typeof searchQuery>

export const searchResult = z.object({
  type: z.enum(searchTypes),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The app's own address of the record. */
  url: z.string(),
  /** The field the words were found in. */
  matched: z.enum(searchFields),
})
export type SearchResult = z.infer<typeof searchResult>

export const searchResponse = z.object({ results: z.array(searchResult) })
export type SearchResponse = z.infer<typeof searchResponse>

export const searchEndpoints = {
  search: endpoint('GET', '/search', { querystring: searchQuery, response: { 200: searchResponse } }),
}

/** The results by type, in the order of `searchTypes`, each group in the answer's order. */
export function groupSearchResults(results: SearchResult[]): { type: SearchType; results: SearchResult[] }[] {
  return searchTypes
    .map((type) => ({ type, results: results.filter((r) => r.type === type) }))
    .filter((g) => g.results.length > 0)
}
