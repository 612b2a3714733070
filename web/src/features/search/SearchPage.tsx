import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconRefresh } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PAGE_LIMIT, SEARCH_DEBOUNCE_MS, type SearchResult, searchable, searchQuery } from './api.ts'
import { SearchBox } from './SearchBox.tsx'
import { SearchResults, shownOrder } from './SearchResults.tsx'

/**
 * Every result for the words in the address (`/search?q=`), grouped like the palette's; the box
 * edits the address, so the page can be bookmarked and Back returns to it (docs/decisions.md, "Search").
 */
export default function SearchPage() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const asked = params.get('q') ?? ''
  const [words, setWords] = useState(asked)
  const [debounced] = useDebouncedValue(words, SEARCH_DEBOUNCE_MS)
  const [active, setActive] = useState(0)

  // The palette's 'See all results' on this page already: take its words.
  useEffect(() => setWords(asked), [asked])
  useEffect(() => {
    if (debounced.trim() !== asked.trim())
      setParams(debounced.trim() ? { q: debounced.trim() } : {}, { replace: true })
  }, [debounced, asked, setParams])

  const search = useQuery(searchQuery(debounced, PAGE_LIMIT))
  const ready = searchable(debounced) && searchable(words)
  const results = ready ? shownOrder(search.data?.results ?? []) : []

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((a) => (a + step + results.length) % results.length)
    } else if (event.key === 'Enter' && results[active]) {
      event.preventDefault()
      navigate(results[active].url)
    }
  }

  return (
    <Stack gap="md" w="100%" maw={820}>
      <PageHeader title="Search" description="Everything you may open, across the app." />
      <SearchBox
        autoFocus
        size="md"
        words={words}
        onWords={(next) => {
          setWords(next)
          setActive(0)
        }}
        loading={search.isFetching && ready}
        onKeyDown={onKeyDown}
        listId="page-search-list"
        activeOption={results.length > 0 ? `page-search-option-${active}` : undefined}
      />
      <Card withBorder padding="sm">
        {!searchable(words) ? (
          <Text size="sm" c="dimmed">
            Type at least two characters: a name, a number like CL-0004 or INV-2026-005, a GSTIN, a phone.
          </Text>
        ) : search.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{errorMessage(search.error, 'Search failed.')}</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                onClick={() => search.refetch()}
              >
                Try again
              </Button>
            </Group>
          </Alert>
        ) : !ready || (search.isPending && !search.data) ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Searching…
            </Text>
          </Group>
        ) : results.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            Nothing found for “{words.trim()}”.
          </Text>
        ) : (
          <SearchResults
            results={results}
            words={words}
            active={active}
            idPrefix="page-search"
            onPick={(r: SearchResult) => navigate(r.url)}
            onHover={setActive}
          />
        )}
      </Card>
    </Stack>
  )
}
