import { Card, Stack } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { type KeyboardEvent, useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { RetryAlert } from '../../app/errors.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PAGE_LIMIT, type SearchResult } from './api.ts'
import { SearchBox } from './SearchBox.tsx'
import { SearchOutcome, useSearch } from './SearchOutcome.tsx'
import { SearchResults } from './SearchResults.tsx'

/**
 * Every result for the words in the address (`/search?q=`), grouped like the palette's; the box
 * edits the address, so the page can be bookmarked and Back returns to it (docs/decisions.md, "Search").
 */
export default function SearchPage() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const asked = params.get('q') ?? ''
  const [words, setWords] = useState(asked)
  // The words go into the address as they are typed, not once typing pauses: a write on a timer would
  // cancel a result's click made meanwhile, while the result's page code loads (app/page-chunk.tsx).
  const type = (next: string) => {
    setWords(next)
    if (next.trim() !== asked.trim()) setParams(next.trim() ? { q: next.trim() } : {}, { replace: true })
  }
  const found = useSearch(words, type, PAGE_LIMIT)
  const { results, active, setActive } = found

  // The palette's 'See all results' on this page already: take its words (the page's own typing put
  // them there already, spaces and all).
  useEffect(() => setWords((typed) => (typed.trim() === asked.trim() ? typed : asked)), [asked])

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
        {...found.box}
        onKeyDown={onKeyDown}
        listId="page-search-list"
        activeOption={results.length > 0 ? `page-search-option-${active}` : undefined}
      />
      <Card withBorder padding="sm">
        <SearchOutcome
          words={words}
          found={found}
          failure={(error) => (
            <RetryAlert
              message={errorMessage(error, 'Search failed.')}
              onRetry={() => found.search.refetch()}
              retryIcon={<IconRefresh size={14} />}
            />
          )}
        >
          <SearchResults
            results={results}
            words={words}
            active={active}
            idPrefix="page-search"
            onPick={(r: SearchResult) => navigate(r.url)}
            onHover={setActive}
          />
        </SearchOutcome>
      </Card>
    </Stack>
  )
}
