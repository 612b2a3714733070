import { SEARCH_MIN_CHARS, type SearchResult, searchEndpoints } from '@daftar/domain/search'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

export type { SearchResult }

/** How long typing must pause before the words are sent. */
export const SEARCH_DEBOUNCE_MS = 200
/** Results the palette shows; the full page asks for the most the server gives. */
export const PALETTE_LIMIT = 20
export const PAGE_LIMIT = 50

/** Words worth sending: trimmed, at least two characters (the server answers nothing for fewer). */
export const searchable = (words: string) => words.trim().length >= SEARCH_MIN_CHARS

/**
 * One search (docs/decisions.md, "Search"). Answers stay a minute, and the previous answer shows
 * while the next words are asked, so the list does not flicker as one types.
 */
export const searchQuery = (words: string, limit: number) =>
  queryOptions({
    queryKey: ['search', words.trim().toLowerCase(), limit] as const,
    queryFn: ({ signal }) => call(searchEndpoints.search, { query: { q: words.trim(), limit }, signal }),
    enabled: searchable(words),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })
