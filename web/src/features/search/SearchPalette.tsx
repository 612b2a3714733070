import { Alert, Button, Group, Modal, Stack } from '@mantine/core'
import { useUncontrolled } from '@mantine/hooks'
import type { KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useNarrow } from '../../ui/use-narrow.ts'
import { useReturnFocus } from '../../ui/use-return-focus.ts'
import { PALETTE_LIMIT, type SearchResult, searchable } from './api.ts'
import { SearchBox } from './SearchBox.tsx'
import { SearchOutcome, useSearch } from './SearchOutcome.tsx'
import { SearchResults } from './SearchResults.tsx'
import { searchPageHref } from './SearchTrigger.tsx'
import classes from './search.module.css'

/** The palette: its own chunk, loaded the first time it opens (SearchTrigger.tsx). */
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const narrow = useNarrow()
  useReturnFocus()
  // Mantine's hook for a field's value: the sign-in page's inputs load it too, so rollup keeps it in
  // their chunk rather than splitting a chunk off for it (scripts/check-bundle.mjs budget).
  const [words, setWords] = useUncontrolled({ defaultValue: '' })
  const found = useSearch(words, setWords, PALETTE_LIMIT)
  const { results, active, setActive } = found
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
          {...found.box}
          onKeyDown={onKeyDown}
          listId="palette-list"
          activeOption={options > 0 ? `palette-option-${active}` : undefined}
        />
        <SearchOutcome
          words={words}
          found={found}
          failure={(error) => (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(error, 'Search failed. Please try again.')}
            </Alert>
          )}
        >
          <div className={classes.scroll}>
            <SearchResults
              results={results}
              words={words}
              active={active}
              idPrefix="palette"
              onPick={pick}
              onHover={setActive}
            />
          </div>
        </SearchOutcome>
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
