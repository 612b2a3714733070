import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { ConfirmDialog } from '../ConfirmDialog.tsx'

/**
 * Asks before a form with unsaved input is left: browser back and links (React Router's blocker) and
 * reload or closing the tab (the browser's own prompt).
 */
export function LeaveGuard({ when, anyChange }: { when: boolean; anyChange?: boolean }) {
  // `anyChange`: a form in a dialog whose page keeps state in the query string (the task detail's
  // `?task=`) asks before that changes too.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (Boolean(anyChange) && currentLocation.search !== nextLocation.search)),
  )
  useEffect(() => {
    if (!when) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [when])
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Leave this page?"
      message="You have unsaved changes. If you leave, they will be lost."
      confirmLabel="Leave"
      cancelLabel="Stay"
      color="red"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  )
}
