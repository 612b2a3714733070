import { Center, Loader } from '@mantine/core'
import { type ReactNode, Suspense } from 'react'
import { Navigate } from 'react-router'
import { useIsAuthenticated } from '../api/session.ts'

export function PageLoader() {
  return (
    <Center h="60vh" aria-busy="true">
      <Loader />
    </Center>
  )
}

/** Signed-out users go to /login, whatever they asked for (spec route table). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated()
  if (!authenticated) return <Navigate to="/login" replace />
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>
}

/** Signed-in users who open /login go to /. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated()
  if (authenticated) return <Navigate to="/" replace />
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>
}
