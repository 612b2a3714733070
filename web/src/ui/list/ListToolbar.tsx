import { CloseButton, Group, Select, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { type ReactNode, useEffect, useState } from 'react'

/** The row above a list: search, sort and filters on the left, buttons on the right; wraps on phones. */
export function ListToolbar({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end" style={{ flex: '1 1 420px' }}>
        {children}
      </Group>
      {actions && <Group gap="sm">{actions}</Group>}
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
  const [draft, setDraft] = useState(value)
  useEffect(() => setDraft(value), [value])
  const debounced = useDebouncedCallback((text: string) => {
    if (applyOn === 'typing') onSearch(text)
  }, 400)

  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={draft}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        draft ? (
          <CloseButton
            aria-label="Clear search"
            size="sm"
            onClick={() => {
              setDraft('')
              onSearch('')
            }}
          />
        ) : null
      }
      style={{ flex: '1 1 240px', maxWidth: 380 }}
      onChange={(e) => {
        setDraft(e.currentTarget.value)
        debounced(e.currentTarget.value)
      }}
      // Typed words are applied when the box is left, not 400 ms later: a click on a row that leaves
      // the page would otherwise be cancelled by the search's own navigation, written into the address
      // while the next page's code loads (app/page-chunk.tsx).
      onBlur={() => debounced.flush()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          debounced.cancel()
          onSearch(draft)
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
      comboboxProps={{ withinPortal: true }}
    />
  )
}
