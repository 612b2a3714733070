import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { openReportCountQuery } from '../../features/reports/api.ts'
import { navGroups } from './nav.ts'
import classes from './Sidebar.module.css'

export function Sidebar({ expanded, onNavigate }: { expanded: boolean; onNavigate: () => void }) {
  const { data: me } = useMe()
  const openReports = useQuery({ ...openReportCountQuery, enabled: Boolean(me) }).data?.count ?? 0
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
              {link.count === 'openReports' && openReports > 0 && (
                <span className={classes.count} title={`${openReports} open reports addressed to you`}>
                  {openReports > 99 ? '99+' : openReports}
                  <span className={classes.srOnly}> open reports addressed to you</span>
                </span>
              )}
            </Link>
          ))}
        </section>
      ))}
    </div>
  )
}
