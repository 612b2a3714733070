import { useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigation } from 'react-router'

/**
 * True while the router is opening another page than this one (its code still loading). A page's own
 * write into the address then, on a timer or a debounce, would cancel that navigation and the click
 * that began it would do nothing; such a write waits, and is made if the person stays
 * (docs/decisions.md, "The first screen in one render").
 */
export function useLeaving(): boolean {
  const here = useLocation().pathname
  const opening = useNavigation().location
  return opening !== undefined && opening.pathname !== here
}

/**
 * Asks, when an answer arrives, whether the person is still on this page: it is mounted and no other
 * page is opening. A page the answer would open (a form's list after saving) is not opened for someone
 * who has clicked elsewhere meanwhile (docs/decisions.md, "A saved form opens its next page only for
 * someone still on it").
 */
export function useStillHere(): () => boolean {
  const leaving = useLeaving()
  const state = useRef({ mounted: false, leaving })
  state.current.leaving = leaving
  useEffect(() => {
    state.current.mounted = true
    return () => {
      state.current.mounted = false
    }
  }, [])
  return useCallback(() => state.current.mounted && !state.current.leaving, [])
}
