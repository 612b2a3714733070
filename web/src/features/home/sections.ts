import type { HomeSectionKey } from '@daftar/domain/home'
import {
  IconAlertTriangle,
  IconCalendarDue,
  IconCashBanknote,
  IconChecklist,
  IconFileInvoice,
  IconGavel,
  IconMessageReport,
  IconSend,
  IconSpeakerphone,
  IconTool,
} from '@tabler/icons-react'

export interface SectionCard {
  key: HomeSectionKey
  title: string
  /** What an empty section says: good news, not a blank. */
  empty: string
  /**
   * The full list the card summarises, filtered to what it counts where the list can be: the task
   * cards open the task list's Due filter on My Tasks (docs/decisions.md, "The home page").
   */
  viewAll: string
  icon: typeof IconChecklist
  color: string
}

/**
 * The cards in the order a day is worked through: what is late, what is due, what waits on me, what I
 * asked for, then money, assets and news (docs/decisions.md, "The home page"). A card shows only when
 * the answer holds its section, so each role sees its own.
 */
export const sectionCards: SectionCard[] = [
  {
    key: 'tasks_overdue',
    title: 'Overdue tasks',
    empty: 'Nothing overdue',
    viewAll: '/tasks?tab=my&due=overdue',
    icon: IconAlertTriangle,
    color: 'red',
  },
  {
    key: 'tasks_due_today',
    title: 'Due today',
    empty: 'Nothing due today',
    viewAll: '/tasks?tab=my&due=today',
    icon: IconCalendarDue,
    color: 'orange',
  },
  {
    key: 'my_approvals',
    title: 'Waiting for my approval',
    empty: 'No approvals waiting',
    viewAll: '/tasks?tab=approval',
    icon: IconChecklist,
    color: 'blue',
  },
  {
    key: 'pending_requests',
    title: 'Approval queue',
    empty: 'No requests to review',
    viewAll: '/admin/approvals',
    icon: IconGavel,
    color: 'grape',
  },
  {
    key: 'my_requests',
    title: 'My requests',
    empty: 'No requests waiting',
    viewAll: '/admin/approvals',
    icon: IconSend,
    color: 'grape',
  },
  {
    key: 'open_reports',
    title: 'Open reports for me',
    empty: 'No open reports',
    viewAll: '/reports/view',
    icon: IconMessageReport,
    color: 'teal',
  },
  {
    key: 'receivables_overdue',
    title: 'Overdue receivables',
    empty: 'No overdue invoices',
    viewAll: '/accounts/receivables?status=OVERDUE&sortBy=due_date_asc',
    icon: IconFileInvoice,
    color: 'red',
  },
  {
    key: 'payables_due_soon',
    title: 'Bills due this week',
    empty: 'No bills due this week',
    viewAll: '/accounts/payables?sortBy=due_date_asc',
    icon: IconCashBanknote,
    color: 'orange',
  },
  {
    key: 'assets_due',
    title: 'Maintenance due',
    empty: 'No maintenance due this week',
    viewAll: '/organization/assets/due-soon?sortBy=maintenance_date_asc',
    icon: IconTool,
    color: 'cyan',
  },
  {
    key: 'announcements',
    title: 'Announcements',
    empty: 'No announcements yet',
    viewAll: '/organization/announcements',
    icon: IconSpeakerphone,
    color: 'indigo',
  },
]
