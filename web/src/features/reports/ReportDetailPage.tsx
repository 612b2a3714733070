import { formatCurrency, formatDate, formatDateTime } from '@daftar/domain/format'
import type {
  ExpensesIncomeData,
  InventoryRequestData,
  OperationsReportData,
  Report,
} from '@daftar/domain/reports'
import {
  canCloseReport,
  canDeleteReport,
  canGiveFeedback,
  reportMessages,
  reportTypeLabels,
} from '@daftar/domain/reports'
import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { ApiError, describeFailure } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { ScrollTable } from '../../ui/ScrollTable'
import { reportDetailQuery, reportsApi, reportsKey } from './api.ts'
import { recipientNames, StatusBadge, senderName } from './ReportListPage.tsx'
import classes from './reports.module.css'

const orNA = (v: unknown) => (v === null || v === undefined || v === '' ? 'N/A' : String(v))
const rupees = (v: number | null | undefined) => (v === null || v === undefined ? '' : formatCurrency(v))

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" className={classes.preWrap}>
        {children}
      </Text>
    </div>
  )
}

function DataTable({
  label,
  headers,
  rows,
  footer,
  minWidth = 600,
  empty = 'None.',
}: {
  label: string
  headers: string[]
  rows: ReactNode[][]
  footer?: ReactNode
  minWidth?: number
  empty?: string
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    )
  return (
    <ScrollTable minWidth={minWidth} label={label}>
      <Table aria-label={label} withTableBorder withColumnBorders verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stored rows have no id
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              {cells.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Td key={j} className={classes.preWrap}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer}
      </Table>
    </ScrollTable>
  )
}

type SiteContext = OperationsReportData['context']

function ContextBlock({
  context,
  period,
}: {
  context: Partial<SiteContext>
  period?: { start: string; end: string }
}) {
  return (
    <Block title="Context">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {period && (
          <Field label="Reporting Period">{`${formatDate(period.start)} – ${formatDate(period.end)}`}</Field>
        )}
        <Field label="Project Name">{orNA(context.projectName)}</Field>
        <Field label="Client Name">{orNA(context.clientName)}</Field>
        <Field label="Project Type">{orNA(context.projectType)}</Field>
        {'projectCapacity' in context && (
          <Field label="Project Capacity">{orNA(context.projectCapacity)}</Field>
        )}
      </SimpleGrid>
      {context.description ? <Field label="Description">{context.description}</Field> : null}
    </Block>
  )
}

function InventoryView({ data }: { data: InventoryRequestData }) {
  return (
    <>
      <Block title="Request Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Field label="Inventory Needed By">{formatDate(data.neededBy)}</Field>
          <Field label="Project Name">{orNA(data.context?.projectName)}</Field>
          <Field label="Client Name">{orNA(data.context?.clientName)}</Field>
          <Field label="Type of Project">{orNA(data.context?.projectType)}</Field>
        </SimpleGrid>
        {data.description ? <Field label="Description / Notes">{data.description}</Field> : null}
      </Block>
      <Block title="Requested Items">
        <DataTable
          label="Requested Items"
          headers={['Item Name', 'Size', 'Quantity', 'Units', 'MoC', 'Make']}
          rows={(data.items ?? []).map((i) => [
            orNA(i.itemName),
            orNA(i.size),
            orNA(i.quantity),
            orNA(i.units),
            orNA(i.moc),
            orNA(i.make),
          ])}
        />
      </Block>
    </>
  )
}

function Answer({ value }: { value: 'Yes' | 'No' | null | undefined }) {
  if (!value) return <>N/A</>
  return <span className={value === 'Yes' ? classes.yes : classes.no}>{value}</span>
}

