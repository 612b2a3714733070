import '@mantine/dates/styles.css'
import { accountMessages } from '@daftar/domain/accounts'
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Collapse,
  Group,
  Select,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core'
import { IconFilter, IconSearch } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useListState } from '../../ui/list/use-list-state.ts'
import { useSearchDraft } from '../../ui/list/use-search-draft.ts'
import { DateField } from '../../ui/register-kit/fields.tsx'
import { useNarrow } from '../../ui/use-narrow.ts'
import type { AccountFilters } from './api.ts'
import { type KindConfig, statusLabels } from './kinds.ts'

export const SEARCH_DEBOUNCE_MS = 300

type Scalar = string | number | null | undefined

/**
 * The list's filters, in the address under the API's own names (`useListState`), so back and reload
 * keep them. To before From is refused here and no request is sent (docs/product.md, "Lists, summary
 * and export"): the address keeps what was picked, and the list waits.
 */
export function useAccountFilters(config: KindConfig) {
  const list = useListState(config.listQuery)
  const [params] = useSearchParams()
  const startDate = params.get('startDate') ?? ''
  const endDate = params.get('endDate') ?? ''
  const datesInvalid = Boolean(startDate && endDate && endDate < startDate)
  return {
    filters: list.state as AccountFilters,
    set: list.set as (changes: Record<string, Scalar>) => void,
    dates: { startDate, endDate },
    datesInvalid,
  }
}

const toIso = (value: string | Date | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

/**
 * From and To dates, status, sort and the search icon (docs/product.md, "Lists, summary and export").
 * On a phone they fold behind a 'Filters' button, so the first invoice shows without a screen of them.
 */
export function AccountsFilters({
  config,
  filters,
  dates,
  datesInvalid,
  set,
  folded,
}: {
  config: KindConfig
  filters: AccountFilters
  dates: { startDate: string; endDate: string }
  datesInvalid: boolean
  set: (changes: Record<string, Scalar>) => void
  /** What else folds with the filters on a phone (the aging strip). */
  folded?: React.ReactNode
}) {
  const narrow = useNarrow()
  const active = [dates.startDate, dates.endDate, filters.status, filters.aging].filter(Boolean).length
  const [open, setOpen] = useState(false)
  const fields = (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateField
        label="From"
        placeholder="Start date"
        value={dates.startDate || null}
        onChange={(v) => set({ startDate: toIso(v) })}
        clearable
        w={150}
      />
      <DateField
        label="To"
        placeholder="End date"
        value={dates.endDate || null}
        onChange={(v) => set({ endDate: toIso(v) })}
        clearable
        w={150}
        error={datesInvalid ? accountMessages.datesOrder : undefined}
      />
      <Select
        label="Status"
        data={[
          { value: '', label: 'All Statuses' },
          ...config.filterStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
        ]}
        value={filters.status ?? ''}
        onChange={(v) => set({ status: v || null })}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Sort"
        data={config.sorts.map((s) => ({ value: s.value, label: s.label }))}
        value={filters.sortBy ?? config.sorts[0]!.value}
        onChange={(v) => set({ sortBy: v })}
        allowDeselect={false}
        w={190}
      />
    </Group>
  )
  const search = (
    <SearchToggle
      value={filters.searchQuery ?? ''}
      onSearch={(q) => set({ searchQuery: q.trim() || null })}
    />
  )
  if (!narrow)
    return (
      <Group gap="sm" align="flex-start" wrap="wrap">
        {fields}
        {search}
      </Group>
    )
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={active > 0 ? <Badge size="sm">{active}</Badge> : undefined}
          aria-expanded={open || datesInvalid}
          aria-controls="accounts-filters"
          onClick={() => setOpen((o) => !o)}
        >
          Filters
        </Button>
        {search}
      </Group>
      <Collapse expanded={open || datesInvalid} id="accounts-filters">
        <Stack gap="sm">
          {fields}
          {folded}
        </Stack>
      </Collapse>
    </Stack>
  )
}

/**
 * A search icon that opens a text box (placeholder 'Invoice No, Client, Project...'). Typing searches
 * 300 ms after the last key or when the box is left; Enter searches at once and closes the box; Escape
 * clears the search.
 */
export function SearchToggle({
  value,
  onSearch,
  offset = 25,
}: {
  value: string
  onSearch: (q: string) => void
  /** Space above the closed icon, to line it up with labelled fields beside it. */
  offset?: number
}) {
  const [open, setOpen] = useState(false)
  const search = useSearchDraft(value, onSearch, { delay: SEARCH_DEBOUNCE_MS })
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  if (!open)
    return (
      <Group gap={6} mt={offset} wrap="nowrap">
        <Tooltip label="Search">
          <ActionIcon variant="default" size="lg" aria-label="Search" onClick={() => setOpen(true)}>
            <IconSearch size={18} />
          </ActionIcon>
        </Tooltip>
        {value && (
          <Badge
            variant="light"
            size="lg"
            tt="none"
            rightSection={
              <CloseButton size="xs" aria-label="Clear search" onClick={search.clear} variant="transparent" />
            }
          >
            “{value}”
          </Badge>
        )}
      </Group>
    )
  return (
    <TextInput
      ref={input}
      label="Search"
      placeholder="Invoice No, Client, Project..."
      value={search.draft}
      w={260}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(e) => search.type(e.currentTarget.value)}
      onBlur={() => {
        search.leave()
        if (!search.draft) setOpen(false)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          search.submit()
          setOpen(false)
        } else if (e.key === 'Escape') {
          e.preventDefault()
          search.clear()
          setOpen(false)
        }
      }}
    />
  )
}
