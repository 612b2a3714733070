import { type AccountsUser, canUseAccounts } from '@daftar/domain/accounts'
import { type ReceivableDetail, receivableEndpoints } from '@daftar/domain/accounts-contract'
import { formatDateTime } from '@daftar/domain/format'
import { Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core'
import { IconBellRinging } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call, errorMessage } from '../../api/client.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { TableHead } from '../../ui/TableHead.tsx'
import { useOnceMutation } from '../../ui/use-once-mutation.ts'
import { detailQuery } from './api.ts'

/** 'Sent by hand', or the scheduled step's days after the due date. */
export const reminderStepLabel = (step: string) =>
  step === 'manual' ? 'Sent by hand' : `${step} day${step === '1' ? '' : 's'} after due`

/** May a reminder go now: a sent, overdue or partly paid invoice with an amount due. */
const remindable = (doc: ReceivableDetail) =>
  ['SENT', 'OVERDUE', 'PARTIALLY_PAID'].includes(doc.status) && doc.amount_due > 0

/**
 * An invoice's payment reminders (docs/decisions.md, "Payment reminders"): those sent, 'Send reminder'
 * now, and 'Do not remind' to leave it out of the scheduled ones. Drafts have none.
 */
export function DetailReminders({ doc, user }: { doc: ReceivableDetail; user: AccountsUser }) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const manage = canUseAccounts(user)
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: detailQuery('RECEIVABLE', doc.receivable_id).queryKey })
  // A double click on 'Send reminder' sends one (useOnceMutation).
  const remind = useOnceMutation({
    mutationFn: () => call(receivableEndpoints.remind, { params: { id: doc.receivable_id } }),
    onSuccess: (res) => {
      setAsking(false)
      notifySuccess(res.message)
      return refresh()
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to send the payment reminder.')),
  })
  const exclude = useMutation({
    mutationFn: (value: boolean) =>
      call(receivableEndpoints.doNotRemind, {
        params: { id: doc.receivable_id },
        body: { do_not_remind: value },
      }),
    onSuccess: (res) => {
      notifySuccess(res.message)
      return refresh()
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to change the reminders of this invoice.')),
  })
  if (doc.status === 'DRAFT') return null
  return (
    <Stack gap="xs" aria-labelledby="reminders-heading" role="region">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={5} id="reminders-heading">
          Payment reminders
        </Title>
        {manage && (
          <Group gap="sm" wrap="wrap">
            <Switch
              label="Do not remind"
              checked={exclude.isPending ? Boolean(exclude.variables) : doc.do_not_remind}
              disabled={exclude.isPending}
              onChange={(event) => exclude.mutate(event.currentTarget.checked)}
            />
            {remindable(doc) && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconBellRinging size={14} />}
                onClick={() => setAsking(true)}
              >
                Send reminder
              </Button>
            )}
          </Group>
        )}
      </Group>
      {doc.reminders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {doc.do_not_remind
            ? 'No reminders sent. This invoice is left out of the scheduled reminders.'
            : 'No reminders sent yet.'}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} aria-label="Reminders sent">
          <TableHead columns={['Reminder', 'To', 'When']} />
          <Table.Tbody>
            {doc.reminders.map((r) => (
              <Table.Tr key={`${r.step}-${r.sent_at}`}>
                <Table.Td>{reminderStepLabel(r.step)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {r.to ?? (
                    <Text span size="sm" c="red">
                      No contact e-mail: not sent
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(r.sent_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={asking}
        title="Send a payment reminder?"
        message={`A reminder for invoice ${doc.invoice_no} with its PDF will be e-mailed to the client's contact now.`}
        confirmLabel="Send reminder"
        busyLabel="Sending..."
        busy={remind.isPending}
        onConfirm={() => remind.run()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  )
}
