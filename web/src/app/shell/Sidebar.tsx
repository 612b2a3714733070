import { NavLink } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { navGroups } from './nav.ts'
import classes from './Sidebar.module.css'

export function Sidebar({ expanded, onNavigate }: { expanded: boolean; onNavigate: () => void }) {
  const { data: me } = useMe()
  const groups = navGroups.filter((g) => !g.visibleTo || (me && g.visibleTo(me)))
  return (
    <div className={classes.groups} data-expanded={expanded}>
      {groups.map((group) => (
        <section key={group.label} aria-label={group.label}>
          <div className={classes.groupLabel}>
            <span>{group.label}</span>
          </div>
          {group.links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={classes.link}
              onClick={onNavigate}
              title={expanded ? undefined : link.label}
            >
              <link.icon size={20} className={classes.icon} aria-hidden />
              <span className={classes.label}>{link.label}</span>
            </NavLink>
          ))}
        </section>
      ))}
    </div>
  )
}
