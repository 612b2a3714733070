import { lazy, Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { useBlocker, useLocation } from 'react-router'

// The dialog (Mantine's Modal) is loaded the first time it is needed, so that a form's page does not
// wait for its code: the sign-in page's forms, above all, never ask (docs/decisions.md, "One way to
// build a screen").
const ConfirmDialog = lazy(() => import('../ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })))

interface Guard {
  when: boolean
  /** Also asks before the query string changes (a dialog opened by `?task=`). */
  anyChange: boolean
  /** The address the form is on: only a navigation from it is held. */
  locationKey: string
}

/**
 * Every guard on screen. React Router holds one blocker per router: a page with several forms (the
 * admin's settings) had each register its own, the router used the last one alone, and a change in
 * any other form was lost without a question. So the first guard mounted owns the one blocker and
 * asks for them all; when it goes, the next one takes over.
 */
const guards = new Map<number, Guard>()
const owners = new Set<() => void>()
let lastId = 0
const ownerId = () => guards.keys().next().value
const watchOwner = (listener: () => void) => {
  owners.add(listener)
  return () => owners.delete(listener)
}
const ownerChanged = () => {
  for (const listener of owners) listener()
}

/**
 * Who wants to know that 'Leave this page?' is being asked: a modal form's own 'Discard changes?' is
 * withdrawn then, so that Back pressed while it is open leaves one question on screen, not two.
 */
const leaveListeners = new Set<() => void>()
export function whenLeaveAsked(listener: () => void) {
  leaveListeners.add(listener)
  return () => {
    leaveListeners.delete(listener)
  }
}

/**
 * Asks before a form with unsaved input is left: browser back and links (React Router's blocker) and
 * reload or closing the tab (the browser's own prompt).
 */
export function LeaveGuard({ when, anyChange }: { when: boolean; anyChange?: boolean }) {
  // `anyChange`: a form in a dialog whose page keeps state in the query string (the task detail's
  // `?task=`) asks before that changes too.
  const here = useLocation()
  const [id] = useState(() => ++lastId)
  // Written after every commit, so that the owner's blocker reads what each form says now.
  useLayoutEffect(() => {
    guards.set(id, { when, anyChange: Boolean(anyChange), locationKey: here.key })
  })
  useEffect(() => {
    ownerChanged()
    return () => {
      guards.delete(id)
      ownerChanged()
    }
  }, [id])
  const owner = useSyncExternalStore(watchOwner, ownerId, ownerId)
  useEffect(() => {
    if (!when) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [when])
  return owner === id ? <PageBlocker /> : null
}

/** The page's one blocker: it holds a navigation when any guard on screen would. */
function PageBlocker() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    [...guards.values()].some(
      (guard) =>
        guard.when &&
        // Only a navigation from the address the form is on. React Router commits a navigation in a
        // transition, so a form already left stays mounted while the next page gets ready; a link
        // followed then was held by it and dropped when it unmounted (a lost click).
        currentLocation.key === guard.locationKey &&
        (currentLocation.pathname !== nextLocation.pathname ||
          (guard.anyChange && currentLocation.search !== nextLocation.search)),
    ),
  )
  const blocked = blocker.state === 'blocked'
  useEffect(() => {
    if (blocked) for (const listener of leaveListeners) listener()
  }, [blocked])
  // Once shown, the dialog stays mounted, so that it closes with its transition.
  const [shown, setShown] = useState(false)
  if (blocked && !shown) setShown(true)
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
