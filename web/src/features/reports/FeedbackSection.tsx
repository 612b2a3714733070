import { formatDateTime } from '@daftar/domain/format'
import { type Report, reportEndpoints, reportFeedbackInput, reportMessages } from '@daftar/domain/reports'
import { Button, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { DetailSection } from '../../ui/DetailSection.tsx'
import { FormActions } from '../../ui/form/FormModal.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { reportDetailQuery, reportsKey } from './api.ts'
import classes from './reports.module.css'

/** Writing feedback: the textarea with Cancel and 'Save Feedback' (it replaces what was there). */
function FeedbackForm({ report, onDone }: { report: Report; onDone: () => void }) {
  const queryClient = useQueryClient()
  const f = useSchemaForm({
    schema: reportFeedbackInput,
    initialValues: { feedback: report.admin_feedback ?? '' },
    submit: async (body) => {
      const answer = await call(reportEndpoints.feedback, { params: { id: report.report_id }, body })
      queryClient.setQueryData(reportDetailQuery(report.report_id).queryKey, answer.report)
      return answer
    },
    failed: reportMessages.feedbackFailed,
    successText: () => reportMessages.feedbackSaved,
    invalidate: [[...reportsKey, 'list']],
    onSuccess: onDone,
  })
  return (
    <form {...f.formProps}>
      {f.guard}
      <Stack gap="sm">
        <CountedTextarea
          aria-label="Feedback"
          autosize
          minRows={4}
          maxLength={5000}
          data-autofocus
          {...f.form.getInputProps('feedback')}
        />
        <FormActions onCancel={onDone} busy={f.busy} submitLabel="Save Feedback" busyLabel="Saving..." />
      </Stack>
    </form>
  )
}

/**
 * Feedback: recipients and admins (never the sender) provide or edit it; the sender sees it once it
 * exists (docs/product.md, "Staff reports").
 */
export function FeedbackSection({ report, editable }: { report: Report; editable: boolean }) {
  const [editing, setEditing] = useState(false)
  return (
    <DetailSection
      title="Feedback"
      actions={
        editable &&
        !editing && (
          <Button size="xs" variant="light" className={classes.noPrint} onClick={() => setEditing(true)}>
            {report.admin_feedback ? 'Edit Feedback' : 'Provide Feedback'}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {editing ? (
          <FeedbackForm report={report} onDone={() => setEditing(false)} />
        ) : (
          <Text size="sm" c={report.admin_feedback ? undefined : 'dimmed'} className={classes.preWrap}>
            {report.admin_feedback || reportMessages.noFeedback}
          </Text>
        )}
        {report.admin_feedback && report.feedback_at && (
          <Text size="xs" c="dimmed">
            Last updated by {report.feedback_by_fullname || report.feedback_by_username || 'N/A'} on{' '}
            {formatDateTime(report.feedback_at)}
          </Text>
        )}
      </Stack>
    </DetailSection>
  )
}
