import { type DocumentItem, documentEndpoints } from '@daftar/domain/documents'
import { fileTooLargeMessage, formatFileSize, MAX_FILE_BYTES } from '@daftar/domain/files'
import { formatDateTime } from '@daftar/domain/format'
import type { EntityType } from '@daftar/domain/registers'
import { Anchor, Breadcrumbs, Button, FileButton, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconFile, IconFolder, IconFolderPlus, IconHome, IconUpload } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call, errorMessage } from '../../api/client.ts'
import { canWrite, type RecordAccess } from '../access-api.ts'
import { useStoredFile } from '../files.ts'
import { DataTable } from '../list/DataTable.tsx'
import { notifyError, notifySuccess } from '../notify.ts'
import { documentFailures, documentsQuery } from './api.ts'
import { DocumentActions } from './DocumentActions.tsx'
import { type Dialog, DocumentDialogs } from './DocumentDialogs.tsx'
import { useFolderPath } from './folder-path.ts'

export interface DocumentManagerProps {
  entityType: EntityType
  entityId: string
  /** The caller's level on the record: WRITE adds folders, uploads and renames; ADMIN also deletes. */
  access: RecordAccess
}

/** The Documents tab of every record: folders and files, with a breadcrumb from Root. */
export function DocumentManager({ entityType, entityId, access }: DocumentManagerProps) {
  const queryClient = useQueryClient()
  const folders = useFolderPath(entityType, entityId)
  const listing = useQuery(documentsQuery(entityType, entityId, folders.current))
  const files = useStoredFile('documents')
  const [dialog, setDialog] = useState<Dialog>(null)
  const writable = canWrite(access)
  const queryKey = ['documents', entityType, entityId]
  const refresh = () => queryClient.invalidateQueries({ queryKey })

  const upload = useMutation({
    mutationFn: (file: File) =>
      call(documentEndpoints.upload, {
        // The fields first, the file last, as the server reads them.
        fields: { entityType, entityId, parentFolderId: folders.current },
        files: { documentFile: file },
      }),
    onSuccess: (res) => notifySuccess(res.message),
    onError: (error) => notifyError(errorMessage(error, documentFailures.upload)),
    onSettled: refresh,
  })

  function choose(file: File | null) {
    if (!file) return
    if (file.size > MAX_FILE_BYTES) return notifyError(fileTooLargeMessage)
    upload.mutate(file)
  }

  const open = (item: DocumentItem) =>
    item.is_folder ? folders.open(item.document_id) : item.s3_key && files.view(item.s3_key)

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <nav aria-label="Folder path">
          <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => folders.goTo([])}
              aria-current={folders.path.length === 0 ? 'page' : undefined}
              fw={folders.path.length === 0 ? 700 : 500}
              c={folders.path.length === 0 ? 'dark' : undefined}
            >
              <Group gap={4} wrap="nowrap">
                <IconHome size={14} aria-hidden /> Root
              </Group>
            </Anchor>
            {folders.crumbs.map((crumb, i) => {
              const last = i === folders.crumbs.length - 1
              return (
                <Anchor
                  key={crumb.id}
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => folders.goTo(crumb.path)}
                  aria-current={last ? 'page' : undefined}
                  fw={last ? 700 : 500}
                  c={last ? 'dark' : undefined}
                >
                  {crumb.name}
                </Anchor>
              )
            })}
          </Breadcrumbs>
        </nav>
        {writable && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={16} />}
              onClick={() => setDialog({ kind: 'folder' })}
            >
              New Folder
            </Button>
            <FileButton onChange={choose}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                  Upload File
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Group>
      <DataTable<DocumentItem>
        label="Documents"
        minWidth={640}
        rows={listing.data}
        rowKey={(d) => d.document_id}
        loading={listing.isPending}
        loadingText="Loading documents..."
        error={
          listing.isError ? `Error loading documents: ${errorMessage(listing.error, 'Unknown error')}` : null
        }
        emptyText="This folder is empty."
        columns={[
          {
            key: 'name',
            header: 'Name',
            render: (d) => (
              <UnstyledButton
                onClick={() => open(d)}
                aria-label={d.is_folder ? `Open folder ${d.name}` : `View ${d.name}`}
                style={{ display: 'flex', alignItems: 'center', gap: 8 }}
              >
                {d.is_folder ? (
                  <IconFolder size={20} color="var(--mantine-color-yellow-7)" aria-hidden />
                ) : (
                  <IconFile size={20} color="var(--mantine-color-indigo-5)" aria-hidden />
                )}
                <Text size="sm" fw={d.is_folder ? 600 : 500} style={{ overflowWrap: 'anywhere' }}>
                  {d.name}
                </Text>
              </UnstyledButton>
            ),
          },
          {
            key: 'modified',
            header: 'Date Modified',
            nowrap: true,
            render: (d) => formatDateTime(d.updated_at),
          },
          {
            key: 'size',
            header: 'Size',
            nowrap: true,
            render: (d) => (d.is_folder ? <Text c="dimmed">—</Text> : formatFileSize(d.file_size)),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">Actions</span>,
            align: 'right',
            // On a phone the buttons take the card's last line, at its right.
            phone: 'wide',
            render: (d) => (
              <DocumentActions
                item={d}
                access={access}
                onDownload={() => d.s3_key && files.download(d.s3_key)}
                onDialog={setDialog}
              />
            ),
          },
        ]}
      />
      {!writable && (
        <Text size="xs" c="dimmed">
          You have read-only access: you can view and download documents.
        </Text>
      )}
      <DocumentDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        entityType={entityType}
        entityId={entityId}
        folderId={folders.current}
        queryKey={queryKey}
      />
    </Stack>
  )
}
