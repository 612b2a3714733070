import { Center, Loader } from '@mantine/core'
import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { Navigate } from 'react-router'
import { useIsAuthenticated } from '../api/session.ts'
import { forgetReturnTo, returnTo } from '../ui/drafts.ts'

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

/** Signed-in users who open /login go to /, or back to the page where their session expired. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated()
  if (authenticated) return <ReturnAfterSignIn />
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>
}

function ReturnAfterSignIn() {
  const [to] = useState(() => returnTo() ?? '/')
  useEffect(forgetReturnTo, [])
  return <Navigate to={to} replace />
}