function OperationsView({ data }: { data: OperationsReportData }) {
  const inspections = (rows: OperationsReportData['supervisorInspections']) =>
    (rows ?? []).map((i) => [i.name, formatDate(i.date || null), orNA(i.remarks)])
  return (
    <>
      <ContextBlock context={data.context ?? {}} period={data.period} />
      <Block title="Operators Particulars">
        <DataTable
          label="Operators Particulars"
          minWidth={640}
          headers={['Operator', 'Duties', 'Knowledge', 'Punctuality', 'Grooming', 'Performance']}
          rows={(data.operators ?? []).map((o) => [
            o.name,
            orNA(o.duties),
            orNA(o.knowledge),
            orNA(o.punctuality),
            orNA(o.grooming),
            orNA(o.performance),
          ])}
        />
      </Block>
      <Block title="Incident Details">
        <Text size="sm" className={classes.preWrap}>
          {data.incidentDetails || 'None reported.'}
        </Text>
      </Block>
      <Block title="Customer Complaints">
        <DataTable
          label="Customer Complaints"
          headers={['Nature of Complaint', 'Date of Complaint', 'Date Resolved', 'Prevention Suggestions']}
          rows={(data.complaints ?? []).map((c) => [
            c.nature,
            formatDate(c.dateOfComplaint || null),
            formatDate(c.dateResolved || null),
            orNA(c.prevention),
          ])}
        />
      </Block>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Block title="Supervisor Inspections">
          <DataTable
            label="Supervisor Inspections"
            minWidth={360}
            headers={['Name', 'Date', 'Remarks']}
            rows={inspections(data.supervisorInspections)}
          />
        </Block>
        <Block title="Manager Inspections">
          <DataTable
            label="Manager Inspections"
            minWidth={360}
            headers={['Name', 'Date', 'Remarks']}
            rows={inspections(data.managerInspections)}
          />
        </Block>
      </SimpleGrid>
      <Block title="Performance and Site">
        <Field label="Suggestions to Improve Performance">{orNA(data.suggestions)}</Field>
        <Field label="Working Condition of the Project">{orNA(data.workingConditions)}</Field>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Field label="Log Book Up to Date">
            <Answer value={data.questions?.logbookStatus} />
          </Field>
          <Field label="Energy Meter Working Properly">
            <Answer value={data.questions?.energyMeterStatus} />
          </Field>
          <Field label="Flow Meter Working Properly">
            <Answer value={data.questions?.flowMeterStatus} />
          </Field>
        </SimpleGrid>
      </Block>
    </>
  )
}

