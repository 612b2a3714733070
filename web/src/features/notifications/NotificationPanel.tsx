import { formatRelativeTime } from '@daftar/domain/format'
import {
  ActionIcon,
  Avatar,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { usePhotoUrl } from '../../api/shared-queries.ts'
import { notifyError } from '../../ui/notify.ts'
import { ALREADY_READ, type AppNotification, notificationListQuery, notificationsApi } from './api.ts'

export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const list = useInfiniteQuery(notificationListQuery)
  const sentinel = useRef<HTMLDivElement>(null)
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? []

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] })
  const markAll = useMutation({
    mutationFn: notificationsApi.markAllRead,
    onSuccess: refresh,
    onError: () => notifyError('Failed to mark all notifications as read.'),
  })

  /** The lists a notification's subject shows in: opening it refreshes them (issue 10, defect 4). */
  function refreshSubject(link: string | null) {
    const path = link ?? ''
    const roots =
      path.startsWith('/?') || path === '/' || path.includes('tasks')
        ? ['tasks']
        : path.startsWith('/admin/approvals')
          ? ['approvals']
          : path.startsWith('/organization/announcements')
            ? ['announcements']
            : [path.split(/[/?]/)[1] ?? '']
    for (const root of roots) if (root) void queryClient.invalidateQueries({ queryKey: [root] })
  }

  async function open(item: AppNotification) {
    refreshSubject(item.link)
    if (!item.is_read) {
      try {
        const res = await notificationsApi.markRead(item.notification_id)
        if (res.message && res.message !== ALREADY_READ && /failed|error/i.test(res.message))
          notifyError(res.message)
      } catch (error) {
        notifyError(errorMessage(error, 'Failed to mark notification as read.'))
      }
      void refresh()
    }
    onClose()
    if (item.link) navigate(item.link)
  }

  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const node = sentinel.current
    if (!node) return
    const observer = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && list.hasNextPage && !list.isFetchingNextPage)
        void list.fetchNextPage()
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [list.hasNextPage, list.isFetchingNextPage, list.fetchNextPage])

  return (
    <Stack gap={0}>
      <Group
        justify="space-between"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Text fw={700}>Notifications</Text>
        <Group gap={4}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={items.every((i) => i.is_read)}
          >
            Mark all as read
          </Button>
          <CloseButton aria-label="Close notifications" onClick={onClose} />
        </Group>
      </Group>
      <ScrollArea.Autosize mah={440} type="auto">
        {list.isPending ? (
          <Center p="lg">
            <Text size="sm" c="dimmed">
              Loading notifications...
            </Text>
          </Center>
        ) : list.isError ? (
          <Center p="lg">
            <Text size="sm" c="red">
              Error: {errorMessage(list.error, 'Could not load notifications.')}
            </Text>
          </Center>
        ) : items.length === 0 ? (
          <Center p="lg">
            <Text size="sm" c="dimmed">
              You have no new notifications.
            </Text>
          </Center>
        ) : (
          <Stack gap={0}>
            {items.map((item) => (
              <NotificationRow key={item.notification_id} item={item} onOpen={() => open(item)} />
            ))}
            <div ref={sentinel} />
            <Center p="sm">
              {list.isFetchingNextPage ? (
                <Loader size="xs" />
              ) : list.hasNextPage ? null : (
                <Text size="xs" c="dimmed">
                  You've reached the end.
                </Text>
              )}
            </Center>
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Stack>
  )
}

function NotificationRow({ item, onOpen }: { item: AppNotification; onOpen: () => void }) {
  const photo = usePhotoUrl(item.triggering_user_display_photo)
  const name = item.triggering_user_fullname ?? item.triggering_username ?? 'Daftar'
  return (
    <UnstyledButton
      onClick={onOpen}
      px="md"
      py="sm"
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'flex-start',
        background: item.is_read ? undefined : 'var(--mantine-color-indigo-0)',
        borderBottom: '1px solid var(--mantine-color-gray-1)',
      }}
      data-unread={!item.is_read}
    >
      <Avatar src={photo} name={name} color="initials" radius="xl" size={34} />
      <div style={{ flex: 1, minWidth: 0 }}>
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
