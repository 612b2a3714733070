/**
 * Errors that keep the app alive (docs/architecture.md, "Errors that keep the app alive"): a page that
 * fails keeps the header and sidebar and says what happened; a chunk that no longer exists after a new
 * version was deployed reloads the app once by itself; a part of a page that fails leaves the rest.
 */
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react'
import { type ReactNode, useEffect, useState } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'
import { Link, useRouteError } from 'react-router'

export const errorTexts = {
  updatedTitle: 'Daftar has been updated',
  updated: 'A newer version of Daftar is available. Reload the page to continue where you were.',
  offlineTitle: 'No connection',
  offline:
    'This page could not be loaded because there is no connection. Reload it once you are back online.',
  failedTitle: 'Something went wrong',
  failed:
    'This page could not be shown because of an error in Daftar. Reload the page to try again; if it happens again, tell your administrator.',
  section: 'This part of the page could not be shown.',
  reload: 'Reload',
  retry: 'Try again',
  home: 'Go to Tasks',
} as const

const RELOADED_AT = 'daftar.chunkReloadAt'
/** A second failure within this time after the automatic reload is shown, not reloaded again. */
const RELOAD_WINDOW_MS = 30_000

/** A module of the app that could not be fetched: the old build's chunk is gone after a deploy. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    text,
  )
}

/** Whether a missing chunk may still reload the page: not when it just did (then the message shows). */
function mayReload(): boolean {
  return Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) >= RELOAD_WINDOW_MS
}

/** The page's reload and a load of another address, replaceable in tests (jsdom cannot reload). */
export const page = {
  reload: () => window.location.reload(),
  open: (address: string) => window.location.assign(address),
}

/**
 * Where the app is going while a page's code loads: the router's pending address (app/router.tsx
 * sets it). A page's code loads before the router commits the navigation to it (app/page-chunk.tsx),
 * so the address bar still shows the page before; a reload for a missing chunk goes to the page asked for.
 */
export const navigation = { pending: (): string | undefined => undefined }

function reloadNow(address?: string) {
  sessionStorage.setItem(RELOADED_AT, String(Date.now()))
  if (address) page.open(address)
  else page.reload()
}

/** Offline, a chunk fails for want of a connection, not because a new version removed it. */
const offline = () => !navigator.onLine

// Vite's own signal that a chunk's dependencies failed to load: reload once instead of failing.
// Not offline: the reload would only bring up the browser's own error page, and lose the page.
window.addEventListener('vite:preloadError', (event) => {
  if (offline() || !mayReload()) return
  event.preventDefault()
  reloadNow(navigation.pending())
})

function ErrorMessage({ error, framed }: { error: unknown; framed: boolean }) {
  const [cause] = useState<'updated' | 'offline' | 'failed'>(() =>
    isChunkLoadError(error) ? (offline() ? 'offline' : 'updated') : 'failed',
  )
  const updated = cause === 'updated'
  // A missing chunk reloads by itself the first time; while it does, nothing needs saying.
  const [reloading] = useState(() => updated && mayReload())
  useEffect(() => {
    if (reloading) reloadNow()
  }, [reloading])
  if (reloading) return null
  const body = (
    <Alert
      color={cause === 'failed' ? 'red' : 'blue'}
      variant="light"
      title={errorTexts[`${cause}Title`]}
      icon={<IconAlertTriangle size={20} />}
      role="alert"
    >
      <Stack gap="md" align="flex-start">
        <Text size="sm">{errorTexts[cause]}</Text>
        <Group gap="sm">
          <Button leftSection={<IconRefresh size={16} />} onClick={() => page.reload()}>
            {errorTexts.reload}
          </Button>
          {framed && (
            <Button component={Link} to="/tasks" variant="default">
              {errorTexts.home}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  )
  return framed ? (
    <Stack maw={720} mx="auto" mt="xl">
      {body}
    </Stack>
  ) : (
    <Center h="100vh" p="md">
      <Stack maw={560}>{body}</Stack>
    </Center>
  )
}

/** A page's error, inside the app's frame (the `errorElement` of every signed-in route). */
export function RouteError() {
  return <ErrorMessage error={useRouteError()} framed />
}

/** An error of the frame itself (or the sign-in page): the whole window. */
export function RootError() {
  return <ErrorMessage error={useRouteError()} framed={false} />
}

/** A part of a page that failed to load or to show: what went wrong, and 'Try again' beside it. */
export function RetryAlert({
  message,
  onRetry,
  icon,
  retryIcon,
}: {
  message: string
  onRetry: () => void
  icon?: ReactNode
  retryIcon?: ReactNode
}) {
  return (
    <Alert color="red" variant="light" role="alert" icon={icon}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" leftSection={retryIcon} onClick={onRetry}>
          {errorTexts.retry}
        </Button>
      </Group>
    </Alert>
  )
}

function SectionFallback({ resetErrorBoundary }: FallbackProps) {
  return (
    <RetryAlert
      message={errorTexts.section}
      onRetry={resetErrorBoundary}
      icon={<IconAlertTriangle size={18} />}
    />
  )
}

/** One part of a page (a card, a tab): if it fails, it alone says so and the rest of the page stays. */
export function SectionBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={SectionFallback}>{children}</ErrorBoundary>
}
