import { Link, useLocation } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { navGroups } from './nav.ts'
import classes from './Sidebar.module.css'

export function Sidebar({ expanded, onNavigate }: { expanded: boolean; onNavigate: () => void }) {
  const { data: me } = useMe()
  const groups = navGroups.filter((g) => !g.visibleTo || (me && g.visibleTo(me)))
  // Only the most specific link is current: /projects/archived is not also 'Projects'.
  const { pathname } = useLocation()
  const current = groups
    .flatMap((g) => g.links.map((l) => l.to))
    .filter((to) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)))
    .sort((a, b) => b.length - a.length)[0]
  return (
    <div className={classes.groups} data-expanded={expanded}>
      {groups.map((group) => (
        <section key={group.label} aria-label={group.label}>
          <div className={classes.groupLabel}>
            <span>{group.label}</span>
          </div>
          {group.links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              aria-current={link.to === current ? 'page' : undefined}
              className={classes.link}
              onClick={onNavigate}
              title={expanded ? undefined : link.label}
            >
              <link.icon size={20} className={classes.icon} aria-hidden />
              <span className={classes.label}>{link.label}</span>
            </Link>
          ))}
        </section>
      ))}
    </div>
  )
}
