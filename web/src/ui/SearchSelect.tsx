import { Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core'
import { useEffect, useState } from 'react'

export interface SearchOption {
  value: string
  label: string
  description?: string | null
}

export interface SearchSelectProps {
  label: string
  options: readonly SearchOption[]
  value: string | null
  onChange: (value: string | null) => void
  placeholder?: string
  error?: React.ReactNode
  required?: boolean
  loading?: boolean
  nothingFound?: string
  description?: string
}

const LIMIT = 50

/**
 * A search box that picks one record (a project's client, an asset's project or employee). Typing
 * clears the current choice, so what the box shows and what is chosen never disagree.
 */
export function SearchSelect(props: SearchSelectProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const selected = props.options.find((o) => o.value === props.value)
  const [search, setSearch] = useState(selected?.label ?? '')

  // The choice can arrive after mount (options loading, a form reset).
  useEffect(() => {
    if (selected) setSearch(selected.label)
  }, [selected])

  const needle = search.trim().toLowerCase()
  const filtered =
    selected && selected.label === search
      ? props.options
      : props.options.filter(
          (o) => o.label.toLowerCase().includes(needle) || o.description?.toLowerCase().includes(needle),
        )

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(value) => {
        const option = props.options.find((o) => o.value === value)
        props.onChange(value)
        setSearch(option?.label ?? '')
        combobox.closeDropdown()
      }}
    >
      <Combobox.Target>
        <InputBase
          label={props.label}
          description={props.description}
          required={props.required}
          placeholder={props.placeholder ?? 'Type to search'}
          value={search}
          error={props.error}
          rightSection={props.loading ? <Loader size={16} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onChange={(e) => {
            setSearch(e.currentTarget.value)
            if (props.value !== null) props.onChange(null)
            combobox.openDropdown()
            combobox.updateSelectedOptionIndex()
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {filtered.length === 0 ? (
            <Combobox.Empty>
              {props.loading ? 'Loading...' : (props.nothingFound ?? 'Nothing found')}
            </Combobox.Empty>
          ) : (
            filtered.slice(0, LIMIT).map((o) => (
              <Combobox.Option value={o.value} key={o.value} active={o.value === props.value}>
                <Text size="sm">{o.label}</Text>
                {o.description && (
                  <Text size="xs" c="dimmed">
                    {o.description}
                  </Text>
                )}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
