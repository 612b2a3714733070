import {
  groupSearchResults,
  type SearchResult,
  searchFieldLabels,
  searchTypeLabels,
} from '@daftar/domain/search'
import { Badge, Group, Highlight, Stack, Text, UnstyledButton } from '@mantine/core'
import classes from './search.module.css'

/** The results in the order they are shown (grouped by type): the keyboard walks this order. */
export function shownOrder(results: SearchResult[]): SearchResult[] {
  return groupSearchResults(results).flatMap((g) => g.results)
}

/** Fields whose text a result line does not show, so the line names what matched. */
const shownFields = new Set(['name', 'title', 'invoice_no', 'project'])

/**
 * Results grouped by type under their headings, the words highlighted where they occur; one of them
 * active (the keyboard's), each a button that opens its record. Rendered by the palette and the page.
 */
export function SearchResults({
  results,
  words,
  active,
  idPrefix,
  onPick,
  onHover,
}: {
  results: SearchResult[]
  words: string
  active: number
  idPrefix: string
  onPick: (result: SearchResult) => void
  onHover?: (index: number) => void
}) {
  let index = -1
  return (
    <Stack gap="sm" role="listbox" aria-label="Search results" id={`${idPrefix}-list`}>
      {groupSearchResults(results).map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options has no HTML element of its own (WAI-ARIA listbox).
        <div key={group.type} role="group" aria-labelledby={`${idPrefix}-${group.type}`}>
          <Text id={`${idPrefix}-${group.type}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pb={4}>
            {searchTypeLabels[group.type]}
          </Text>
          {group.results.map((result) => {
            index += 1
            const mine = index
            return (
              <UnstyledButton
                key={`${result.type}-${result.id}`}
                id={`${idPrefix}-option-${mine}`}
                role="option"
                aria-selected={mine === active}
                data-active={mine === active || undefined}
                className={classes.option}
                onClick={() => onPick(result)}
                onMouseMove={() => onHover?.(mine)}
                tabIndex={-1}
              >
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <div style={{ minWidth: 0 }}>
                    <Highlight highlight={words.trim()} size="sm" fw={600} truncate>
                      {result.title}
                    </Highlight>
                    {result.subtitle && (
                      <Highlight highlight={words.trim()} size="xs" c="dimmed" truncate>
                        {result.subtitle}
                      </Highlight>
                    )}
                  </div>
                  {!shownFields.has(result.matched) && (
                    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {searchFieldLabels[result.matched]}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            )
          })}
        </div>
      ))}
    </Stack>
  )
}
