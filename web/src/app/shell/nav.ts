import {
  IconArchive,
  IconBriefcase,
  IconBuilding,
  IconBulb,
  IconCalendarDue,
  IconCashBanknote,
  IconChecklist,
  IconCircleCheck,
  IconDeviceDesktop,
  IconFileImport,
  IconFileInvoice,
  IconFolders,
  IconGavel,
  IconHistory,
  IconHome,
  IconId,
  IconMessageReport,
  IconReceiptTax,
  IconRepeat,
  IconSend,
  IconSettings,
  IconSpeakerphone,
  IconTrash,
  IconTruckDelivery,
  IconUserOff,
  IconUsersGroup,
} from '@tabler/icons-react'
import type { Me } from '../../api/shared-queries.ts'
import { registerRoots } from '../../ui/register-kit/roots.ts'

export interface NavLinkItem {
  label: string
  to: string
  icon: typeof IconSettings
  /** A count shown on the link: open reports addressed to me; assets due soon that I may see. */
  count?: 'openReports' | 'assetsDueSoon'
  /** Omitted: everyone who sees the group sees the link. */
  visibleTo?: (me: Me) => boolean
}

export interface NavGroup {
  label: string
  icon: typeof IconSettings
  links: NavLinkItem[]
  /** Omitted: everyone sees the group. */
  visibleTo?: (me: Me) => boolean
}

/**
 * The sidebar of docs/product.md ("Pages and navigation"), in its order. A group appears here once its area is built; the order and
 * names are the product's (Tasks, Communication, Projects, Organization, Employees, Information,
 * Accounts, Admin Approvals), after Home, the landing page (docs/decisions.md, "The home page"),
 * then Settings for admins.
 */
export const navGroups: NavGroup[] = [
  {
    label: 'Home',
    icon: IconHome,
    links: [{ label: 'Home', to: '/', icon: IconHome }],
  },
  {
    label: 'Tasks',
    icon: IconChecklist,
    links: [
      { label: 'Active Tasks', to: '/tasks', icon: IconChecklist },
      { label: 'Finished Tasks', to: '/finished-tasks', icon: IconCircleCheck },
      { label: 'Deleted Tasks', to: '/deleted-tasks', icon: IconTrash },
      { label: 'Recurring Tasks', to: '/recurring-tasks', icon: IconRepeat },
    ],
  },
  {
    label: 'Communication',
    icon: IconMessageReport,
    links: [
      { label: 'Send Report', to: '/reports/send', icon: IconSend },
      { label: 'View Reports', to: '/reports/view', icon: IconMessageReport, count: 'openReports' },
    ],
  },
  {
    label: 'Projects',
    icon: IconBriefcase,
    links: [
      { label: 'Projects', to: registerRoots.PROJECT.path, icon: IconBriefcase },
      { label: 'Archived Projects', to: registerRoots.PROJECT.otherLists.archived, icon: IconArchive },
    ],
  },
  {
    label: 'Organization',
    icon: IconBuilding,
    links: [
      { label: 'Internal Documents', to: registerRoots.COLLECTION.path, icon: IconFolders },
      { label: 'Assets', to: registerRoots.ASSET.path, icon: IconDeviceDesktop },
      {
        label: 'Assets Due Soon',
        to: registerRoots.ASSET.otherLists.dueSoon,
        icon: IconCalendarDue,
        count: 'assetsDueSoon',
      },
      { label: 'Announcements', to: '/organization/announcements', icon: IconSpeakerphone },
    ],
  },
  {
    label: 'Employees',
    icon: IconId,
    links: [
      { label: 'Current Employees', to: registerRoots.EMPLOYEE.path, icon: IconId },
      { label: 'Old Employees', to: registerRoots.EMPLOYEE.otherLists.former, icon: IconUserOff },
    ],
  },
  {
    label: 'Information',
    icon: IconUsersGroup,
    links: [
      { label: 'Clients', to: registerRoots.CLIENT.path, icon: IconUsersGroup },
      { label: 'Suppliers', to: registerRoots.SUPPLIER.path, icon: IconTruckDelivery },
      { label: 'Technical Info', to: registerRoots.TECHNICAL_INFO.path, icon: IconBulb },
    ],
  },
  {
    label: 'Accounts',
    icon: IconFileInvoice,
    // The organisation's 'Who can open Accounts' and the user's role, as the server decides them.
    visibleTo: (me) => me.can_open_accounts,
    links: [
      { label: 'Receivables', to: '/accounts/receivables', icon: IconFileInvoice },
      { label: 'Payables', to: '/accounts/payables', icon: IconCashBanknote },
      {
        label: 'GST Returns',
        to: '/accounts/gst',
        icon: IconReceiptTax,
        visibleTo: (me) => me.isadmin || me.is_accountant,
      },
    ],
  },
  {
    label: 'Admin Approvals',
    icon: IconGavel,
    links: [{ label: 'Admin Approvals', to: '/admin/approvals', icon: IconGavel }],
  },
  {
    label: 'Settings',
    icon: IconSettings,
    visibleTo: (me) => me.isadmin,
    links: [
      { label: 'Organisation & Users', to: '/admin/settings', icon: IconSettings },
      { label: 'Activity', to: '/admin/activity', icon: IconHistory },
      { label: 'Import', to: '/import', icon: IconFileImport },
    ],
  },
]

/** The groups and links `me` may see, in the sidebar's order. */
export function navFor(me: Me | undefined): NavGroup[] {
  const sees = (item: { visibleTo?: (me: Me) => boolean }) =>
    !item.visibleTo || Boolean(me && item.visibleTo(me))
  return navGroups.filter(sees).map((group) => ({ ...group, links: group.links.filter(sees) }))
}
