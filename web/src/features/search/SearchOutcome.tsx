import { Group, Loader, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { SEARCH_DEBOUNCE_MS, searchable, searchQuery } from './api.ts'
import { shownOrder } from './SearchResults.tsx'

/**
 * The search of the palette and of the page: the words are sent once typing pauses, the results come
 * in the order they are shown, and the option the arrow keys are on goes back to the first whenever
 * the words change.
 */
export function useSearch(words: string, setWords: (words: string) => void, limit: number) {
  const [debounced] = useDebouncedValue(words, SEARCH_DEBOUNCE_MS)
  const [active, setActive] = useState(0)
  const search = useQuery(searchQuery(debounced, limit))
  const ready = searchable(debounced) && searchable(words)
  const results = ready ? shownOrder(search.data?.results ?? []) : []
  /** What the search box shows: the words, and a spinner while their results are asked. */
  const box = {
    words,
    onWords: (next: string) => {
      setWords(next)
      setActive(0)
    },
    loading: search.isFetching && ready,
  }
  return { search, ready, results, active, setActive, box }
}

/**
 * What stands under the search box: a hint until the words are long enough, the failure, a spinner
 * until the first results, that nothing was found, or the results (`children`).
 */
export function SearchOutcome({
  words,
  found,
  failure,
  children,
}: {
  words: string
  found: ReturnType<typeof useSearch>
  failure: (error: Error) => ReactNode
  children: ReactNode
}) {
  const { search, ready, results } = found
  if (!searchable(words))
    return (
      <Text size="sm" c="dimmed">
        Type at least two characters: a name, a number like CL-0004 or INV-2026-005, a GSTIN, a phone.
      </Text>
    )
  if (search.isError) return failure(search.error)
  if (!ready || (search.isPending && !search.data))
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Searching…
        </Text>
      </Group>
    )
  if (results.length === 0)
    return (
      <Text size="sm" c="dimmed" role="status">
        Nothing found for “{words.trim()}”.
      </Text>
    )
  return children
}
