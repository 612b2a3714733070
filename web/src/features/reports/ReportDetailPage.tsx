import { formatDate, formatDateTime } from '@daftar/domain/format'
import {
  canCloseReport,
  canDeleteReport,
  canGiveFeedback,
  reportMessages,
  reportTypeLabels,
} from '@daftar/domain/reports'
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconFileDescription, IconPrinter } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { SectionBoundary } from '../../app/errors.tsx'
import { DetailSection, FieldGrid } from '../../ui/DetailSection.tsx'
import { LoadError } from '../../ui/ErrorPanel.tsx'
import { HistoryTabs } from '../../ui/history/HistoryTabs.tsx'
import { PageLoading } from '../../ui/RecordPage.tsx'
import { reportDetailQuery } from './api.ts'
import { FeedbackSection } from './FeedbackSection.tsx'
import {
  type ReportAction,
  ReportActionDialog,
  recipientNames,
  StatusBadge,
  senderName,
} from './report-parts.tsx'
import { ReportBody } from './report-views.tsx'
import classes from './reports.module.css'

/** /reports/view/{reportId}: the report, who sent it to whom, its feedback and what may be done. */
export default function ReportDetailPage() {
  const { reportId = '' } = useParams()
  const navigate = useNavigate()
  const { data: me } = useMe()
  const query = useQuery(reportDetailQuery(reportId))
  const [acting, setActing] = useState<ReportAction | null>(null)

  if (query.isPending) return <PageLoading text={reportMessages.loadingDetail} />
  if (query.isError)
    return (
      <LoadError
        error={query.error}
        notFound={reportMessages.notFound}
        failed={(message) => `Error: ${message}`}
        backTo="/reports/view"
        backLabel="Back to Report Types"
      />
    )
  const report = query.data
  const viewer = { userId: me?.user_id ?? '', isAdmin: Boolean(me?.isadmin) }
  const mayFeedback = canGiveFeedback(report, viewer)
  const mayClose = canCloseReport(report, viewer)
  const mayDelete = canDeleteReport(viewer)

  return (
    <Stack gap="md" w="100%" className={classes.printRoot}>
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
      {/* The report and its History (docs/decisions.md, "History and activity"). */}
      <HistoryTabs
        tab={{ value: 'report', label: 'Report', icon: <IconFileDescription size={16} /> }}
        entityType="REPORT"
        entityId={report.report_id}
        listClassName={classes.noPrint}
      >
        <Stack gap="md">
          <SectionBoundary>
            <ReportBody type={report.report_type} data={report.report_data} />
          </SectionBoundary>
          <DetailSection title="Submission Details">
            <FieldGrid
              fields={[
                { label: 'Report ID', value: report.report_id_display },
                { label: 'From', value: senderName(report) },
                { label: 'Submitted At', value: formatDateTime(report.submitted_at) },
                { label: 'Status', value: <StatusBadge status={report.status} /> },
                { label: 'To', value: recipientNames(report) },
              ]}
            />
          </DetailSection>
          {(mayFeedback || report.admin_feedback) && (
            <FeedbackSection report={report} editable={mayFeedback} />
          )}
        </Stack>
      </HistoryTabs>
      {(mayDelete || mayClose) && (
        <Group justify="flex-end" className={classes.noPrint}>
          {mayDelete && (
            <Button color="red" variant="light" onClick={() => setActing('delete')}>
              Delete Report
            </Button>
          )}
          {mayClose && <Button onClick={() => setActing('close')}>Mark as Closed</Button>}
        </Group>
      )}
      {acting && (
        <ReportActionDialog
          action={acting}
          report={report}
          onClose={() => setActing(null)}
          onDone={acting === 'delete' ? () => navigate('/reports/view') : undefined}
        />
      )}
    </Stack>
  )
}
