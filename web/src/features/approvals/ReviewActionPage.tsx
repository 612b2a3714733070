import { formatDateTime } from '@daftar/domain/format'
import { approvalMessages } from '@daftar/domain/registers'
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { ApiError, errorMessage } from '../../api/client.ts'
import { clientDropdownQuery } from '../../api/register-queries.ts'
import { useMe } from '../../api/shared-queries.ts'
import { DetailSection, FieldGrid } from '../../ui/DetailSection.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { notifyError } from '../../ui/notify.ts'
import { PageLoading } from '../../ui/RecordPage.tsx'
import {
  actionColors,
  actionLabels,
  entityLabels,
  type PendingActionDetail,
  pendingActionQuery,
} from './api.ts'
import { ChangesTable } from './ChangesTable.tsx'
import { diff, displayValue, flatten } from './diff.ts'
import { ReviewActions } from './ReviewActions.tsx'

const QUEUE = '/admin/approvals'
const REDIRECT_MS = 2000

export default function ReviewActionPage() {
  const { actionId = '' } = useParams()
  const navigate = useNavigate()
  const action = useQuery(pendingActionQuery(actionId))
  const warned = useRef<string | null>(null)
  const status = action.data?.status

  // A processed action cannot be acted on: say so and go back to the queue after 2 seconds.
  useEffect(() => {
    if (!status || status === 'PENDING') return
    if (warned.current !== actionId) {
      warned.current = actionId
      notifyError(approvalMessages.alreadyProcessed)
    }
    const timer = setTimeout(() => navigate(QUEUE, { replace: true }), REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [status, actionId, navigate])

  if (action.isPending) return <PageLoading text="Loading pending action..." />
  if (action.isError) {
    const missing = action.error instanceof ApiError && action.error.status === 404
    return (
      <ErrorPanel
        title={missing ? 'Not found' : undefined}
        message={
          missing
            ? approvalMessages.notFound
            : `Error loading pending action: ${errorMessage(action.error, 'Unknown error')}`
        }
        backTo={QUEUE}
        backLabel="Back to Approval Queue"
      />
    )
  }
  return <Review action={action.data} />
}

/** A state change (archive, activate …) proposes only the flag, compared with the record's own. */
function changeRows(a: PendingActionDetail) {
  if (a.action_type === 'CREATE') return diff(null, a.proposed_data)
  if (a.action_type === 'UPDATE') return diff(a.current_data, a.proposed_data)
  return diff(a.current_data, a.proposed_data, true)
}

function Review({ action: a }: { action: PendingActionDetail }) {
  const { data: me } = useMe()
  const clients = useQuery({ ...clientDropdownQuery, enabled: a.entity_type === 'PROJECT' })
  const names = Object.fromEntries((clients.data ?? []).map((c) => [c.client_id, c.name]))
  const rows = changeRows(a)
  const name = a.entity_name ?? a.summary
  const statusColor = a.status === 'PENDING' ? 'yellow' : a.status === 'APPROVED' ? 'teal' : 'red'

  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Anchor component={Link} to={QUEUE} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Back to Approval Queue
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2}>Review Pending Action</Title>
          <Group gap="xs" mt={4}>
            <Badge color={actionColors[a.action_type]} variant="light">
              {actionLabels[a.action_type]}
            </Badge>
            <Badge color="gray" variant="light">
              {entityLabels[a.entity_type] ?? a.entity_type}
            </Badge>
            <Badge color={statusColor} variant="filled">
              {a.status}
            </Badge>
          </Group>
        </div>
        {me?.isadmin && a.status === 'PENDING' && <ReviewActions action={a} />}
      </Group>
      {a.status === 'PENDING' && a.record_changed_since_request && (
        <Alert color="orange" variant="light" title="The record changed after this request was made">
          Someone edited it in the meantime. Check the current values below: approving applies the proposed
          data over them.
        </Alert>
      )}
      <DetailSection title="Request Details">
        <FieldGrid
          fields={[
            {
              label: 'Record',
              value:
                a.entity_link && name ? (
                  <Anchor component={Link} to={a.entity_link}>
                    {name}
                  </Anchor>
                ) : (
                  name
                ),
            },
            { label: 'Entity ID', value: a.entity_id ?? 'New record (created on approval)' },
            { label: 'Requested by', value: `${a.requested_by_fullname} (@${a.requested_by_username})` },
            { label: 'Requested at', value: formatDateTime(a.requested_at) },
            ...(a.status !== 'PENDING'
              ? [
                  { label: 'Processed by', value: a.processed_by_fullname },
                  { label: 'Processed at', value: a.processed_at && formatDateTime(a.processed_at) },
                  ...(a.rejection_reason
                    ? [{ label: 'Rejection reason', value: a.rejection_reason, wide: true }]
                    : []),
                ]
              : []),
          ]}
        />
      </DetailSection>
      <DetailSection title="Current Entity Details" collapsible defaultOpen={false}>
        {a.current_data ? (
          <FieldGrid
            fields={flatten(a.current_data).map((f) => ({
              label: f.label,
              value: displayValue(f.path, f.value, names),
            }))}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {a.action_type === 'CREATE'
              ? 'This request creates a new record.'
              : 'The record no longer exists.'}
          </Text>
        )}
      </DetailSection>
      <DetailSection title="Proposed Data / Changes">
        <ChangesTable rows={rows} actionType={a.action_type} names={names} />
      </DetailSection>
    </Stack>
  )
}
