import {
  type Announcement,
  type AnnouncementList,
  announcementEndpoints,
  announcementExcerpt,
  announcementListQuery,
  announcementMessages,
} from '@daftar/domain/announcements'
import { formatDate, formatDateTime } from '@daftar/domain/format'
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core'
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { DataTable } from '../../ui/list/DataTable.tsx'
import { useListState } from '../../ui/list/use-list-state.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { AnnouncementFormModal } from './AnnouncementFormModal.tsx'
import { announcementQuery, announcementsKey, announcementsQuery } from './api.ts'

const wrap = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const

/** One card of the feed: title, the first 200 characters, author and date; admins edit and delete. */
function AnnouncementCard({
  a,
  admin,
  onOpen,
  onEdit,
  onDelete,
}: {
  a: Announcement
  admin: boolean
  onOpen: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }} aria-label={`Open ${a.title}`}>
        <Group gap="xs" mb={4}>
          <Text fw={650} style={{ overflowWrap: 'anywhere' }}>
            {a.title}
          </Text>
          {!a.is_public && (
            <Badge size="xs" variant="light" color="grape">
              Selected users
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={wrap}>
          {announcementExcerpt(a.content)}
        </Text>
        <Text size="xs" c="dimmed" mt={6}>
          {a.created_by_fullname ?? 'Unknown'} · {formatDate(a.created_at)}
        </Text>
      </UnstyledButton>
      {admin && (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit ${a.title}`} onClick={onEdit}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${a.title}`} onClick={onDelete}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  )
}

/** Gone from the feed at once; back with the spec's message if the call fails. */
function useRemove(page: number) {
  const queryClient = useQueryClient()
  const key = announcementsQuery(page).queryKey
  return useMutation({
    mutationFn: (a: Announcement) =>
      call(announcementEndpoints.remove, { params: { id: a.announcement_id } }),
    onMutate: async (a) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<AnnouncementList>(key)
      queryClient.setQueryData<AnnouncementList>(
        key,
        (old) =>
          old && {
            ...old,
            announcements: old.announcements.filter((x) => x.announcement_id !== a.announcement_id),
          },
      )
      return { before }
    },
    onError: (error, _a, context) => {
      queryClient.setQueryData(key, context?.before)
      notifyError(errorMessage(error, announcementMessages.deleteFailed))
    },
    onSuccess: (res) => notifySuccess(res.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  })
}

/** /organization/announcements: the feed of cards; a card opens read-only; admins publish, edit, delete. */
export default function AnnouncementsPage() {
  const { data: me } = useMe()
  const admin = Boolean(me?.isadmin)
  const { state, pager } = useListState(announcementListQuery)
  const [params, setParams] = useSearchParams()
  const openId = params.get('open')
  const setOpen = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev)
      if (id) next.set('open', id)
      else next.delete('open')
      return next
    })
  const feed = useQuery(announcementsQuery(state.page))
  const [editing, setEditing] = useState<Announcement | null | 'new'>(null)
  const [deleting, setDeleting] = useState<Announcement | null>(null)
  const remove = useRemove(state.page)

  return (
    <Stack maw={900} mx="auto" gap="md" w="100%">
      <PageHeader
        title="Announcements"
        description="News and notices for the organisation."
        actions={
          admin && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              New Announcement
            </Button>
          )
        }
      />
      <DataTable
        label="Announcements"
        layout="cards"
        columns={[]}
        rows={feed.data?.announcements}
        rowKey={(a) => a.announcement_id}
        card={(a) => (
          <AnnouncementCard
            a={a}
            admin={admin}
            onOpen={() => setOpen(a.announcement_id)}
            onEdit={() => setEditing(a)}
            onDelete={() => setDeleting(a)}
          />
        )}
        loading={feed.isPending}
        stale={feed.isPlaceholderData}
        loadingText="Loading announcements..."
        error={
          feed.isError ? `Error loading announcements: ${errorMessage(feed.error, 'Unknown error')}` : null
        }
        emptyText="No announcements yet."
        pager={pager(feed.data?.totalPages, { onlyWhenPaged: true })}
      />
      {openId && <ReadModal id={openId} onClose={() => setOpen(null)} />}
      {editing && (
        <AnnouncementFormModal
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={Boolean(deleting)}
        title="Delete announcement"
        message={`Delete '${deleting?.title ?? ''}'? It disappears for everyone.`}
        confirmLabel="Delete"
        color="red"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting)
          setDeleting(null)
        }}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  )
}

/** The read-only modal of one announcement (also opened from its notification, `?open=`). */
function ReadModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { data: me } = useMe()
  const one = useQuery(announcementQuery(id))
  const a = one.data
  return (
    <Modal opened onClose={onClose} title={a?.title ?? 'Announcement'} size="lg" centered>
      {one.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading...</Text>
        </Group>
      ) : one.isError ? (
        <Text c="red">{errorMessage(one.error, announcementMessages.notFound)}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {a!.created_by_fullname ?? 'Unknown'} · {formatDateTime(a!.created_at)}
          </Text>
          <Text style={wrap}>{a!.content}</Text>
          {me?.isadmin && !a!.is_public && (
            <Text size="sm" c="dimmed">
              Shown to: {a!.visible_to.map((u) => u.full_name).join(', ')}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  )
}
