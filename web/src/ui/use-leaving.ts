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
