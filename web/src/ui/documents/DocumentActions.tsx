import type { DocumentItem } from '@daftar/domain/documents'
import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { IconDownload, IconInfoCircle, IconPencil, IconTrash } from '@tabler/icons-react'
import { canWrite, type RecordAccess } from '../access-api.ts'
import type { Dialog } from './DocumentDialogs.tsx'

/** Download, rename (WRITE), info and delete (admins) of one row. */
export function DocumentActions({
  item,
  access,
  onDownload,
  onDialog,
}: {
  item: DocumentItem
  access: RecordAccess
  onDownload: () => void
  onDialog: (dialog: Dialog) => void
}) {
  const icon = (label: string, color: string, onClick: () => void, node: React.ReactNode) => (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color={color} aria-label={`${label} ${item.name}`} onClick={onClick}>
        {node}
      </ActionIcon>
    </Tooltip>
  )
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      {!item.is_folder && icon('Download', 'gray', onDownload, <IconDownload size={18} />)}
      {canWrite(access) &&
        icon('Rename', 'gray', () => onDialog({ kind: 'rename', item }), <IconPencil size={18} />)}
      {icon('Info', 'gray', () => onDialog({ kind: 'info', item }), <IconInfoCircle size={18} />)}
      {access === 'ADMIN' &&
        icon('Delete', 'red', () => onDialog({ kind: 'delete', item }), <IconTrash size={18} />)}
    </Group>
  )
}
