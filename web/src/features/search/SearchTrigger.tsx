import { Kbd, UnstyledButton } from '@mantine/core'
import { useHotkeys, useOs } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import classes from './search.module.css'

// The palette and the search contract load when it first opens, not with every page.
const SearchPalette = lazy(() => import('./views.ts').then((m) => ({ default: m.SearchPalette })))

/** Where the page of every result lives, for these words. */
export const searchPageHref = (words: string) => `/search?q=${encodeURIComponent(words.trim())}`

/**
 * The header's search box and the palette it opens (docs/decisions.md, "Search"): Ctrl-K (⌘K on a
 * Mac) opens it from anywhere, even while typing in a field.
 */
export function SearchTrigger() {
  const [opened, setOpened] = useState(false)
  const os = useOs()
  const mac = os === 'macos' || os === 'ios'
  // No tags ignored: the shortcut works inside fields too.
  useHotkeys([['mod+K', () => setOpened(true)]], [], true)
  return (
    <>
      <UnstyledButton
        className={classes.trigger}
        onClick={() => setOpened(true)}
        aria-label="Search everything"
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
      >
        <IconSearch size={16} aria-hidden />
        <span className={classes.triggerText}>Search…</span>
        <span className={classes.shortcut} aria-hidden>
          <Kbd size="xs">{mac ? '⌘' : 'Ctrl'}</Kbd> <Kbd size="xs">K</Kbd>
        </span>
      </UnstyledButton>
      {opened && (
        <Suspense fallback={null}>
          <SearchPalette onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  )
}
