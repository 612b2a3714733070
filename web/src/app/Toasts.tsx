import { Notifications } from '@mantine/notifications'
import { TOAST_MS } from '../ui/notify.ts'

/**
 * Where toasts appear. Its own chunk, loaded after the first paint (app/App.tsx): a toast asked for
 * before it has loaded waits in Mantine's store and shows when it mounts.
 * Bottom-right: toasts never cover the header's bell and menu.
 */
export default function Toasts() {
  return <Notifications position="bottom-right" autoClose={TOAST_MS} limit={4} />
}
