import { formatDate } from '@daftar/domain/format'
import {
  REPORT_FILTER_DEBOUNCE_MS,
  type Report,
  type ReportSort,
  type ReportStatus,
  type ReportType,
  reportFormPaths,
  reportListTitle,
  reportMessages,
  reportTypeLabels,
  reportTypes,
} from '@daftar/domain/reports'
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconCircleCheck, IconPlus, IconTrash } from '@tabler/icons-react'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { describeFailure } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { DateField } from '../../ui/register-kit/fields.tsx'
import { ScrollTable } from '../../ui/ScrollTable'
import { type ReportFilters, reportListQuery, reportsApi, reportsKey } from './api.ts'
import classes from './reports.module.css'

export const senderName = (r: Pick<Report, 'submitted_by_fullname' | 'submitted_by_username'>) =>
  r.submitted_by_fullname || r.submitted_by_username || 'N/A'
export const recipientNames = (r: Pick<Report, 'recipients'>) =>
  r.recipients.length ? r.recipients.map((p) => p.full_name || p.username).join(', ') : 'Admins Only'

export function StatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge color={status === 'OPEN' ? 'blue' : 'gray'} variant="light" radius="sm">
      {status}
    </Badge>
  )
}

const sorts: { value: ReportSort; label: string }[] = [
  { value: 'submitted_at_desc', label: 'Newest First' },
  { value: 'submitted_at_asc', label: 'Oldest First' },
]

