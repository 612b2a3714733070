import { formatDate } from '@daftar/domain/format'
import {
  reportListQuery as listQuerySchema,
  REPORT_FILTER_DEBOUNCE_MS,
  type ReportListRow,
  type ReportSort,
  type ReportType,
  reportEndpoints,
  reportFormPaths,
  reportListTitle,
  reportMessages,
  reportPath,
  reportTypeLabels,
  reportTypes,
} from '@daftar/domain/reports'
import { ActionIcon, Anchor, Button, Group, Select, Stack, Tooltip } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconCircleCheck, IconPlus, IconTrash } from '@tabler/icons-react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import { ExportMenu } from '../../ui/list/ExportMenu.tsx'
import { ListToolbar, SortSelect } from '../../ui/list/ListToolbar.tsx'
import { useListState } from '../../ui/list/use-list-state.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { orNA } from '../../ui/register-kit/detail-parts.tsx'
import { DateField } from '../../ui/register-kit/fields.tsx'
import { recordHref } from '../../ui/register-kit/roots.ts'
import { useLeaving } from '../../ui/use-leaving.ts'
import { reportListQuery } from './api.ts'
import {
  type ReportAction,
  ReportActionDialog,
  recipientNames,
  StatusBadge,
  senderName,
} from './report-parts.tsx'

const sorts: { value: ReportSort; label: string }[] = [
  { value: 'submitted_at_desc', label: 'Newest First' },
  { value: 'submitted_at_asc', label: 'Oldest First' },
]
const dateFilters = [
  { key: 'startDate', label: 'From', placeholder: 'Start date' },
  { key: 'endDate', label: 'To', placeholder: 'End date' },
] as const
const statuses = [
  { value: '', label: 'All Statuses' },
  { value: 'OPEN', label: 'Open' },
  { value: 'CLOSED', label: 'Closed' },
]

/**
 * The From and To filters: the address takes them 500 ms after the last change, and never while To is
 * before From, so no request is sent for an impossible range (docs/product.md, "Staff reports"). Nor
 * while another page is opening: a write then would cancel that navigation (a report clicked within
 * the 500 ms would not open); the dates are applied if the person stays.
 */
function useDateFilters(
  applied: { startDate: string | null; endDate: string | null },
  apply: (dates: { startDate: string; endDate: string }) => void,
) {
  const [dates, setDates] = useState({ startDate: applied.startDate ?? '', endDate: applied.endDate ?? '' })
  const invalid = Boolean(dates.startDate && dates.endDate && dates.endDate < dates.startDate)
  const [settled] = useDebouncedValue(dates, REPORT_FILTER_DEBOUNCE_MS)
  const leaving = useLeaving()
  // biome-ignore lint/correctness/useExhaustiveDependencies: applies the settled dates, once each
  useEffect(() => {
    const unchanged =
      settled.startDate === (applied.startDate ?? '') && settled.endDate === (applied.endDate ?? '')
    if (leaving || unchanged) return
    if (!(settled.startDate && settled.endDate && settled.endDate < settled.startDate)) apply(settled)
  }, [settled, leaving])
  return { dates, setDates, invalid }
}

function RowAction(props: { label: string; color: string; icon: typeof IconTrash; onClick: () => void }) {
  return (
    <Tooltip label={props.label}>
      <ActionIcon variant="subtle" color={props.color} aria-label={props.label} onClick={props.onClick}>
        <props.icon size={18} />
      </ActionIcon>
    </Tooltip>
  )
}

