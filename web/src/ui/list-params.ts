import { useSearchParams } from 'react-router'

/**
 * Page, search and sort of a list, kept in the address (`page`, `q`, `sort`) so that coming back from a
 * record returns to the same page, and a list can be bookmarked. Changing search or sort goes to page 1.
 */
export function useListParams<S extends string>(sorts: readonly S[], defaultSort: S) {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const search = params.get('q') ?? ''
  const rawSort = params.get('sort')
  const sort = rawSort && (sorts as readonly string[]).includes(rawSort) ? (rawSort as S) : defaultSort

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true },
    )

  return {
    page,
    search,
    sort,
    setPage: (p: number) => update({ page: p > 1 ? String(p) : null }),
    setSearch: (q: string) => update({ q: q.trim() || null, page: null }),
    setSort: (s: S) => update({ sort: s === defaultSort ? null : s, page: null }),
  }
}
