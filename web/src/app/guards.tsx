import { Box, Center, Group, Loader, Skeleton, Stack } from '@mantine/core'
import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { Navigate } from 'react-router'
import { useIsAuthenticated } from '../api/session.ts'
import { forgetDraftsOfOthers, forgetReturnTo, returnTo } from '../ui/drafts.ts'

export function PageLoader() {
  return (
    <Center h="60vh" aria-busy="true">
      <Loader />
    </Center>
  )
}

/**
 * The first paint of a signed-in page: the app's frame (header, and the sidebar from tablet width up)
 * in skeleton while the shell and the session load, so nothing jumps when they arrive.
 */
export function AppFrameSkeleton() {
  const bar = { borderColor: 'var(--mantine-color-gray-3)', borderStyle: 'solid', borderWidth: 0 }
  return (
    <Box data-testid="app-frame-skeleton" aria-busy="true" aria-label="Loading Daftar" role="status">
      <Group h={60} px="md" justify="space-between" style={{ ...bar, borderBottomWidth: 1 }}>
        <Group gap="sm">
          <Skeleton h={28} w={28} />
          <Skeleton h={36} w={36} radius="md" />
          <Skeleton h={20} w={90} />
        </Group>
        <Group gap="sm">
          <Skeleton h={28} w={28} circle />
          <Skeleton h={36} w={36} circle />
        </Group>
      </Group>
      <Group align="flex-start" gap={0} wrap="nowrap">
        <Stack
          visibleFrom="sm"
          w={64}
          p="sm"
          gap="lg"
          style={{ ...bar, borderRightWidth: 1, minHeight: 'calc(100vh - 60px)' }}
        >
          {Array.from({ length: 9 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={28} w={28} radius="md" mx="auto" />
          ))}
        </Stack>
        <Stack p="md" gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Skeleton h={32} w={180} />
          <Skeleton h={240} />
        </Stack>
      </Group>
    </Box>
  )
}

/** Signed-out users go to /login, whatever they asked for (docs/product.md, "Sign-in and sessions"). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated()
  if (!authenticated) return <Navigate to="/login" replace />
  return <Suspense fallback={<AppFrameSkeleton />}>{children}</Suspense>
}

/** Signed-in users who open /login go to /, or back to the page where their session expired. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated()
  if (authenticated) return <ReturnAfterSignIn />
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>
}

function ReturnAfterSignIn() {
  const [to] = useState(() => {
    forgetDraftsOfOthers()
    return returnTo() ?? '/'
  })
  useEffect(forgetReturnTo, [])
  return <Navigate to={to} replace />
}
