import { lazy, Suspense, useEffect, useState } from 'react'
import { useBlocker, useLocation } from 'react-router'

// The dialog (Mantine's Modal) is loaded the first time it is needed, so that a form's page does not
// wait for its code: the sign-in page's forms, above all, never ask (docs/decisions.md, "One way to
// build a screen").
const ConfirmDialog = lazy(() => import('../ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })))

/**
 * Asks before a form with unsaved input is left: browser back and links (React Router's blocker) and
 * reload or closing the tab (the browser's own prompt).
 */
export function LeaveGuard({ when, anyChange }: { when: boolean; anyChange?: boolean }) {
  // `anyChange`: a form in a dialog whose page keeps state in the query string (the task detail's
  // `?task=`) asks before that changes too.
  const here = useLocation()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      // Only a navigation from the address the form is on. React Router commits a navigation in a
      // transition, so a form already left stays mounted while the next page gets ready; a link
      // followed then was held by it and dropped when it unmounted (a lost click).
      currentLocation.key === here.key &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (Boolean(anyChange) && currentLocation.search !== nextLocation.search)),
  )
  const blocked = blocker.state === 'blocked'
  // Once shown, the dialog stays mounted, so that it closes with its transition.
  const [shown, setShown] = useState(false)
  if (blocked && !shown) setShown(true)
  useEffect(() => {
    if (!when) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [when])
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        opened={blocked}
        title="Leave this page?"
        message="You have unsaved changes. If you leave, they will be lost."
        confirmLabel="Leave"
        cancelLabel="Stay"
        color="red"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Suspense>
  )
}
