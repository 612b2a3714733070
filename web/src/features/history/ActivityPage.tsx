import '@mantine/dates/styles.css'

import {
  type ActivityEntityType,
  type ActivityItem,
  activityEntityLabels,
  activityEntityTypes,
  activityQuery as activityQuerySchema,
} from '@daftar/domain/history'
import { entityTypes } from '@daftar/domain/registers'
import { Alert, Anchor, Select, Stack, Text } from '@mantine/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useMe, usersQuery } from '../../api/shared-queries.ts'
import { activityQuery, exportActivity } from '../../ui/history/api.ts'
import { HistoryEntryView } from '../../ui/history/HistoryTimeline.tsx'
import { DataTable, nextPages } from '../../ui/list/DataTable.tsx'
import { ExportMenu } from '../../ui/list/ExportMenu.tsx'
import { ListToolbar } from '../../ui/list/ListToolbar.tsx'
import type { Column } from '../../ui/list/table-types.ts'
import { useListState } from '../../ui/list/use-list-state.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { DateField } from '../../ui/register-kit/fields.tsx'
import { recordHref, registerRoots } from '../../ui/register-kit/roots.ts'

const toIso = (value: string | Date | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

const isRegister = (type: string): type is (typeof entityTypes)[number] =>
  (entityTypes as readonly string[]).includes(type)

/** Where an event's record opens, when it has a page of its own. */
function recordLink(item: ActivityItem): string | null {
  // A file's import names no one record: it opens the register's list.
  if (isRegister(item.entity_type) && item.action === 'IMPORT') return registerRoots[item.entity_type].path
  if (isRegister(item.entity_type)) return recordHref(item.entity_type, item.entity_id)
  if (item.entity_type === 'REPORT') return `/reports/view/${item.entity_id}`
  if (item.entity_type === 'TASK') return `/tasks?task=${item.entity_id}`
  // A series has no page of its own: its list opens it.
  if (item.entity_type === 'RECURRING_TASK') return '/recurring-tasks'
  return null
}

const typeLabel = (type: string) => activityEntityLabels[type as ActivityEntityType] ?? type

const columns: Column<ActivityItem>[] = [
  {
    key: 'summary',
    header: 'What happened',
    phone: 'title',
    render: (e) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {e.summary}
        </Text>
        {/* Who and when, who asked, and what changed. */}
        <HistoryEntryView entry={e} />
      </Stack>
    ),
  },
  {
    key: 'record',
    header: 'Record',
    render: (e) => {
      const to = recordLink(e)
      const label = typeLabel(e.entity_type)
      return to ? (
        <Anchor component={Link} to={to} size="sm">
          {label}
        </Anchor>
      ) : (
        <Text size="sm">{label}</Text>
      )
    },
  },
]

/**
 * /admin/activity (admins): the organisation's audit trail, newest first, by person, kind of record
 * and days, and its CSV export (docs/decisions.md, "History and activity").
 */
export default function ActivityPage() {
  const { data: me } = useMe()
  const list = useListState(activityQuerySchema)
  const { page: _page, ...filters } = list.state
  const datesInvalid = Boolean(filters.from && filters.to && filters.to < filters.from)
  const allowed = Boolean(me?.isadmin)
  const events = useInfiniteQuery({ ...activityQuery(filters), enabled: allowed && !datesInvalid })
  const users = useQuery({ ...usersQuery, enabled: allowed })

  if (me && !allowed)
    return (
      <Stack>
        <PageHeader title="Activity" />
        <Alert color="red">Only administrators can see the activity.</Alert>
      </Stack>
    )

  return (
    <Stack gap="md" w="100%">
      <PageHeader
        title="Activity"
        description="Everything that happened in the organisation, newest first."
        actions={
          <ExportMenu
            fileName="activity"
            download={(format) => exportActivity(filters, format)}
            disabled={datesInvalid}
            emptyText="No activity to export for the current filters."
            failedText="Failed to export the activity."
          />
        }
      />
      <ListToolbar>
        <Select
          label="User"
          placeholder="Everyone"
          data={(users.data ?? []).map((u) => ({ value: u.user_id, label: u.full_name }))}
          value={filters.userId ?? null}
          onChange={(v) => list.set({ userId: v })}
          searchable
          clearable
          w={220}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Type"
          placeholder="Every record"
          data={activityEntityTypes.map((t) => ({ value: t, label: activityEntityLabels[t] }))}
          value={filters.entityType ?? null}
          onChange={(v) => list.set({ entityType: v })}
          clearable
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
        <DateField
          label="From"
          placeholder="Start date"
          value={filters.from ?? null}
          onChange={(v) => list.set({ from: toIso(v) })}
          w={160}
        />
        <DateField
          label="To"
          placeholder="End date"
          value={filters.to ?? null}
          onChange={(v) => list.set({ to: toIso(v) })}
          error={datesInvalid ? 'To must not be before From.' : undefined}
          w={160}
        />
      </ListToolbar>
      <DataTable
        label="Activity"
        columns={columns}
        rows={datesInvalid ? [] : events.data?.pages.flatMap((p) => p.events)}
        rowKey={(e) => e.id}
        loading={events.isPending && allowed && !datesInvalid}
        loadingText="Loading activity..."
        error={events.isError ? `Error: ${errorMessage(events.error, 'Could not load the activity.')}` : null}
        onRetry={() => void events.refetch()}
        emptyText={list.filtered ? 'No activity matches these filters.' : 'No activity yet.'}
        minWidth={720}
        more={nextPages(events)}
      />
    </Stack>
  )
}
