import {
  createFolderInput,
  type DocumentItem,
  deleteDocumentInput,
  documentEndpoints,
  documentMessages,
  renameDocumentInput,
} from '@daftar/domain/documents'
import { formatFileSize } from '@daftar/domain/files'
import { formatDateTime } from '@daftar/domain/format'
import type { EntityType } from '@daftar/domain/registers'
import { Modal, Text } from '@mantine/core'
import type { QueryKey } from '@tanstack/react-query'
import { useRef } from 'react'
import { call, describeFailure } from '../../api/client.ts'
import { FieldGrid } from '../DetailSection.tsx'
import { DeletionPasswordInput } from '../form/CurrentPasswordInput.tsx'
import { ModalForm } from '../form/ModalForm.tsx'
import { type SchemaForm, useSchemaForm } from '../form/use-schema-form.tsx'
import { authorName } from '../register-kit/detail-parts.tsx'
import { CountedTextInput } from '../register-kit/fields.tsx'
import { documentFailures } from './api.ts'

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
  /** The record's documents, refreshed after every change. */
  queryKey: QueryKey
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

const folderForm = createFolderInput.pick({ folderName: true })

function FolderDialog({ onClose, entityType, entityId, folderId, queryKey }: Props) {
  const f = useSchemaForm({
    schema: folderForm,
    initialValues: { folderName: '' },
    // The click that sends is the last one (the hook's same-tick lock); the server also answers a
    // repeat of the same folder with the one it made.
    submit: ({ folderName }) =>
      call(documentEndpoints.createFolder, {
        body: { entityType, entityId, parentFolderId: folderId, folderName },
      }),
    failed: documentFailures.createFolder,
    invalidate: [queryKey],
    onSuccess: onClose,
    guard: false,
  })
  return (
    <ModalForm f={f} title="New Folder" submit={{ submitLabel: 'Create' }} onClose={onClose}>
      <CountedTextInput
        label="Folder name"
        maxLength={255}
        data-autofocus
        required
        {...f.form.getInputProps('folderName')}
      />
    </ModalForm>
  )
}

function RenameDialog({ item, onClose, queryKey }: Props & { item: DocumentItem }) {
  const selected = useRef(false)
  const f = useSchemaForm({
    schema: renameDocumentInput.refine((v) => v.newName !== item.name, {
      path: ['newName'],
      message: documentMessages.sameName,
    }),
    initialValues: { newName: item.name },
    submit: ({ newName }) =>
      call(documentEndpoints.rename, { params: { id: item.document_id }, body: { newName } }),
    failed: (error) => describeFailure(error, documentFailures.rename, documentFailures.renameNoAnswer),
    invalidate: [queryKey],
    onSuccess: onClose,
    guard: false,
    validateInputOnBlur: false,
  })
  return (
    <ModalForm
      f={f}
      title={`Rename ${item.is_folder ? 'folder' : 'file'}`}
      submit={{ submitLabel: 'Rename' }}
      onClose={onClose}
    >
      <CountedTextInput
        label="New name"
        maxLength={255}
        data-autofocus
        required
        {...f.form.getInputProps('newName')}
        onFocus={(e) => {
          // On opening, the name without its extension is selected, ready to type over.
          if (selected.current) return
          selected.current = true
          const dot = item.is_folder ? -1 : item.name.lastIndexOf('.')
          e.currentTarget.setSelectionRange(0, dot > 0 ? dot : item.name.length)
        }}
      />
    </ModalForm>
  )
}

function DeleteDialog({ item, onClose, queryKey }: Props & { item: DocumentItem }) {
  const f: SchemaForm<{ password: string }> = useSchemaForm({
    schema: deleteDocumentInput,
    initialValues: { password: '' },
    submit: ({ password }) =>
      call(documentEndpoints.remove, { params: { id: item.document_id }, body: { password } }),
    failed: (error) => {
      // A wrong password is typed again from nothing.
      f.form.setFieldValue('password', '')
      return describeFailure(error, documentFailures.delete, documentFailures.delete)
    },
    invalidate: [queryKey],
    onSuccess: onClose,
    guard: false,
  })
  return (
    <ModalForm
      f={f}
      title={`Delete ${item.is_folder ? 'folder' : 'file'}`}
      submit={{ submitLabel: 'Delete', color: 'red' }}
      onClose={onClose}
    >
      <Text size="sm">
        Delete <b>{item.name}</b>
        {item.is_folder ? ' and everything inside it' : ''}? This cannot be undone.
      </Text>
      <DeletionPasswordInput {...f.form.getInputProps('password')} />
    </ModalForm>
  )
}

function InfoDialog({ item, onClose }: { item: DocumentItem; onClose: () => void }) {
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
          { label: 'Created by', value: authorName(item.created_by_fullname, item.created_by_username) },
          { label: 'Created at', value: formatDateTime(item.created_at) },
          { label: 'Updated by', value: authorName(item.updated_by_fullname, item.updated_by_username) },
          { label: 'Updated at', value: formatDateTime(item.updated_at) },
        ]}
      />
    </Modal>
  )
}
