import {
  type ReportListRow,
  type ReportStatus,
  reportEndpoints,
  reportMessages,
  reportStatusInput,
} from '@daftar/domain/reports'
import { Badge, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { call } from '../../api/client.ts'
import { FormFailure } from '../../ui/form/FormFailure.tsx'
import { FormActions, FormModal } from '../../ui/form/FormModal.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { reportDetailQuery, reportsKey } from './api.ts'

export const senderName = (r: Pick<ReportListRow, 'submitted_by_fullname' | 'submitted_by_username'>) =>
  r.submitted_by_fullname || r.submitted_by_username || 'N/A'
export const recipientNames = (r: Pick<ReportListRow, 'recipients'>) =>
  r.recipients.length ? r.recipients.map((p) => p.full_name || p.username).join(', ') : 'Admins Only'

export function StatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge color={status === 'OPEN' ? 'blue' : 'gray'} variant="light" radius="sm">
      {status}
    </Badge>
  )
}

export type ReportAction = 'close' | 'delete'

const looks = {
  close: {
    title: 'Mark as Closed',
    message: reportMessages.closeConfirm,
    confirm: 'Mark as Closed',
    color: undefined,
    failed: reportMessages.statusFailed,
    done: reportMessages.statusUpdated,
  },
  delete: {
    title: 'Delete Report',
    message: reportMessages.deleteConfirm,
    confirm: 'Delete',
    color: 'red',
    failed: reportMessages.deleteFailed,
    done: reportMessages.deleted,
  },
} as const

const noBody = z.object({})

/**
 * 'Mark as Closed' and 'Delete Report', from the list and the detail page: the spec's question, then
 * one request (a double click sends one), its message, and the lists refreshed.
 */
export function ReportActionDialog({
  action,
  report,
  onClose,
  onDone,
}: {
  action: ReportAction
  /** A list's row or the whole report: what the action reads of it is the list row's. */
  report: ReportListRow
  onClose: () => void
  onDone?: () => void
}) {
  const queryClient = useQueryClient()
  const look = looks[action]
  const detailKey = reportDetailQuery(report.report_id).queryKey
  const params = { id: report.report_id }
  const f = useSchemaForm({
    schema: action === 'close' ? reportStatusInput : noBody,
    initialValues: action === 'close' ? { status: 'CLOSED' as const } : {},
    submit: async () => {
      if (action === 'delete') return call(reportEndpoints.remove, { params })
      const answer = await call(reportEndpoints.status, { params, body: { status: 'CLOSED' } })
      queryClient.setQueryData(detailKey, answer.report)
      return answer
    },
    failed: look.failed,
    successText: () => look.done,
    guard: false,
    onSuccess: () => {
      // A deleted report's page is not fetched again (it would say 'Report not found.' on its way out).
      if (action === 'delete') queryClient.removeQueries({ queryKey: detailKey })
      void queryClient.invalidateQueries({
        queryKey: reportsKey,
        predicate: (query) => action === 'close' || query.queryKey[2] !== report.report_id,
      })
      onClose()
      onDone?.()
    },
  })
  return (
    <FormModal opened dirty={false} busy={f.busy} onClose={onClose} title={look.title}>
      {(requestClose) => (
        <form {...f.formProps}>
          <Stack>
            <Text>{look.message}</Text>
            <FormFailure failure={f.failure} />
            <FormActions
              onCancel={requestClose}
              busy={f.busy}
              submitLabel={look.confirm}
              color={look.color}
              autoFocus
            />
          </Stack>
        </form>
      )}
    </FormModal>
  )
}
