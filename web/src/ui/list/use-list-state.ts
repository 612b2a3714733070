import { useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'

type Scalar = string | number | boolean | null | undefined

/** Parses the address's query with a list-query schema; a value the schema refuses is dropped, not fatal. */
export function parseListState<S extends z.ZodType>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = Object.fromEntries(params)
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(raw)
    if (result.success) return result.data
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])))
    if (![...bad].some((key) => key in raw)) break
    for (const key of bad) delete raw[key]
  }
  return schema.parse({})
}

/**
 * The state of a list (page, sort, search, filters) kept in the address, parsed and written through
 * the domain's list-query schema of its endpoint, so what the address holds is exactly what the API
 * takes (docs/architecture.md, "Adding a list"). Only values that differ from the schema's defaults are
 * written; any change but the page goes back to page 1. Other query keys (`?task=`, `?tab=`) are kept.
 */
export function useListState<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  const [params, setParams] = useSearchParams()
  const key = params.toString()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the state
  const state = useMemo(() => parseListState(schema, params), [schema, key])
  const defaults = useMemo(() => schema.parse({}) as Record<string, unknown>, [schema])
  // The query the last change asked for. The router writes the address only once the navigation is
  // done (a page's code or data may still be loading), and hands a change the query of the last
  // render: a page typed just after a new sort would otherwise drop the sort.
  const written = useRef({ from: key, query: key })
  if (written.current.from !== key) written.current = { from: key, query: key }

  function set(changes: Partial<Record<keyof z.output<S>, Scalar>>) {
    const next = new URLSearchParams(written.current.query)
    for (const [name, value] of Object.entries(changes) as [string, Scalar][]) {
      if (value === undefined || value === null || value === '' || value === defaults[name]) next.delete(name)
      else next.set(name, String(value))
    }
    if (!('page' in changes)) next.delete('page')
    written.current.query = next.toString()
    setParams(next, { replace: true })
  }

  const setPage = (page: number) => set({ page } as Partial<Record<keyof z.output<S>, Scalar>>)
  return {
    state: state as z.output<S>,
    set,
    setPage,
    /** The table's pager: this page, of as many as the last answer had (one before any answer). */
    pager: (totalPages: number | undefined, options: { onlyWhenPaged?: boolean } = {}) => ({
      page: (state as { page?: number }).page ?? 1,
      totalPages: totalPages ?? 1,
      onChange: setPage,
      ...options,
    }),
    /** True when any filter or search differs from the defaults (an empty list then says so). */
    filtered: Object.entries(state as Record<string, unknown>).some(
      ([name, value]) => name !== 'page' && name !== 'sortBy' && value !== defaults[name],
    ),
  }
}
