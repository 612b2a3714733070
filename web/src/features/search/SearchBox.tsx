import { ActionIcon, Loader, TextInput, type TextInputProps } from '@mantine/core'
import { IconSearch, IconX } from '@tabler/icons-react'
import type { KeyboardEvent } from 'react'

interface SearchBoxProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  words: string
  /** New words, typed or cleared (the list's first option becomes the active one again). */
  onWords: (words: string) => void
  /** A spinner at the end while asking, else a button that clears the words. */
  loading: boolean
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void
  /** The id of the list of options the box drives (a combobox's listbox). */
  listId: string
  /** The id of the option the arrow keys reached; none while there are no options. */
  activeOption: string | undefined
}

/** The words box of the palette and of the search page: a combobox over its list of results. */
export function SearchBox({ words, onWords, loading, listId, activeOption, ...input }: SearchBoxProps) {
  return (
    <TextInput
      placeholder="Clients, tasks, invoices, GSTIN, phone…"
      aria-label="Search words"
      leftSection={<IconSearch size={input.size === 'md' ? 18 : 16} aria-hidden />}
      rightSection={
        loading ? (
          <Loader size={14} />
        ) : words ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="Clear search"
            onClick={() => onWords('')}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        ) : null
      }
      value={words}
      maxLength={100}
      onChange={(e) => onWords(e.currentTarget.value)}
      role="combobox"
      aria-expanded={activeOption !== undefined}
      aria-controls={listId}
      aria-activedescendant={activeOption}
      {...input}
    />
  )
}
