import { useLocalStorage } from '@mantine/hooks'
import { IconChevronDown } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { assetDueSoonCountQuery } from '../../features/assets/api.ts'
import { openReportCountQuery } from '../../features/reports/api.ts'
import { type NavGroup, navFor } from './nav.ts'
import classes from './Sidebar.module.css'

/** The most specific link for the address: /projects/archived is not also 'Projects'. */
function currentLink(groups: NavGroup[], pathname: string): string | undefined {
  return groups
    .flatMap((g) => g.links.map((l) => l.to))
    .filter((to) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)))
    .sort((a, b) => b.length - a.length)[0]
}

/**
 * The navigation: it scrolls on every screen size, pinned or as a rail, with the current page's link
 * scrolled into view; each group folds (remembered in this browser) and the group of the current page
 * stays open (docs/decisions.md, "The sidebar").
 */
export function Sidebar({ expanded, onNavigate }: { expanded: boolean; onNavigate: () => void }) {
  const { data: me } = useMe()
  const openReports = useQuery({ ...openReportCountQuery, enabled: Boolean(me) }).data?.count ?? 0
  const assetsDueSoon = useQuery({ ...assetDueSoonCountQuery, enabled: Boolean(me) }).data?.count ?? 0
  const counts = {
    openReports: { n: openReports, says: 'open reports addressed to you' },
    assetsDueSoon: { n: assetsDueSoon, says: 'assets due for maintenance or warranty' },
  }
  const groups = navFor(me)
  const { pathname } = useLocation()
  const current = currentLink(groups, pathname)
  const [folded, setFolded] = useLocalStorage<string[]>({ key: 'daftar.nav.folded', defaultValue: [] })
  const currentRef = useRef<HTMLAnchorElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the current page changes
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest' })
  }, [current])

  const toggle = (label: string) =>
    setFolded((all) => (all.includes(label) ? all.filter((l) => l !== label) : [...all, label]))

  return (
    <div className={classes.groups} data-expanded={expanded}>
      {groups.map((group) => {
        const holdsCurrent = group.links.some((l) => l.to === current)
        // The rail shows every icon; a fold applies to the expanded menu.
        const open = !expanded || holdsCurrent || !folded.includes(group.label)
        const listId = `nav-group-${group.label.replace(/\W+/g, '-').toLowerCase()}`
        return (
          <section key={group.label} aria-label={group.label}>
            <button
              type="button"
              className={classes.groupLabel}
              aria-expanded={open}
              aria-controls={listId}
              disabled={!expanded || holdsCurrent}
              onClick={() => toggle(group.label)}
              tabIndex={expanded ? 0 : -1}
            >
              <span>{group.label}</span>
              <IconChevronDown size={14} aria-hidden className={classes.chevron} />
            </button>
            <div id={listId} hidden={!open}>
              {group.links.map((link) => (
                <Link
                  key={link.to}
                  ref={link.to === current ? currentRef : undefined}
                  to={link.to}
                  aria-current={link.to === current ? 'page' : undefined}
                  className={classes.link}
                  onClick={onNavigate}
                  title={expanded ? undefined : link.label}
                >
                  <link.icon size={20} className={classes.icon} aria-hidden />
                  <span className={classes.label}>{link.label}</span>
                  {link.count && counts[link.count].n > 0 && (
                    <span
                      className={classes.count}
                      title={`${counts[link.count].n} ${counts[link.count].says}`}
                    >
                      {counts[link.count].n > 99 ? '99+' : counts[link.count].n}
                      <span className={classes.srOnly}> {counts[link.count].says}</span>
                    </span>
                  )}
                </Link>
              ))}
            </div>
          </section>
        )
      })}
    </div>
  )
}
