import { type DocumentItem, documentMessages } from '@daftar/domain/documents'
import { formatFileSize } from '@daftar/domain/files'
import { formatDateTime } from '@daftar/domain/format'
import type { EntityType } from '@daftar/domain/registers'
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { describeFailure, errorMessage } from '../../api/client.ts'
import { FieldGrid } from '../DetailSection.tsx'
import { notifyError, notifySuccess } from '../notify.ts'
import { CountedTextInput } from '../register-kit/fields.tsx'
import { documentFailures, documentsApi } from './api.ts'

export type Dialog =
  | { kind: 'folder' }
  | { kind: 'rename'; item: DocumentItem }
  | { kind: 'delete'; item: DocumentItem }
  | { kind: 'info'; item: DocumentItem }
  | null

interface Props {
  dialog: Dialog
  onClose: () => void
  entityType: EntityType
  entityId: string
  folderId: string | null
  onChanged: () => void
}

/** The document manager's dialogs; each one mounts fresh, so no stale text is left from last time. */
export function DocumentDialogs(props: Props) {
  const { dialog } = props
  if (!dialog) return null
  if (dialog.kind === 'folder') return <FolderDialog {...props} />
  if (dialog.kind === 'rename') return <RenameDialog {...props} item={dialog.item} />
  if (dialog.kind === 'delete') return <DeleteDialog {...props} item={dialog.item} />
  return <InfoDialog item={dialog.item} onClose={props.onClose} />
}

function Buttons({
  onCancel,
  busy,
  label,
  color,
}: {
  onCancel: () => void
  busy: boolean
  label: string
  color?: string
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy} color={color}>
        {label}
      </Button>
    </Group>
  )
}

function FolderDialog({ onClose, entityType, entityId, folderId, onChanged }: Props) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: () =>
      documentsApi.createFolder({ entityType, entityId, parentFolderId: folderId, folderName: name.trim() }),
    onSuccess: (res) => {
      notifySuccess(res.message)
      onClose()
    },
    onError: (err) => notifyError(errorMessage(err, documentFailures.createFolder)),
    onSettled: onChanged,
  })
  return (
    <Modal opened onClose={create.isPending ? () => {} : onClose} title="New Folder" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!name.trim()) return setError(documentMessages.folderNameRequired)
          create.mutate()
        }}
      >
        <Stack>
          <CountedTextInput
            label="Folder name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value)
              setError(null)
            }}
            error={error}
            maxLength={255}
            data-autofocus
            required
          />
          <Buttons onCancel={onClose} busy={create.isPending} label="Create" />
        </Stack>
      </form>
    </Modal>
  )
}

function RenameDialog({ item, onClose, onChanged }: Props & { item: DocumentItem }) {
  const selected = useRef(false)
  const [name, setName] = useState(item.name)
  const [error, setError] = useState<string | null>(null)
  const rename = useMutation({
    mutationFn: () => documentsApi.rename(item.document_id, name.trim()),
    onSuccess: (res) => {
      notifySuccess(res.message)
      onClose()
    },
    onError: (err) =>
      notifyError(describeFailure(err, documentFailures.rename, documentFailures.renameNoAnswer)),
    onSettled: onChanged,
  })
  return (
    <Modal
      opened
      onClose={rename.isPending ? () => {} : onClose}
      title={`Rename ${item.is_folder ? 'folder' : 'file'}`}
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!name.trim()) return setError(documentMessages.nameRequired)
          if (name.trim() === item.name) return setError(documentMessages.sameName)
          rename.mutate()
        }}
      >
        <Stack>
          <CountedTextInput
            label="New name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value)
              setError(null)
            }}
            onFocus={(e) => {
              // On opening, the name without its extension is selected, ready to type over.
              if (selected.current) return
              selected.current = true
              const dot = item.is_folder ? -1 : item.name.lastIndexOf('.')
              e.currentTarget.setSelectionRange(0, dot > 0 ? dot : item.name.length)
            }}
            error={error}
            maxLength={255}
            data-autofocus
            required
          />
          <Buttons onCancel={onClose} busy={rename.isPending} label="Rename" />
        </Stack>
      </form>
    </Modal>
  )
}

function DeleteDialog({ item, onClose, onChanged }: Props & { item: DocumentItem }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const remove = useMutation({
    mutationFn: () => documentsApi.remove(item.document_id, password),
    onSuccess: (res) => {
      notifySuccess(res.message)
      onClose()
    },
    onError: (err) => {
      notifyError(errorMessage(err, documentFailures.delete))
      setPassword('')
    },
    onSettled: onChanged,
  })
  return (
    <Modal
      opened
      onClose={remove.isPending ? () => {} : onClose}
      title={`Delete ${item.is_folder ? 'folder' : 'file'}`}
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!password) return setError(documentMessages.passwordRequired)
          remove.mutate()
        }}
      >
        <Stack>
          <Text size="sm">
            Delete <b>{item.name}</b>
            {item.is_folder ? ' and everything inside it' : ''}? This cannot be undone.
          </Text>
          <PasswordInput
            label="Your password"
            description="Enter your password to confirm."
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value)
              setError(null)
            }}
            error={error}
            autoComplete="current-password"
            data-autofocus
            required
          />
          <Buttons onCancel={onClose} busy={remove.isPending} label="Delete" color="red" />
        </Stack>
      </form>
    </Modal>
  )
}

function InfoDialog({ item, onClose }: { item: DocumentItem; onClose: () => void }) {
  const who = (full: string | null, user: string | null) =>
    full ? `${full}${user ? ` (@${user})` : ''}` : user
  return (
    <Modal
      opened
      onClose={onClose}
      title={item.is_folder ? 'Folder information' : 'File information'}
      centered
    >
      <FieldGrid
        fields={[
          { label: 'Name', value: item.name, wide: true },
          { label: 'Type', value: item.is_folder ? 'Folder' : 'File' },
          { label: 'Size', value: item.is_folder ? null : formatFileSize(item.file_size) },
          { label: 'Created by', value: who(item.created_by_fullname, item.created_by_username) },
          { label: 'Created at', value: formatDateTime(item.created_at) },
          { label: 'Updated by', value: who(item.updated_by_fullname, item.updated_by_username) },
          { label: 'Updated at', value: formatDateTime(item.updated_at) },
        ]}
      />
    </Modal>
  )
}