function columns(
  isAll: boolean,
  admin: boolean,
  act: (action: ReportAction, r: ReportListRow) => void,
): Column<ReportListRow>[] {
  const list: Column<ReportListRow>[] = [
    { key: 'type', header: 'Report Type', render: (r) => reportTypeLabels[r.report_type] },
    {
      key: 'project',
      header: 'Project Name',
      render: (r) =>
        r.project_id ? (
          <Anchor component={Link} to={recordHref('PROJECT', r.project_id)} size="sm">
            {r.project_name}
          </Anchor>
        ) : (
          orNA(r.project_name)
        ),
    },
    { key: 'from', header: 'From', render: senderName },
    { key: 'to', header: 'To', render: recipientNames },
    {
      key: 'sent',
      header: 'Sent At',
      nowrap: true,
      phone: 'title',
      render: (r) => formatDate(r.submitted_at),
    },
    { key: 'status', header: 'Status', phone: 'aside', render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          {r.status === 'OPEN' && (
            <RowAction
              label="Mark as Closed"
              color="teal"
              icon={IconCircleCheck}
              onClick={() => act('close', r)}
            />
          )}
          <RowAction label="Delete Report" color="red" icon={IconTrash} onClick={() => act('delete', r)} />
        </Group>
      ),
    },
  ]
  return list.filter((c) => (c.key !== 'type' || isAll) && (c.key !== 'actions' || admin))
}

/** /reports/list/{reportType}: filters, the table and infinite scroll (docs/product.md, "Staff reports"). */
export default function ReportListPage() {
  const { reportType = 'all' } = useParams()
  const { data: me } = useMe()
  const isAll = reportType === 'all'
  const known = isAll || (reportTypes as readonly string[]).includes(reportType)
  const { state, set } = useListState(listQuerySchema)
  const { dates, setDates, invalid } = useDateFilters(state, set)
  const { page: _page, reportType: _inAddress, ...filters } = state
  const list = useInfiniteQuery({
    ...reportListQuery({ ...filters, reportType: isAll ? undefined : (reportType as ReportType) }),
    enabled: known && !invalid,
  })
  const [acting, setActing] = useState<{ action: ReportAction; report: ReportListRow } | null>(null)
  const title = reportListTitle(reportType)

  let error: string | null = null
  if (!known) error = reportMessages.unknownType
  else if (invalid) error = reportMessages.datesOrder
  else if (list.isError) error = `Error: ${errorMessage(list.error, 'Unknown error')}`

  return (
    <Stack gap="md" w="100%">
      <PageHeader
        title={title}
        actions={
          <Button
            component={Link}
            to={known && !isAll ? reportFormPaths[reportType as ReportType] : '/reports/send'}
            leftSection={<IconPlus size={16} />}
          >
            Send Report
          </Button>
        }
      />
      <Anchor component={Link} to="/reports/view" size="sm">
        ← Back to Report Types
      </Anchor>
      <ListToolbar
        actions={
          <ExportMenu
            fileName="reports-export"
            disabled={!known || invalid}
            download={(format) =>
              call(reportEndpoints.export, {
                query: { ...filters, reportType: isAll ? undefined : (reportType as ReportType), format },
              })
            }
          />
        }
      >
        {dateFilters.map(({ key, label, placeholder }) => (
          <DateField
            key={key}
            label={label}
            placeholder={placeholder}
            value={dates[key] || null}
            onChange={(v) => setDates((d) => ({ ...d, [key]: v ? String(v).slice(0, 10) : '' }))}
            w={150}
            error={key === 'endDate' && invalid ? reportMessages.datesOrder : undefined}
          />
        ))}
        <Select
          label="Status"
          data={statuses}
          value={state.status ?? ''}
          onChange={(v) => set({ status: v })}
          allowDeselect={false}
          w={150}
        />
        <SortSelect value={state.sortBy} options={sorts} onChange={(sortBy) => set({ sortBy })} />
      </ListToolbar>
      <DataTable
        label={title}
        columns={columns(isAll, Boolean(me?.isadmin), (action, report) => setActing({ action, report }))}
        rows={list.data?.pages.flatMap((p) => p.reports)}
        rowKey={(r) => r.report_id}
        rowHref={(r) => reportPath(r.report_id)}
        linkColumn="sent"
        rowNumberStart={1}
        minWidth={isAll ? 860 : 760}
        loading={list.isPending && !error}
        loadingText={reportMessages.loading}
        error={error}
        emptyText={reportMessages.empty}
        more={{
          hasMore: Boolean(list.hasNextPage) && !error,
          loading: list.isFetchingNextPage,
          onMore: () => void list.fetchNextPage(),
          loadingText: reportMessages.loadingMore,
          endText: reportMessages.end,
        }}
      />
      {acting && <ReportActionDialog {...acting} onClose={() => setActing(null)} />}
    </Stack>
  )
}