/** /reports/list/{reportType}: filters, the table and infinite scroll (docs/product.md, "Staff reports"). */
export default function ReportListPage() {
  const { reportType = 'all' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const isAll = reportType === 'all'
  const known = isAll || (reportTypes as readonly string[]).includes(reportType)
  const [params, setParams] = useSearchParams()
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: true },
    )
  const status = (['OPEN', 'CLOSED'].includes(params.get('status') ?? '') ? params.get('status') : '') as
    | ReportStatus
    | ''
  const sortBy: ReportSort =
    params.get('sort') === 'submitted_at_asc' ? 'submitted_at_asc' : 'submitted_at_desc'
  const startDate = params.get('from') ?? ''
  const endDate = params.get('to') ?? ''
  // The date filter waits 500 ms (docs/product.md, "Staff reports"); the request is not sent while To is before From.
  const [dates] = useDebouncedValue({ startDate, endDate }, REPORT_FILTER_DEBOUNCE_MS)
  const datesInvalid = Boolean(startDate && endDate && endDate < startDate)
  const filters: ReportFilters = {
    reportType: isAll ? undefined : reportType,
    ...dates,
    status,
    sortBy,
  }
  const debouncedInvalid = Boolean(dates.startDate && dates.endDate && dates.endDate < dates.startDate)
  const list = useInfiniteQuery({
    ...reportListQuery(filters),
    enabled: known && !datesInvalid && !debouncedInvalid,
  })
  const [confirm, setConfirm] = useState<{ kind: 'close' | 'delete'; report: Report } | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportsKey })
  const close = useMutation({
    mutationFn: (r: Report) => reportsApi.close(r.report_id),
    onSuccess: () => notifySuccess(reportMessages.statusUpdated),
    onError: (e) => notifyError(describeFailure(e, reportMessages.statusFailed, reportMessages.statusFailed)),
    onSettled: () => {
      setConfirm(null)
      return refresh()
    },
  })
  const remove = useMutation({
    mutationFn: (r: Report) => reportsApi.remove(r.report_id),
    onSuccess: () => notifySuccess(reportMessages.deleted),
    onError: (e) => notifyError(describeFailure(e, reportMessages.deleteFailed, reportMessages.deleteFailed)),
    onSettled: () => {
      setConfirm(null)
      return refresh()
    },
  })

  const rows = list.data?.pages.flatMap((p) => p.reports) ?? []
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  const lastRow = useRef<HTMLTableRowElement>(null)
  // More rows load when the last row is half visible.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last row (rows.length) must be observed
  useEffect(() => {
    const node = lastRow.current
    if (!node || !hasNextPage) return
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && loadMore(), {
      threshold: 0.5,
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [rows.length, hasNextPage, loadMore])

  const isAdmin = Boolean(me?.isadmin)
  const span = 6 + (isAll ? 1 : 0) + (isAdmin ? 1 : 0)
  const stateRow = (text: React.ReactNode, color?: string) => (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Center py="lg">
          <Text c={color ?? 'dimmed'} size="sm">
            {text}
          </Text>
        </Center>
      </Table.Td>
    </Table.Tr>
  )
  let body: React.ReactNode
  if (!known) body = stateRow(reportMessages.unknownType, 'red')
  else if (datesInvalid) body = stateRow(reportMessages.datesOrder, 'red')
  else if (list.isPending)
    body = stateRow(
      <Group gap="xs" component="span">
        <Loader size="xs" />
        {reportMessages.loading}
      </Group>,
    )
  else if (list.isError) body = stateRow(`Error: ${list.error.message}`, 'red')
  else if (rows.length === 0) body = stateRow(reportMessages.empty)
  else
    body = rows.map((r, index) => (
      <Table.Tr
        key={r.report_id}
        ref={index === rows.length - 1 ? lastRow : undefined}
        className={classes.row}
        data-report-id={r.report_id}
        onClick={(e) => {
          if (!(e.target as HTMLElement).closest('a, button')) navigate(`/reports/view/${r.report_id}`)
        }}
        // The whole row opens the report; Enter does the same for keyboard users.
        tabIndex={0}
        aria-label={`Open report ${index + 1}`}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) navigate(`/reports/view/${r.report_id}`)
        }}
      >
        <Table.Td>{index + 1}</Table.Td>
        {isAll && <Table.Td>{reportTypeLabels[r.report_type]}</Table.Td>}
        <Table.Td>
          {r.project_id ? (
            <Anchor component={Link} to={`/projects/${r.project_id}`} size="sm">
              {r.project_name}
            </Anchor>
          ) : (
            r.project_name || 'N/A'
          )}
        </Table.Td>
        <Table.Td>{senderName(r)}</Table.Td>
        <Table.Td>{recipientNames(r)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.submitted_at)}</Table.Td>
        <Table.Td>
          <StatusBadge status={r.status} />
        </Table.Td>
        {isAdmin && (
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              {r.status === 'OPEN' && (
                <Tooltip label="Mark as Closed">
                  <ActionIcon
                    variant="subtle"
                    color="teal"
                    aria-label="Mark as Closed"
                    onClick={() => setConfirm({ kind: 'close', report: r })}
                  >
                    <IconCircleCheck size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              <Tooltip label="Delete Report">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Delete Report"
                  onClick={() => setConfirm({ kind: 'delete', report: r })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Table.Td>
        )}
      </Table.Tr>
    ))

  return (
    <Stack maw={1200} mx="auto" gap="md" w="100%">
      <PageHeader
        title={reportListTitle(reportType)}
        actions={
          <Button
            component={Link}
            to={isAll || !known ? '/reports/send' : reportFormPaths[reportType as ReportType]}
            leftSection={<IconPlus size={16} />}
          >
            Send Report
          </Button>
        }
      />
      <Anchor component={Link} to="/reports/view" size="sm">
        ← Back to Report Types
      </Anchor>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DateField
          label="From"
          placeholder="Start date"
          value={startDate || null}
          onChange={(v) => set('from', v ? String(v).slice(0, 10) : null)}
          w={150}
        />
        <DateField
          label="To"
          placeholder="End date"
          value={endDate || null}
          onChange={(v) => set('to', v ? String(v).slice(0, 10) : null)}
          w={150}
          error={datesInvalid ? reportMessages.datesOrder : undefined}
        />
        <Select
          label="Status"
          data={[
            { value: '', label: 'All Statuses' },
            { value: 'OPEN', label: 'Open' },
            { value: 'CLOSED', label: 'Closed' },
          ]}
          value={status}
          onChange={(v) => set('status', v || null)}
          allowDeselect={false}
          w={150}
        />
        <Select
          label="Sort"
          data={sorts}
          value={sortBy}
          onChange={(v) => set('sort', v === 'submitted_at_asc' ? v : null)}
          allowDeselect={false}
          w={160}
        />
      </Group>
      <ScrollTable minWidth={isAll ? 860 : 760} label={reportListTitle(reportType)}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={reportListTitle(reportType)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              {isAll && <Table.Th>Report Type</Table.Th>}
              <Table.Th>Project Name</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Sent At</Table.Th>
              <Table.Th>Status</Table.Th>
              {isAdmin && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </ScrollTable>
      {rows.length > 0 && !list.isError && (
        <Center py="sm" role="status">
          {isFetchingNextPage ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {reportMessages.loadingMore}
              </Text>
            </Group>
          ) : hasNextPage ? null : (
            <Text size="sm" c="dimmed">
              {reportMessages.end}
            </Text>
          )}
        </Center>
      )}
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.kind === 'delete' ? 'Delete Report' : 'Mark as Closed'}
        message={confirm?.kind === 'delete' ? reportMessages.deleteConfirm : reportMessages.closeConfirm}
        confirmLabel={confirm?.kind === 'delete' ? 'Delete' : 'Mark as Closed'}
        color={confirm?.kind === 'delete' ? 'red' : undefined}
        busy={close.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return
          if (confirm.kind === 'delete') remove.mutate(confirm.report)
          else close.mutate(confirm.report)
        }}
      />
    </Stack>
  )
}
