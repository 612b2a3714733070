import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core'
import { useDebouncedValue, useUncontrolled } from '@mantine/hooks'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useNarrow } from '../../ui/use-narrow.ts'
import { PALETTE_LIMIT, SEARCH_DEBOUNCE_MS, type SearchResult, searchable, searchQuery } from './api.ts'
import { SearchBox } from './SearchBox.tsx'
import { SearchResults, shownOrder } from './SearchResults.tsx'
import { searchPageHref } from './SearchTrigger.tsx'
import classes from './search.module.css'

/** The palette: its own chunk, loaded the first time it opens (SearchTrigger.tsx). */
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const narrow = useNarrow()
  // Mantine's hook for a field's value: the sign-in page's inputs load it too, so rollup keeps it in
  // their chunk rather than splitting a chunk off for it (scripts/check-bundle.mjs budget).
  const [words, setWords] = useUncontrolled({ defaultValue: '' })
  const [debounced] = useDebouncedValue(words, SEARCH_DEBOUNCE_MS)
  const [active, setActive] = useState(0)
  const search = useQuery(searchQuery(debounced, PALETTE_LIMIT))
  const ready = searchable(debounced) && searchable(words)
  const results = ready ? shownOrder(search.data?.results ?? []) : []
  // The last option after the results: every result on a page of its own.
  const options = results.length > 0 ? results.length + 1 : 0

  const open = (href: string) => {
    onClose()
    navigate(href)
  }
  const pick = (result: SearchResult) => open(result.url)
  const seeAll = () => open(searchPageHref(words))

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (options === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((a) => (a + step + options) % options)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (active < results.length && results[active]) pick(results[active])
      else if (searchable(words)) seeAll()
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Search"
      size="lg"
      yOffset="8vh"
      fullScreen={narrow}
      data-testid="search-palette"
    >
      <Stack gap="sm">
        <SearchBox
          data-autofocus
          words={words}
          onWords={(next) => {
            setWords(next)
            setActive(0)
          }}
          loading={search.isFetching && ready}
          onKeyDown={onKeyDown}
          listId="palette-list"
          activeOption={options > 0 ? `palette-option-${active}` : undefined}
        />
        <PaletteBody
          words={words}
          ready={ready}
          search={search}
          results={results}
          active={active}
          onPick={pick}
          onHover={setActive}
        />
        {results.length > 0 && (
          <Group justify="flex-end">
            <Button
              id={`palette-option-${results.length}`}
              variant={active === results.length ? 'light' : 'subtle'}
              size="compact-sm"
              onClick={seeAll}
              onMouseMove={() => setActive(results.length)}
            >
              See all results
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  )
}

function PaletteBody({
  words,
  ready,
  search,
  results,
  active,
  onPick,
  onHover,
}: {
  words: string
  ready: boolean
  search: UseQueryResult<{ results: SearchResult[] }>
  results: SearchResult[]
  active: number
  onPick: (r: SearchResult) => void
  onHover: (i: number) => void
}) {
  if (!searchable(words))
    return (
      <Text size="sm" c="dimmed">
        Type at least two characters: a name, a number like CL-0004 or INV-2026-005, a GSTIN, a phone.
      </Text>
    )
  if (search.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(search.error, 'Search failed. Please try again.')}
      </Alert>
    )
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
  return (
    <div className={classes.scroll}>
      <SearchResults
        results={results}
        words={words}
        active={active}
        idPrefix="palette"
        onPick={onPick}
        onHover={onHover}
      />
    </div>
  )
}
