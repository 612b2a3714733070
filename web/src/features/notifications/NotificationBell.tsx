import { ActionIcon, Indicator, Popover } from '@mantine/core'
import { IconBell } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { badgeText, unreadCountQuery } from './api.ts'
import { NotificationPanel } from './NotificationPanel.tsx'

export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const { data: count } = useQuery(unreadCountQuery)
  const unread = count ?? 0
  const queryClient = useQueryClient()
  const seen = useRef<number | undefined>(undefined)
  // A new notification means something changed for this user: the task lists and the home page
  // refresh with the bell. The first count is no news (the lists load with it): refreshing on it
  // fetched the task list twice while the page was loading.
  useEffect(() => {
    if (count === undefined) return
    if (seen.current !== undefined && count > seen.current) {
      void queryClient.invalidateQueries({ queryKey: ['tasks'] })
      void queryClient.invalidateQueries({ queryKey: ['home'] })
    }
    seen.current = count
  }, [count, queryClient])
  // The popover's target is the button itself (its aria-expanded and aria-haspopup belong on a
  // button, not on the indicator's div, says axe); the indicator wraps the whole popover.
  return (
    <Indicator
      label={badgeText(unread)}
      size={18}
      disabled={unread === 0}
      color="red"
      offset={5}
      data-testid="unread-badge"
    >
      <Popover
        opened={open}
        onChange={setOpen}
        position="bottom-end"
        width={380}
        shadow="lg"
        withinPortal
        trapFocus={false}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={unread ? `Notifications, ${badgeText(unread)} unread` : 'Notifications'}
            onClick={() => setOpen((o) => !o)}
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} style={{ maxWidth: 'calc(100vw - 16px)' }}>
          {open && <NotificationPanel onClose={() => setOpen(false)} />}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  )
}
