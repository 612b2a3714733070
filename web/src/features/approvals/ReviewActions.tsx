import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core'
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { describeFailure } from '../../api/client.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { approvalsApi, entityLabels, type PendingActionDetail } from './api.ts'
import { EditActionModal } from './EditActionModal.tsx'

type Dialog = 'approve' | 'reject' | 'edit' | null

/** Lists that an approval can change (docs/product.md, "The admin approval queue"), refreshed after approve or reject. */
const AFFECTED = [
  'approvals',
  'projects',
  'clients',
  'employees',
  'suppliers',
  'technical-info',
  'assets',
  'collections',
]

/** Approve, Reject (optional reason) and Edit & Re-evaluate: admins, PENDING actions only. */
export function ReviewActions({ action }: { action: PendingActionDetail }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [reason, setReason] = useState('')
  const [anyway, setAnyway] = useState(false)
  // The version of the record the admin is looking at: approval applies only to it (If-Match).
  const recordVersion =
    typeof action.current_data?.version === 'number' ? (action.current_data.version as number) : undefined

  const done = (message: string) => {
    notifySuccess(message)
    navigate('/admin/approvals')
    queryClient.removeQueries({ queryKey: ['approvals', 'action', action.action_id] })
    for (const key of AFFECTED) void queryClient.invalidateQueries({ queryKey: [key] })
  }
  const approve = useMutation({
    mutationFn: () =>
      approvalsApi.approve(action.action_id, {
        recordVersion,
        withoutRequesterAccess: Boolean(action.requester_warning) && anyway,
      }),
    onSuccess: (res) => done(res.message),
    onError: (err) => {
      notifyError(describeFailure(err, 'Error approving action', 'Error approving action.'))
      setDialog(null)
      // The record or the requester's rights may have changed: show the review as it is now.
      void queryClient.invalidateQueries({ queryKey: ['approvals', 'action', action.action_id] })
    },
  })
  const reject = useMutation({
    mutationFn: () => approvalsApi.reject(action.action_id, reason.trim() || null),
    onSuccess: (res) => done(res.message),
    onError: (err) => notifyError(describeFailure(err, 'Error rejecting action', 'Error rejecting action.')),
  })
  const editable = action.action_type === 'CREATE' || action.action_type === 'UPDATE'
  const busy = approve.isPending || reject.isPending
  const label = (entityLabels[action.entity_type] ?? action.entity_type).toLowerCase()

  return (
    <>
      <Group gap="sm">
        {editable && (
          <Button
            variant="default"
            leftSection={<IconEdit size={16} />}
            onClick={() => setDialog('edit')}
            disabled={busy}
          >
            Edit & Re-evaluate
          </Button>
        )}
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          onClick={() => setDialog('reject')}
          disabled={busy}
        >
          Reject
        </Button>
        <Button
          color="teal"
          leftSection={<IconCheck size={16} />}
          onClick={() => setDialog('approve')}
          disabled={busy}
        >
          Approve
        </Button>
      </Group>
      <ConfirmDialog
        opened={dialog === 'approve'}
        title="Approve request"
        message={`Approve this ${label} request? The change is applied at once and the requester is notified.`}
        confirmLabel="Approve"
        busyLabel="Approving..."
        color="teal"
        busy={approve.isPending}
        confirmDisabled={Boolean(action.requester_warning) && !anyway}
        onConfirm={() => approve.mutate()}
        onCancel={() => setDialog(null)}
      >
        {action.requester_warning && (
          <Stack gap="xs">
            <Text size="sm" c="red">
              {action.requester_warning}
            </Text>
            <Checkbox
              label="I have checked this request and approve it anyway"
              checked={anyway}
              onChange={(e) => setAnyway(e.currentTarget.checked)}
            />
          </Stack>
        )}
      </ConfirmDialog>
      <Modal
        opened={dialog === 'reject'}
        onClose={reject.isPending ? () => {} : () => setDialog(null)}
        title="Reject request"
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault()
            reject.mutate()
          }}
        >
          <Stack>
            <CountedTextarea
              label="Reason (optional)"
              description="The requester sees this in their notification."
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={2000}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)} disabled={reject.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={reject.isPending}>
                Reject
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {dialog === 'edit' && <EditActionModal action={action} onClose={() => setDialog(null)} />}
    </>
  )
}
