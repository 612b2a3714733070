import { formatRelativeTime } from '@daftar/domain/format'
import { notificationEndpoints } from '@daftar/domain/notifications'
import {
  ActionIcon,
  Avatar,
  Button,
  CloseButton,
  Group,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { usePhotoUrl } from '../../api/shared-queries.ts'
import { DataTable } from '../../ui/list/DataTable.tsx'
import { notifyError } from '../../ui/notify.ts'
import { ALREADY_READ, type AppNotification, notificationListQuery, notificationsKey } from './api.ts'
import classes from './NotificationPanel.module.css'

/** The lists a notification's subject shows in: opening it refreshes them. */
function subjectRoots(link: string | null): string[] {
  const path = link ?? ''
  // `/?task=` is how task links read before the task list moved to /tasks.
  if (path.startsWith('/?') || path.includes('tasks')) return ['tasks', 'home']
  if (path.startsWith('/admin/approvals')) return ['approvals']
  if (path.startsWith('/organization/announcements')) return ['announcements']
  return [path.split(/[/?]/)[1] ?? ''].filter(Boolean)
}

/**
 * The bell's panel: newest first, 15 at a time with infinite scroll; opening one marks it read and goes
 * to its link; 'Mark all as read' (docs/product.md, "Notifications").
 */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const list = useInfiniteQuery(notificationListQuery)
  const items = list.data?.pages.flatMap((p) => p.notifications)
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey })
  const markAll = useMutation({
    mutationFn: () => call(notificationEndpoints.readAll),
    onSuccess: refresh,
    onError: () => notifyError('Failed to mark all notifications as read.'),
  })

  async function open(item: AppNotification) {
    for (const root of subjectRoots(item.link)) void queryClient.invalidateQueries({ queryKey: [root] })
    if (!item.is_read) {
      try {
        const res = await call(notificationEndpoints.read, { params: { id: String(item.notification_id) } })
        if (res.message !== ALREADY_READ && /failed|error/i.test(res.message)) notifyError(res.message)
      } catch (error) {
        notifyError(errorMessage(error, 'Failed to mark notification as read.'))
      }
      void refresh()
    }
    onClose()
    if (item.link) navigate(item.link)
  }

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" className={classes.head}>
        <Text fw={700}>Notifications</Text>
        <Group gap={4}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={!items || items.every((i) => i.is_read)}
          >
            Mark all as read
          </Button>
          <CloseButton aria-label="Close notifications" onClick={onClose} />
        </Group>
      </Group>
      <ScrollArea.Autosize mah={440} type="auto">
        <div className={classes.list}>
          <DataTable
            label="Notifications"
            layout="cards"
            columns={[]}
            rows={items}
            rowKey={(n) => String(n.notification_id)}
            card={(n) => <NotificationRow item={n} onOpen={() => open(n)} />}
            loading={list.isPending}
            loadingText="Loading notifications..."
            error={
              list.isError ? `Error: ${errorMessage(list.error, 'Could not load notifications.')}` : null
            }
            onRetry={() => void list.refetch()}
            emptyText="You have no new notifications."
            more={{
              hasMore: Boolean(list.hasNextPage) && !list.isError,
              loading: list.isFetchingNextPage,
              onMore: () => void list.fetchNextPage(),
              endText: "You've reached the end.",
            }}
          />
        </div>
      </ScrollArea.Autosize>
    </Stack>
  )
}

function NotificationRow({ item, onOpen }: { item: AppNotification; onOpen: () => void }) {
  const photo = usePhotoUrl(item.triggering_user_display_photo)
  const name = item.triggering_user_fullname ?? item.triggering_username ?? 'Daftar'
  return (
    <UnstyledButton onClick={onOpen} className={classes.row} data-unread={!item.is_read}>
      <Avatar src={photo} name={name} color="initials" radius="xl" size={34} />
      <div className={classes.text}>
        <Text size="sm" lineClamp={3} fw={item.is_read ? 400 : 600}>
          {item.message}
        </Text>
        <Text size="xs" c="dimmed">
          {formatRelativeTime(item.created_at)}
        </Text>
      </div>
      {!item.is_read && (
        <ActionIcon
          component="span"
          size={8}
          radius="xl"
          color="indigo"
          variant="filled"
          aria-label="Unread"
        />
      )}
    </UnstyledButton>
  )
}
