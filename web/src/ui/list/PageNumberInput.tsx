import { ActionIcon, Group, Text, TextInput } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useEffect, useState } from 'react'

/** The pager under a paged list, at its right: every paged list reads 'Page n of N' there. */
export function ListPager(props: PageNumberInputProps) {
  return (
    <Group justify="flex-end">
      <PageNumberInput {...props} />
    </Group>
  )
}

export interface PageNumberInputProps {
  page: number
  totalPages: number
  onChange: (page: number) => void
  disabled?: boolean
}

/**
 * Page n of N with previous and next buttons. The box takes digits only; Enter jumps when the number is
 * within 1..N, anything else (or leaving the box) puts the current page back.
 */
export function PageNumberInput({ page, totalPages, onChange, disabled }: PageNumberInputProps) {
  const total = Math.max(1, totalPages)
  const [draft, setDraft] = useState(String(page))
  useEffect(() => setDraft(String(page)), [page])

  function commit() {
    const n = Number(draft)
    if (draft !== '' && Number.isInteger(n) && n >= 1 && n <= total) {
      if (n !== page) onChange(n)
      setDraft(String(n))
    } else setDraft(String(page))
  }

  return (
    <Group gap={6} wrap="nowrap" role="navigation" aria-label="Pagination">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Previous page"
        disabled={disabled || page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text size="sm" c="dimmed">
        Page
      </Text>
      <TextInput
        aria-label={`Page number, 1 to ${total}`}
        value={draft}
        inputMode="numeric"
        w={Math.max(48, String(total).length * 10 + 30)}
        styles={{ input: { textAlign: 'center' } }}
        disabled={disabled}
        onChange={(e) => setDraft(e.currentTarget.value.replace(/\D/g, ''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            commit()
          } else if (e.key === 'Escape') setDraft(String(page))
        }}
        onBlur={() => setDraft(String(page))}
      />
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        of {total}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Next page"
        disabled={disabled || page >= total}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  )
}
