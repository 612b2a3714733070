import { CloseButton, Group, Select, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import classes from './ListToolbar.module.css'
import { useSearchDraft } from './use-search-draft.ts'

/**
 * The row above a list: search, sort and filters on the left, buttons at the right end. On a phone it
 * wraps item by item, so the buttons share the last row with what fits beside them (the sort) rather
 * than taking a row of their own.
 */
export function ListToolbar({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group align="flex-end" gap="sm" className={classes.toolbar}>
      {children}
      {actions && (
        <Group gap="sm" ml="auto" wrap="nowrap" className={classes.ownWidth}>
          {actions}
        </Group>
      )}
    </Group>
  )
}

export interface SearchBoxProps {
  value: string
  onSearch: (value: string) => void
  placeholder?: string
  label?: string
  /** 'typing' (default): 400 ms after typing stops, and at once on Enter; 'enter': only on Enter. */
  applyOn?: 'typing' | 'enter'
}

/** Applies the search as typed (or on Enter only); a clear button empties it. */
export function SearchBox({
  value,
  onSearch,
  placeholder = 'Search...',
  label = 'Search',
  applyOn = 'typing',
}: SearchBoxProps) {
  const search = useSearchDraft(value, onSearch, { delay: 400, onlyOnEnter: applyOn === 'enter' })
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={search.draft}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        search.draft ? <CloseButton aria-label="Clear search" size="sm" onClick={search.clear} /> : null
      }
      style={{ flex: '1 1 240px', maxWidth: 380 }}
      onChange={(e) => search.type(e.currentTarget.value)}
      onBlur={search.leave}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          search.submit()
        }
      }}
    />
  )
}

export interface SortSelectProps<S extends string> {
  value: S
  options: readonly { value: S; label: string }[]
  onChange: (value: S) => void
}

export function SortSelect<S extends string>({ value, options, onChange }: SortSelectProps<S>) {
  return (
    <Select
      aria-label="Sort by"
      data={options.map((o) => ({ value: o.value, label: `Sort: ${o.label}` }))}
      value={value}
      onChange={(v) => v && onChange(v as S)}
      allowDeselect={false}
      w={230}
      className={classes.ownWidth}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
