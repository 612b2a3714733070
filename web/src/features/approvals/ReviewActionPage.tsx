import { formatDateTime } from '@daftar/domain/format'
import { approvalMessages } from '@daftar/domain/registers'
import { Alert, Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { clientDropdownQuery } from '../../api/register-queries.ts'
import { useMe } from '../../api/shared-queries.ts'
import { useRegisterDeclaration } from '../../app/registers.ts'
import { DetailSection, FieldGrid } from '../../ui/DetailSection.tsx'
import { LoadError } from '../../ui/ErrorPanel.tsx'
import { notifyError } from '../../ui/notify.ts'
import { PageLoading } from '../../ui/RecordPage.tsx'
import { fieldOrder } from '../../ui/register-kit/values.ts'
import { useLeaving } from '../../ui/use-leaving.ts'
import {
  actionColors,
  actionLabels,
  decidedHere,
  entityLabels,
  type PendingActionDetail,
  pendingActionQuery,
} from './api.ts'
import { ChangesTable } from './ChangesTable.tsx'
import { diff, displayValue, type FieldNaming, flatten } from './diff.ts'
import { ReviewActions } from './ReviewActions.tsx'

const QUEUE = '/admin/approvals'
const REDIRECT_MS = 2000

export default function ReviewActionPage() {
  const { actionId = '' } = useParams()
  const navigate = useNavigate()
  const { data: me } = useMe()
  const action = useQuery(pendingActionQuery(actionId))
  const warned = useRef<string | null>(null)
  const status = action.data?.status
  const admin = Boolean(me?.isadmin)
  const leaving = useLeaving()

  // An admin cannot act on a processed action: say so and go back to the queue after 2 seconds, unless
  // they are opening another page by then. The requester instead reads the outcome of their own
  // request here.
  useEffect(() => {
    if (!admin || !status || status === 'PENDING') return
    if (warned.current !== actionId) {
      warned.current = actionId
      // Not one the admin has just decided here: its own toast said so, and this one would replace it
      // while the page is still leaving.
      if (!decidedHere.delete(actionId)) notifyError(approvalMessages.alreadyProcessed)
    }
    if (leaving) return
    const timer = setTimeout(() => navigate(QUEUE, { replace: true }), REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [admin, status, actionId, navigate, leaving])

  if (action.isPending) return <PageLoading text="Loading pending action..." />
  if (action.isError)
    return (
      <LoadError
        error={action.error}
        notFound={approvalMessages.notFound}
        failed={(message) => `Error loading pending action: ${message}`}
        backTo={QUEUE}
        backLabel="Back to Approval Queue"
      />
    )
  return <Review action={action.data} admin={admin} />
}

/** A state change (archive, activate …) proposes only the flag, compared with the record's own. */
function changeRows(a: PendingActionDetail, naming: FieldNaming) {
  if (a.action_type === 'CREATE') return diff(null, a.proposed_data, false, naming)
  if (a.action_type === 'UPDATE') return diff(a.current_data, a.proposed_data, false, naming)
  return diff(a.current_data, a.proposed_data, true, naming)
}

const statusColors = { PENDING: 'yellow', APPROVED: 'teal', REJECTED: 'red' } as const

/** The page's title: a decided request is no longer one to review. */
export const reviewTitles = {
  PENDING: 'Review Pending Action',
  APPROVED: 'Approved Action',
  REJECTED: 'Rejected Action',
} as const

function Review({ action: a, admin }: { action: PendingActionDetail; admin: boolean }) {
  const { open, loading } = useRegisterDeclaration(a.entity_type)
  const clients = useQuery({ ...clientDropdownQuery, enabled: a.entity_type === 'PROJECT' })
  const names = Object.fromEntries((clients.data ?? []).map((c) => [c.client_id, c.name]))
  const naming: FieldNaming =
    open?.((register) => ({ labels: register.form.labels, order: fieldOrder(register.form.empty) })) ?? {}
  const rows = changeRows(a, naming)
  const name = a.entity_name ?? a.summary
  const pending = a.status === 'PENDING'
  const record = [a.entity_display_id, name && `'${name}'`].filter(Boolean).join(' ')
  // The register's own labels name the fields; wait for them rather than flash the raw keys.
  if (loading) return <PageLoading text="Loading pending action..." />

  return (
    <Stack gap="md" w="100%">
      <Anchor component={Link} to={QUEUE} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Back to Approval Queue
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2}>{reviewTitles[a.status]}</Title>
          <Group gap="xs" mt={4}>
            <Badge color={actionColors[a.action_type]} variant="light">
              {actionLabels[a.action_type]}
            </Badge>
            <Badge color="gray" variant="light">
              {entityLabels[a.entity_type] ?? a.entity_type}
            </Badge>
            <Badge color={statusColors[a.status]} variant="filled">
              {a.status}
            </Badge>
          </Group>
        </div>
        {admin && pending && <ReviewActions action={a} />}
      </Group>
      {!pending && <Outcome action={a} />}
      {admin && pending && a.requester_warning && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="The requester's rights changed"
        >
          {a.requester_warning} Approving still applies the change, after you confirm it.
        </Alert>
      )}
      {pending && a.record_changed_since_request && (
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
                a.entity_link && record ? (
                  <Anchor component={Link} to={a.entity_link}>
                    {record}
                  </Anchor>
                ) : (
                  record
                ),
            },
            // The id people know the record by; a record without one (a project) shows none.
            ...(a.entity_display_id || !a.entity_id
              ? [{ label: 'Entity ID', value: a.entity_display_id ?? 'New record (created on approval)' }]
              : []),
            { label: 'Requested by', value: `${a.requested_by_fullname} (@${a.requested_by_username})` },
            { label: 'Requested at', value: formatDateTime(a.requested_at) },
          ]}
        />
      </DetailSection>
      <DetailSection title="Current Entity Details" collapsible defaultOpen={false}>
        {a.current_data ? (
          <FieldGrid
            fields={flatten(a.current_data, naming).map((f) => ({
              label: f.label,
              value: displayValue(f.path, f.value, names),
            }))}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {a.action_type === 'CREATE'
              ? 'This request creates a new record.'
              : admin
                ? 'The record no longer exists.'
                : 'You can no longer open this record.'}
          </Text>
        )}
      </DetailSection>
      <DetailSection title="Proposed Data / Changes">
        <ChangesTable rows={rows} actionType={a.action_type} names={names} />
      </DetailSection>
      {a.action_type === 'CREATE' && (
        <DetailSection title="Access on Approval">
          <List size="sm" spacing={4}>
            <List.Item>
              {a.requested_by_fullname} (@{a.requested_by_username}) — Write (the requester)
            </List.Item>
            {a.access_permissions.map((g) => (
              <List.Item key={g.user_id}>
                {g.full_name} (@{g.username}) — {g.level === 'WRITE' ? 'Write' : 'Read'}
              </List.Item>
            ))}
          </List>
        </DetailSection>
      )}
    </Stack>
  )
}

/** The decision on a processed request: who, when, and the reason of a rejection in full. */
function Outcome({ action: a }: { action: PendingActionDetail }) {
  const approved = a.status === 'APPROVED'
  return (
    <Alert color={approved ? 'teal' : 'red'} variant="light" title={approved ? 'Approved' : 'Rejected'}>
      <Stack gap={4}>
        <Text size="sm">
          {approved ? 'Approved' : 'Rejected'} by {a.processed_by_fullname ?? 'an administrator'}
          {a.processed_at ? ` on ${formatDateTime(a.processed_at)}` : ''}.
        </Text>
        {!approved && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {a.rejection_reason ? `Reason: ${a.rejection_reason}` : 'No reason was given.'}
          </Text>
        )}
      </Stack>
    </Alert>
  )
}
