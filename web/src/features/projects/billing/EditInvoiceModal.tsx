import { updateInvoiceInput } from '@daftar/domain/billing'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { describeFailure, errorMessage } from '../../../api/client.ts'
import { LeaveGuard } from '../../../ui/form/LeaveGuard.tsx'
import { notifyError, notifySuccess } from '../../../ui/notify.ts'
import { billingApi, type Invoice } from '../api.ts'
import { InvoiceFieldInputs, invoiceFieldValues } from './InvoiceFieldInputs.tsx'

/** Edit Invoice: JSON fields with the invoice's version; the PDF cannot be changed. */
export function EditInvoiceModal({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: Invoice
  onClose: () => void
  onSaved: () => void
}) {
  const [fields, setFields] = useState(() => invoiceFieldValues(invoice))
  const [error, setError] = useState<string | null>(null)
  const [pristine] = useState(() => JSON.stringify(fields))
  const edit = useMutation({
    mutationFn: (data: Parameters<typeof billingApi.edit>[1]) =>
      billingApi.edit(invoice.invoice_id, data, invoice.version),
    onSuccess: (res) => {
      notifySuccess(res.message)
      onSaved()
      onClose()
    },
    onError: (err) => {
      notifyError(errorMessage(err, 'Failed to edit invoice.'))
      setError(describeFailure(err, 'Failed to update.', 'An unexpected error occurred.'))
    },
  })

  const unsaved = JSON.stringify(fields) !== pristine && !edit.isPending && !edit.isSuccess
  return (
    <>
      <LeaveGuard when={unsaved} />
      <Modal
        opened
        onClose={edit.isPending ? () => {} : onClose}
        title={`Edit Invoice ${invoice.invoice_no}`}
        centered
        size="lg"
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            setError(null)
            // Empty cost incurred goes as null (the schema's decimalOrNull).
            const parsed = updateInvoiceInput.safeParse(fields)
            if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null)
            edit.mutate(parsed.data)
          }}
        >
          <Stack gap="sm">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <InvoiceFieldInputs value={fields} onChange={setFields} />
            <Text size="xs" c="dimmed">
              The invoice PDF cannot be changed. To replace it, delete this invoice and add it again.
            </Text>
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose} disabled={edit.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={edit.isPending}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
