import { fileTooLargeMessage, MAX_FILE_BYTES } from '@daftar/domain/files'
import { FileInput } from '@mantine/core'
import { IconPaperclip } from '@tabler/icons-react'
import { useState } from 'react'

/** A file field with the 25 MB rule: a bigger file is refused with the spec's words and cleared. */
export function FilePicker({
  label,
  value,
  onChange,
}: {
  label: string
  value: File | null
  onChange: (file: File | null) => void
}) {
  const [error, setError] = useState<string | null>(null)
  return (
    <FileInput
      label={label}
      placeholder="Choose a file"
      value={value}
      clearable
      leftSection={<IconPaperclip size={16} />}
      error={error}
      onChange={(file) => {
        if (file && file.size > MAX_FILE_BYTES) {
          setError(fileTooLargeMessage)
          onChange(null)
          return
        }
        setError(null)
        onChange(file)
      }}
    />
  )
}
