import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * A page opened by a link, a menu or a save starts at its top, not where the last page was scrolled
 * (on a phone the next list opened on its last cards, its title and search out of sight). Back and
 * Forward are left to the browser, which restores where the person was; a change of the query alone
 * (a filter, a page, a dialog opened by `?task=`) keeps the page where it is.
 */
export function useNewPageAtTop() {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    if (navigationType !== 'POP') window.scrollTo({ top: 0 })
  }, [pathname, navigationType])
}