function ExpensesView({ data }: { data: ExpensesIncomeData }) {
  const totals = data.totals ?? { consumables: 0, income: 0, expenses: 0 }
  return (
    <>
      <ContextBlock context={data.context ?? {}} period={data.period} />
      <Block title="Consumable & Site Expenses">
        <DataTable
          label="Consumable & Site Expenses"
          minWidth={720}
          headers={['Date', 'Item Name', 'Invoice/DC No.', 'Vendor', 'Rate', 'Quantity', 'Amount']}
          rows={(data.consumables ?? []).map((c) => [
            formatDate(c.date || null),
            orNA(c.itemName),
            orNA(c.invoiceNo),
            orNA(c.vendor),
            rupees(c.rate),
            orNA(c.quantity),
            rupees(c.amount),
          ])}
          footer={
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={7} ta="right">
                  Total
                </Table.Th>
                <Table.Th className={classes.figure}>{formatCurrency(totals.consumables)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          }
        />
      </Block>
      <Block title="Income & Other Expenses">
        <DataTable
          label="Income & Other Expenses"
          headers={['Date', 'Particulars', 'Income', 'Expenses']}
          rows={(data.otherExpenses ?? []).map((e) => [
            formatDate(e.date || null),
            e.particulars,
            rupees(e.income),
            rupees(e.expenses),
          ])}
          footer={
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3} ta="right">
                  Total
                </Table.Th>
                <Table.Th className={classes.figure}>{formatCurrency(totals.income)}</Table.Th>
                <Table.Th className={classes.figure}>{formatCurrency(totals.expenses)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          }
        />
      </Block>
    </>
  )
}

function FeedbackBlock({ report, editable }: { report: Report; editable: boolean }) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState('')
  const save = useMutation({
    mutationFn: () => reportsApi.feedback(report.report_id, draft),
    onSuccess: (res) => {
      queryClient.setQueryData(reportDetailQuery(report.report_id).queryKey, res.report)
      void queryClient.invalidateQueries({ queryKey: reportsKey })
      notifySuccess(reportMessages.feedbackSaved)
      setEditing(false)
    },
    onError: (e) =>
      notifyError(describeFailure(e, reportMessages.feedbackFailed, reportMessages.feedbackFailed)),
  })
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-label="Feedback" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Feedback
          </Title>
          {editable && !editing && (
            <Button
              size="xs"
              variant="light"
              className={classes.noPrint}
              onClick={() => {
                setDraft(report.admin_feedback ?? '')
                setEditing(true)
              }}
            >
              {report.admin_feedback ? 'Edit Feedback' : 'Provide Feedback'}
            </Button>
          )}
        </Group>
        {editing ? (
          <>
            <CountedTextarea
              aria-label="Feedback"
              autosize
              minRows={4}
              maxLength={5000}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button onClick={() => save.mutate()} disabled={save.isPending || !draft.trim()}>
                {save.isPending ? 'Saving...' : 'Save Feedback'}
              </Button>
            </Group>
          </>
        ) : report.admin_feedback ? (
          <Text size="sm" className={classes.preWrap}>
            {report.admin_feedback}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {reportMessages.noFeedback}
          </Text>
        )}
        {report.admin_feedback && report.feedback_at && (
          <Text size="xs" c="dimmed">
            Last updated by {report.feedback_by_fullname || report.feedback_by_username || 'N/A'} on{' '}
            {formatDateTime(report.feedback_at)}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/** /reports/view/{reportId}. */
export default function ReportDetailPage() {
  const { reportId = '' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const query = useQuery(reportDetailQuery(reportId))
  const [confirm, setConfirm] = useState<'close' | 'delete' | null>(null)
  const close = useMutation({
    mutationFn: () => reportsApi.close(reportId),
    onSuccess: (res) => {
      queryClient.setQueryData(reportDetailQuery(reportId).queryKey, res.report)
      notifySuccess(reportMessages.statusUpdated)
    },
    onError: (e) => notifyError(describeFailure(e, reportMessages.statusFailed, reportMessages.statusFailed)),
    onSettled: () => {
      setConfirm(null)
      return queryClient.invalidateQueries({ queryKey: reportsKey })
    },
  })
  const remove = useMutation({
    mutationFn: () => reportsApi.remove(reportId),
    onSuccess: () => {
      notifySuccess(reportMessages.deleted)
      queryClient.removeQueries({ queryKey: reportDetailQuery(reportId).queryKey })
      void queryClient.invalidateQueries({ queryKey: reportsKey })
      navigate('/reports/view')
    },
    onError: (e) => notifyError(describeFailure(e, reportMessages.deleteFailed, reportMessages.deleteFailed)),
    onSettled: () => setConfirm(null),
  })

  if (query.isPending)
    return (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{reportMessages.loadingDetail}</Text>
        </Group>
      </Center>
    )
  if (query.isError)
    return (
      <Center py="xl">
        <Text c="red">
          {query.error instanceof ApiError && query.error.status === 404
            ? reportMessages.notFound
            : `Error: ${query.error.message}`}
        </Text>
      </Center>
    )
  const report = query.data
  const viewer = { userId: me?.user_id ?? '', isAdmin: Boolean(me?.isadmin) }
  const mayFeedback = canGiveFeedback(report, viewer)
  const mayClose = canCloseReport(report, viewer)
  const mayDelete = canDeleteReport(viewer)
  const data = report.report_data
  let body: ReactNode
  if (report.report_type === 'INVENTORY_REQUEST') body = <InventoryView data={data as InventoryRequestData} />
  else if (report.report_type === 'OPERATIONS_REPORT')
    body = <OperationsView data={data as OperationsReportData} />
  else if (report.report_type === 'EXPENSES_INCOME') body = <ExpensesView data={data as ExpensesIncomeData} />
  else body = <Text c="red">{reportMessages.unknownTypeView}</Text>

  return (
    <Stack maw={1100} mx="auto" gap="md" w="100%" className={classes.printRoot}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2}>{reportTypeLabels[report.report_type] ?? report.report_type}</Title>
          <Text size="sm" c="dimmed">
            {report.project_name || 'No project'} · {formatDate(report.submitted_at)}
          </Text>
        </div>
        <Group gap="sm" className={classes.noPrint}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
          >
            Print
          </Button>
          <Anchor component={Link} to={`/reports/list/${report.report_type}`} size="sm">
            ← Back to List
          </Anchor>
        </Group>
      </Group>
      {body}
      <Block title="Submission Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label="Report ID">{report.report_id}</Field>
          <Field label="From">{senderName(report)}</Field>
          <Field label="Submitted At">{formatDateTime(report.submitted_at)}</Field>
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Status
            </Text>
            <StatusBadge status={report.status} />
          </div>
          <Field label="To">{recipientNames(report)}</Field>
        </SimpleGrid>
      </Block>
      {(mayFeedback || report.admin_feedback) && <FeedbackBlock report={report} editable={mayFeedback} />}
      {(mayDelete || mayClose) && (
        <Group justify="flex-end" className={classes.noPrint}>
          {mayDelete && (
            <Button color="red" variant="light" onClick={() => setConfirm('delete')}>
              Delete Report
            </Button>
          )}
          {mayClose && <Button onClick={() => setConfirm('close')}>Mark as Closed</Button>}
        </Group>
      )}
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm === 'delete' ? 'Delete Report' : 'Mark as Closed'}
        message={confirm === 'delete' ? reportMessages.deleteConfirm : reportMessages.closeConfirm}
        confirmLabel={confirm === 'delete' ? 'Delete' : 'Mark as Closed'}
        color={confirm === 'delete' ? 'red' : undefined}
        busy={close.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => (confirm === 'delete' ? remove.mutate() : close.mutate())}
      />
    </Stack>
  )
}
