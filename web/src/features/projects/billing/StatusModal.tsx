import { billingMessages, invoiceStatusInput } from '@daftar/domain/billing'
import { formatCurrency, todayIso } from '@daftar/domain/format'
import { Alert, Text } from '@mantine/core'
import { ModalForm } from '../../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../../ui/form/use-schema-form.tsx'
import { CountedTextInput, DateField } from '../../../ui/register-kit/fields.tsx'
import { billingApi, type InvoiceDialogProps, savedThenClosed } from '../api.ts'

/**
 * Admins move an invoice PENDING → CLEARED (clearance date, default today, and an optional transaction
 * id) or back to PENDING, which drops the clearance details. On the one form hook: the status change's
 * domain schema, and a clearance not before the invoice's own date (the server says the same).
 */
export function StatusModal(props: InvoiceDialogProps) {
  const { invoice, onClose } = props
  const clearing = invoice.status === 'PENDING'
  const f = useSchemaForm({
    schema: invoiceStatusInput.refine(
      (v) => v.status !== 'CLEARED' || !v.clearance_date || v.clearance_date >= invoice.invoice_date,
      { path: ['clearance_date'], message: billingMessages.clearanceBeforeInvoice },
    ),
    initialValues: clearing
      ? { status: 'CLEARED' as const, clearance_date: todayIso() as string | null, transaction_id: '' }
      : { status: 'PENDING' as const, clearance_date: null, transaction_id: '' },
    submit: (input) => billingApi.setStatus(invoice.invoice_id, input),
    failed: 'Failed to update invoice status.',
    onSuccess: savedThenClosed(props),
    guard: false,
  })
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title={clearing ? 'Mark Invoice as Cleared' : 'Mark Invoice as Pending'}
      gap="sm"
      submit={{
        submitLabel: clearing ? 'Mark as Cleared' : 'Mark as Pending',
        color: clearing ? 'teal' : undefined,
        mt: 'xs',
      }}
    >
      <Text size="sm">
        Invoice <b>{invoice.invoice_no}</b> · {invoice.title} · {formatCurrency(invoice.amount)}
      </Text>
      {clearing ? (
        <>
          <DateField
            label="Date of Clearance"
            required
            data-autofocus
            {...f.form.getInputProps('clearance_date')}
          />
          <CountedTextInput
            label="Transaction ID"
            maxLength={120}
            {...f.form.getInputProps('transaction_id')}
          />
        </>
      ) : (
        <Alert color="yellow" variant="light">
          The clearance date and transaction ID will be removed.
        </Alert>
      )}
    </ModalForm>
  )
}
