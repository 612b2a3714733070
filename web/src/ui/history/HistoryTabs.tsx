import type { HistoryEntityType } from '@daftar/domain/history'
import { Tabs } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { HistoryTimeline } from './HistoryTimeline.tsx'

/**
 * A record shown outside a register's page (an accounts document, a report, a task) and its History,
 * in two tabs (docs/decisions.md, "History and activity"): the record's own tab opens first, and the
 * History is fetched only when its tab is opened.
 */
export function HistoryTabs({
  tab,
  entityType,
  entityId,
  listClassName,
  children,
}: {
  /** The record's own tab: 'Details', 'Report' … */
  tab: { value: string; label: string; icon: ReactNode }
  entityType: HistoryEntityType
  entityId: string
  listClassName?: string
  children: ReactNode
}) {
  return (
    <Tabs defaultValue={tab.value} keepMounted={false}>
      <Tabs.List className={listClassName}>
        <Tabs.Tab value={tab.value} leftSection={tab.icon}>
          {tab.label}
        </Tabs.Tab>
        <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
          History
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value={tab.value} pt="md">
        {children}
      </Tabs.Panel>
      <Tabs.Panel value="history" pt="md">
        <HistoryTimeline entityType={entityType} entityId={entityId} />
      </Tabs.Panel>
    </Tabs>
  )
}
