import { AppShell } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { Outlet, useNavigation } from 'react-router'
import { beforeLogoutHooks } from '../../features/auth/logout-hooks.ts'
import { disablePush, enablePush } from '../../features/notifications/push.ts'
import { useNarrow } from '../../ui/use-narrow.ts'
import classes from './AppLayout.module.css'
import { Header } from './Header.tsx'
import { useNewPageAtTop } from './new-page-at-top.ts'
import { OfflineBanner } from './OfflineBanner.tsx'
import { Sidebar } from './Sidebar.tsx'

const RAIL = 64
const EXPANDED = 250

/**
 * The sidebar starts collapsed (docs/product.md, "Pages and navigation"). On desktop it is a rail of icons that expands while hovered
 * or while the keyboard's focus is in it (over the content), and stays open when pinned with the menu
 * toggle; at 768 px or less it is hidden, opens from the toggle and closes after a link is followed.
 */
export default function AppLayout() {
  const narrow = useNarrow()
  const [mobileOpen, mobile] = useDisclosure(false)
  const [pinned, setPinned] = useState(false)
  const [peeking, setPeeking] = useState(false)
  const expanded = narrow ? mobileOpen : pinned || peeking
  const loadingPage = useNavigation().state === 'loading'
  useNewPageAtTop()

  useEffect(() => {
    void enablePush()
    if (!beforeLogoutHooks.includes(disablePush)) beforeLogoutHooks.push(disablePush)
  }, [])

  const toggle = () => (narrow ? mobile.toggle() : setPinned((p) => !p))
  useEscapeCloses(narrow && mobileOpen, mobile.close)

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: pinned ? EXPANDED : RAIL, breakpoint: 769, collapsed: { mobile: !mobileOpen } }}
      padding="md"
    >
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to the page's main section */}
      <a
        href="#main-content"
        className={classes.skip}
        onClick={(event) => {
          // Focus moves past the header and the navigation; the address stays as it is.
          event.preventDefault()
          document.getElementById('main-content')?.focus()
        }}
      >
        Skip to content
      </a>
      {loadingPage && (
        <div className={classes.pageProgress} role="progressbar" aria-label="Loading the page" />
      )}
      <Header menuOpen={narrow ? mobileOpen : pinned} onToggleMenu={toggle} />
      <AppShell.Navbar
        className={`${classes.navbar} ${!narrow && peeking && !pinned ? classes.navbarExpanded : ''}`}
        onMouseEnter={() => !narrow && setPeeking(true)}
        onMouseLeave={(event) => !keyboardFocusIn(event.currentTarget) && setPeeking(false)}
        // Tabbing through the rail shows its labels, as hovering does; leaving it folds it again.
        onFocus={(event) => !narrow && keyboardFocusIn(event.currentTarget) && setPeeking(true)}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setPeeking(false)}
        aria-label="Main navigation"
        data-expanded={expanded}
      >
        <Sidebar expanded={expanded} onNavigate={() => (narrow ? mobile.close() : setPeeking(false))} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
        <div className={classes.content}>
          <OfflineBanner />
          <Outlet />
        </div>
        <footer className={classes.footer}>© 2025 Daftar. All rights reserved.</footer>
      </AppShell.Main>
    </AppShell>
  )
}

/**
 * On a phone the open navigation covers the page, as a dialog does: Escape closes it (a hardware
 * keyboard, a switch device) and the focus goes back to the toggle that opened it. A key a dialog or
 * an open list has already taken is theirs.
 */
function useEscapeCloses(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      close()
      document.querySelector<HTMLElement>('[aria-label="Toggle navigation"]')?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, close])
}

/** Whether the keyboard's focus (not a click's) is inside `element`. */
function keyboardFocusIn(element: HTMLElement) {
  const focused = document.activeElement
  return Boolean(focused && element.contains(focused) && focused.matches(':focus-visible'))
}
