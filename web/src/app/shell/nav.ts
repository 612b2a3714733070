import { IconSettings } from '@tabler/icons-react'
import type { Me } from '../../api/shared-queries.ts'

export interface NavLinkItem {
  label: string
  to: string
  icon: typeof IconSettings
}

export interface NavGroup {
  label: string
  icon: typeof IconSettings
  links: NavLinkItem[]
  /** Omitted: everyone sees the group. */
  visibleTo?: (me: Me) => boolean
}

/**
 * The sidebar of spec §2, in its order. A group appears here once its area is built; the order and
 * names follow the spec (Tasks, Communication, Projects, Organization, Employees, Information,
 * Accounts, Admin Approvals), then Settings for admins.
 */
export const navGroups: NavGroup[] = [
  {
    label: 'Settings',
    icon: IconSettings,
    visibleTo: (me) => me.isadmin,
    links: [{ label: 'Organisation & Users', to: '/admin/settings', icon: IconSettings }],
  },
]
