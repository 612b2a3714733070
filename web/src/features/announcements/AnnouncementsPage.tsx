import {
  type Announcement,
  type AnnouncementList,
  announcementExcerpt,
  announcementMessages,
} from '@daftar/domain/announcements'
import { formatDate, formatDateTime } from '@daftar/domain/format'
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core'
import { IconEdit, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { ListPager } from '../../ui/list/PageNumberInput.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { AnnouncementFormModal } from './AnnouncementFormModal.tsx'
import { announcementQuery, announcementsApi, announcementsQuery } from './api.ts'

/** /organization/announcements: the feed of cards; a card opens read-only; admins publish, edit, delete. */
export default function AnnouncementsPage() {
  const { data: me } = useMe()
  const admin = Boolean(me?.isadmin)
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const openId = params.get('open')
  const feed = useQuery(announcementsQuery(page))
  const [editing, setEditing] = useState<Announcement | null | 'new'>(null)
  const [deleting, setDeleting] = useState<Announcement | null>(null)
  const set = (key: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev)
      if (value) next.set(key, value)
      else next.delete(key)
      return next
    })

  // Gone from the feed at once; back with the spec's message if the call fails.
  const remove = useMutation({
    mutationFn: (a: Announcement) => announcementsApi.remove(a.announcement_id),
    onMutate: async (a) => {
      setDeleting(null)
      const key = ['announcements', 'list', page]
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<AnnouncementList>(key)
      queryClient.setQueryData<AnnouncementList>(key, (old) =>
        old
          ? {
              ...old,
              announcements: old.announcements.filter((x) => x.announcement_id !== a.announcement_id),
            }
          : old,
      )
      return { before, key }
    },
    onError: (error, _a, context) => {
      if (context) queryClient.setQueryData(context.key, context.before)
      notifyError(errorMessage(error, announcementMessages.deleteFailed))
    },
    onSuccess: (res) => notifySuccess(res.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['announcements'] }),
  })

  const items = feed.data?.announcements
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
      {feed.isPending ? (
        <Center py="xl">
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading announcements...</Text>
          </Group>
        </Center>
      ) : feed.isError ? (
        <Text c="red" role="alert">
          Error loading announcements: {errorMessage(feed.error, 'Unknown error')}
        </Text>
      ) : items?.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap={4}>
            <IconSpeakerphone size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">No announcements yet.</Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="sm">
          {items?.map((a) => (
            <Card key={a.announcement_id} withBorder radius="md" padding="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <UnstyledButton
                  onClick={() => set('open', a.announcement_id)}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label={`Open ${a.title}`}
                >
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
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {announcementExcerpt(a.content)}
                  </Text>
                  <Text size="xs" c="dimmed" mt={6}>
                    {a.created_by_fullname ?? 'Unknown'} · {formatDate(a.created_at)}
                  </Text>
                </UnstyledButton>
                {admin && (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${a.title}`}
                        onClick={() => setEditing(a)}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${a.title}`}
                        onClick={() => setDeleting(a)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {(feed.data?.totalPages ?? 1) > 1 && (
        <ListPager
          page={page}
          totalPages={feed.data!.totalPages}
          onChange={(p) => set('page', p > 1 ? String(p) : null)}
        />
      )}
      {openId && <ReadModal id={openId} onClose={() => set('open', null)} />}
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
        onConfirm={() => deleting && remove.mutate(deleting)}
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
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a!.content}</Text>
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
