import type { ExportFormat } from '@daftar/domain/export-query'
import { ActionIcon, Button, Menu } from '@mantine/core'
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv, IconFileTypeXls } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { errorMessage, type NamedBlob } from '../../api/client.ts'
import { notify, notifyError } from '../notify.ts'
import { saveFile } from '../save-file.ts'
import { useNarrow } from '../use-narrow.ts'

const formatNames: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' }

export interface ExportMenuProps {
  /** Fetches the list, with the filters on screen, in a format (`call(endpoints.export, …)`). */
  download(format: ExportFormat): Promise<NamedBlob>
  /** The file's name when the server gives none ('clients-export'). */
  fileName: string
  disabled?: boolean
  /** The toast of an export with no rows; 'No data to export for the current filters.' unless given. */
  emptyText?: string
  /** The toast of a failure the server does not word; 'Failed to export data.' unless given. */
  failedText?: string
  /** Shapes the failure's text (accounts say 'No response received from server.' their own way). */
  failure?(error: unknown, fallback: string): string
}

/**
 * 'Export' above every list: CSV or Excel (XLSX) of what the list shows with its filters
 * (docs/decisions.md, "Exports"). One download at a time: a second click while one is on its way
 * sends nothing. On a phone the button is an icon, so the toolbar keeps to the screen's width.
 */
export function ExportMenu({
  download,
  fileName,
  disabled,
  emptyText = 'No data to export for the current filters.',
  failedText = 'Failed to export data.',
  failure = errorMessage,
}: ExportMenuProps) {
  const narrow = useNarrow()
  // Set in the click's own tick, before React re-renders with the busy state.
  const busy = useRef(false)
  const run = useMutation({
    mutationFn: (format: ExportFormat) => download(format),
    onMutate: (format) => notify(`Preparing your ${formatNames[format]} export...`, { error: false }),
    onSuccess: (blob, format) => {
      // CSV or Excel, a file of column headers alone is no export: the server says when it has no rows.
      if (blob.empty) return notify(emptyText, { error: false })
      saveFile(blob, blob.fileName ?? `${fileName}.${format}`)
    },
    onError: (error) => notifyError(failure(error, failedText)),
    onSettled: () => {
      busy.current = false
    },
  })
  const start = (format: ExportFormat) => {
    if (busy.current) return
    busy.current = true
    run.mutate(format)
  }
  const off = disabled || run.isPending

  return (
    <Menu position="bottom-end" withinPortal shadow="md" disabled={off}>
      <Menu.Target>
        {narrow ? (
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label="Export"
            title="Export"
            loading={run.isPending}
            disabled={disabled}
          >
            <IconFileSpreadsheet size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={run.isPending}
            disabled={disabled}
          >
            Export
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={() => start('csv')}>
          CSV
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeXls size={16} aria-hidden />} onClick={() => start('xlsx')}>
          Excel (XLSX)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
