import { billingMessages } from '@daftar/domain/billing'
import { formatCurrency, todayIso } from '@daftar/domain/format'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../../api/client.ts'
import { notifyError, notifySuccess } from '../../../ui/notify.ts'
import { CountedTextInput, DateField } from '../../../ui/register-kit/fields.tsx'
import { billingApi, type Invoice } from '../api.ts'

/**
 * Admins move an invoice PENDING → CLEARED (clearance date, default today, and an optional transaction
 * id) or back to PENDING, which drops the clearance details.
 */
export function StatusModal({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: Invoice
  onClose: () => void
  onSaved: () => void
}) {
  const clearing = invoice.status === 'PENDING'
  const [date, setDate] = useState(todayIso())
  const [transactionId, setTransactionId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: () =>
      billingApi.setStatus(
        invoice.invoice_id,
        clearing
          ? { status: 'CLEARED', clearance_date: date, transaction_id: transactionId.trim() || null }
          : { status: 'PENDING', clearance_date: null, transaction_id: null },
      ),
    onSuccess: (res) => {
      notifySuccess(res.message)
      onSaved()
      onClose()
    },
    onError: (err) => notifyError(errorMessage(err, 'Failed to update invoice status.')),
  })

  return (
    <Modal
      opened
      onClose={save.isPending ? () => {} : onClose}
      title={clearing ? 'Mark Invoice as Cleared' : 'Mark Invoice as Pending'}
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (clearing && !date) return setError(billingMessages.clearanceRequired)
          if (clearing && date < invoice.invoice_date) return setError(billingMessages.clearanceBeforeInvoice)
          save.mutate()
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Invoice <b>{invoice.invoice_no}</b> · {invoice.title} · {formatCurrency(invoice.amount)}
          </Text>
          {clearing ? (
            <>
              <DateField
                label="Date of Clearance"
                required
                value={date || null}
                onChange={(v) => {
                  setDate(v ?? '')
                  setError(null)
                }}
                error={error}
                data-autofocus
              />
              <CountedTextInput
                label="Transaction ID"
                value={transactionId}
                onChange={(e) => setTransactionId(e.currentTarget.value)}
                maxLength={120}
              />
            </>
          ) : (
            <Alert color="yellow" variant="light">
              The clearance date and transaction ID will be removed.
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} color={clearing ? 'teal' : undefined}>
              {clearing ? 'Mark as Cleared' : 'Mark as Pending'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
