import {
  approvalEndpoints,
  approvalMessages,
  approveActionInput,
  rejectActionInput,
} from '@daftar/domain/registers'
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core'
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { registerRoots } from '../../ui/register-kit/roots.ts'
import { decidedHere, entityLabels, type PendingActionDetail, pendingActionKey } from './api.ts'
import { DecisionModal } from './DecisionModal.tsx'
import { EditActionModal } from './EditActionModal.tsx'

type Dialog = 'approve' | 'reject' | 'edit' | null

/** Lists that an approval can change (docs/product.md, "The admin approval queue"), refreshed after approve or reject. */
const AFFECTED = ['approvals', ...Object.values(registerRoots).map((root) => root.queryKey)].map((key) => [
  key,
])

/**
 * What a decision does once made: its message (a repeated one answers as the first did, so a double
 * click shows the success too), the lists it changes refreshed, back to the queue.
 */
function useDecision(action: PendingActionDetail) {
  const queryClient = useQueryClient()
  return {
    invalidate: AFFECTED,
    guard: false as const,
    /**
     * Marks the answer as decided here the moment it arrives: the refresh that follows can show the
     * page the request processed before `onSuccess` runs (ReviewActionPage).
     */
    decided: <R,>(answer: R) => {
      decidedHere.add(action.action_id)
      return answer
    },
    onSuccess: () => queryClient.removeQueries({ queryKey: pendingActionKey(action.action_id) }),
    openAfter: () => '/admin/approvals',
    /** After a refusal the record or the requester's rights may have changed: show the review as it is now. */
    refresh: () => queryClient.invalidateQueries({ queryKey: pendingActionKey(action.action_id) }),
  }
}

function ApproveDialog({ action, onClose }: { action: PendingActionDetail; onClose: () => void }) {
  const { refresh, decided, ...decision } = useDecision(action)
  // The version of the record the admin is looking at: approval applies only to it (If-Match).
  const version = action.current_data?.version
  const f = useSchemaForm({
    schema: approveActionInput,
    initialValues: { approve_without_requester_access: false },
    submit: (body) =>
      call(approvalEndpoints.approve, {
        params: { id: action.action_id },
        body: {
          approve_without_requester_access: body.approve_without_requester_access || undefined,
          // What this admin reviewed: a request another admin edited meanwhile is not approved unseen.
          action_version: action.version,
        },
        ifMatch: typeof version === 'number' ? version : undefined,
      })
        .then(decided)
        .catch((error) => {
          void refresh()
          throw error
        }),
    failed: approvalMessages.approveFailed,
    ...decision,
  })
  const label = (entityLabels[action.entity_type] ?? action.entity_type).toLowerCase()
  const warning = action.requester_warning
  return (
    <DecisionModal
      f={f}
      title="Approve request"
      confirm={f.busy ? 'Approving...' : 'Approve'}
      color="teal"
      confirmDisabled={Boolean(warning) && !f.form.values.approve_without_requester_access}
      onClose={onClose}
    >
      <Text>{`Approve this ${label} request? The change is applied at once and the requester is notified.`}</Text>
      {warning && (
        <Stack gap="xs">
          <Text size="sm" c="red">
            {warning}
          </Text>
          <Checkbox
            label="I have checked this request and approve it anyway"
            {...f.form.getInputProps('approve_without_requester_access', { type: 'checkbox' })}
          />
        </Stack>
      )}
    </DecisionModal>
  )
}

function RejectDialog({ action, onClose }: { action: PendingActionDetail; onClose: () => void }) {
  const { refresh: _, decided, ...decision } = useDecision(action)
  const f = useSchemaForm({
    schema: rejectActionInput,
    initialValues: { rejection_reason: '' },
    submit: (body) =>
      call(approvalEndpoints.reject, { params: { id: action.action_id }, body }).then(decided),
    failed: approvalMessages.rejectFailed,
    ...decision,
  })
  return (
    <DecisionModal f={f} title="Reject request" confirm="Reject" color="red" onClose={onClose}>
      <CountedTextarea
        label="Reason (optional)"
        description="The requester sees this in their notification."
        autosize
        minRows={3}
        maxLength={2000}
        {...f.form.getInputProps('rejection_reason')}
      />
    </DecisionModal>
  )
}

/** Approve, Reject (optional reason) and Edit & Re-evaluate: admins, PENDING actions only. */
export function ReviewActions({ action }: { action: PendingActionDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null)
  const close = () => setDialog(null)
  const editable = action.action_type === 'CREATE' || action.action_type === 'UPDATE'
  return (
    <>
      <Group gap="sm">
        {editable && (
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setDialog('edit')}>
            Edit & Re-evaluate
          </Button>
        )}
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          onClick={() => setDialog('reject')}
        >
          Reject
        </Button>
        <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => setDialog('approve')}>
          Approve
        </Button>
      </Group>
      {dialog === 'approve' && <ApproveDialog action={action} onClose={close} />}
      {dialog === 'reject' && <RejectDialog action={action} onClose={close} />}
      {dialog === 'edit' && <EditActionModal action={action} onClose={close} />}
    </>
  )
}
