import { ActionIcon, Loader } from '@mantine/core'
import { IconX } from '@tabler/icons-react'

/** The end of a search box: a spinner while asking, else a button that clears the words. */
export function SearchBoxEnd({
  loading,
  words,
  onClear,
}: {
  loading: boolean
  words: string
  onClear: () => void
}) {
  if (loading) return <Loader size={14} />
  if (!words) return null
  return (
    <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Clear search" onClick={onClear}>
      <IconX size={14} aria-hidden />
    </ActionIcon>
  )
}
