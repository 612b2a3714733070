import '@mantine/dates/styles.css'
import { type AccountStatus, type AgingBucket, accountMessages, agingBuckets } from '@daftar/domain/accounts'
import { ActionIcon, Badge, CloseButton, Group, Select, TextInput, Tooltip } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { DateField } from '../../ui/register-kit/fields.tsx'
import type { AccountFilters } from './api.ts'
import { type KindConfig, statusLabels } from './kinds.ts'

export const SEARCH_DEBOUNCE_MS = 300

/** The list's filters live in the address (from, to, status, sort, q, aging), so back and reload keep them. */
export function useAccountFilters(config: KindConfig) {
  const [params, setParams] = useSearchParams()
  const status = params.get('status') ?? ''
  const sort = params.get('sort') ?? ''
  const aging = params.get('aging') ?? ''
  const filters: AccountFilters = {
    startDate: params.get('from') ?? '',
    endDate: params.get('to') ?? '',
    status: (config.filterStatuses as readonly string[]).includes(status) ? (status as AccountStatus) : '',
    sortBy: config.sorts.some((s) => s.value === sort) ? sort : config.sorts[0]!.value,
    searchQuery: params.get('q') ?? '',
    aging: (agingBuckets as readonly string[]).includes(aging) ? (aging as AgingBucket) : '',
  }
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value)
          else next.delete(key)
        }
        return next
      },
      { replace: true },
    )
  const datesInvalid = Boolean(filters.startDate && filters.endDate && filters.endDate < filters.startDate)
  return { filters, set, datesInvalid }
}

const toIso = (value: string | Date | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

/** From and To dates, status, sort and the search icon (docs/product.md, "Lists, summary and export"). */
export function AccountsFilters({
  config,
  filters,
  datesInvalid,
  set,
}: {
  config: KindConfig
  filters: AccountFilters
  datesInvalid: boolean
  set: (changes: Record<string, string | null>) => void
}) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateField
        label="From"
        placeholder="Start date"
        value={filters.startDate || null}
        onChange={(v) => set({ from: toIso(v) })}
        clearable
        w={150}
      />
      <DateField
        label="To"
        placeholder="End date"
        value={filters.endDate || null}
        onChange={(v) => set({ to: toIso(v) })}
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
        value={filters.status}
        onChange={(v) => set({ status: v || null })}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Sort"
        data={config.sorts.map((s) => ({ value: s.value, label: s.label }))}
        value={filters.sortBy}
        onChange={(v) => set({ sort: v === config.sorts[0]!.value ? null : v })}
        allowDeselect={false}
        w={190}
      />
      <SearchToggle value={filters.searchQuery} onSearch={(q) => set({ q: q.trim() || null })} />
    </Group>
  )
}

/**
 * A search icon that opens a text box (placeholder 'Invoice No, Client, Project...'). Typing searches
 * 300 ms after the last key; Enter searches at once and closes the box; Escape clears the search.
 */
export function SearchToggle({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(value)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => setDraft(value), [value])
  const debounced = useDebouncedCallback((text: string) => onSearch(text), SEARCH_DEBOUNCE_MS)
  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  if (!open)
    return (
      <Group gap={6} mt={25} wrap="nowrap">
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
              <CloseButton
                size="xs"
                aria-label="Clear search"
                onClick={() => onSearch('')}
                variant="transparent"
              />
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
      value={draft}
      w={260}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(e) => {
        setDraft(e.currentTarget.value)
        debounced(e.currentTarget.value)
      }}
      onBlur={() => {
        if (!draft) setOpen(false)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          debounced.cancel()
          onSearch(draft)
          setOpen(false)
        } else if (e.key === 'Escape') {
          e.preventDefault()
          debounced.cancel()
          setDraft('')
          onSearch('')
          setOpen(false)
        }
      }}
    />
  )
}
