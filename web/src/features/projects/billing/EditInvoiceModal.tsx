import { updateInvoiceInput } from '@daftar/domain/billing'
import { Alert, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { describeFailure } from '../../../api/client.ts'
import { FormActions, FormModal } from '../../../ui/form/FormModal.tsx'
import { useSchemaForm } from '../../../ui/form/use-schema-form.tsx'
import { billingApi, type Invoice } from '../api.ts'
import { InvoiceFieldInputs, type InvoiceFieldValues, invoiceFieldValues } from './InvoiceFieldInputs.tsx'

/**
 * Edit Invoice: the fields with the invoice's version (If-Match); the PDF cannot be changed. On the one
 * form hook: the edit's domain schema, one request per submit, the leave guard, and 'Discard changes?'
 * before typed input is thrown away.
 */
export function EditInvoiceModal({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: Invoice
  onClose: () => void
  onSaved: () => void
}) {
  // The spec words the form's refusals as one line in its red box, not under each field.
  const [refused, setRefused] = useState<string | null>(null)
  const f = useSchemaForm({
    schema: updateInvoiceInput,
    initialValues: invoiceFieldValues(invoice),
    submit: (data) => billingApi.edit(invoice.invoice_id, data, invoice.version),
    failed: 'Failed to edit invoice.',
    describeFailure: (error) => describeFailure(error, 'Failed to update.', 'An unexpected error occurred.'),
    onSuccess: () => {
      onSaved()
      onClose()
    },
    onInvalid: (errors) => setRefused(String(Object.values(errors)[0] ?? '')),
    validateInputOnBlur: false,
  })
  const error = refused ?? f.failure?.text ?? null
  return (
    <FormModal
      dirty={f.dirty}
      busy={f.busy}
      onClose={onClose}
      title={`Edit Invoice ${invoice.invoice_no}`}
      size="lg"
    >
      {(requestClose) => (
        <form {...f.formProps}>
          {f.guard}
          <Stack gap="sm">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <InvoiceFieldInputs
              value={f.form.getValues()}
              onChange={(values: InvoiceFieldValues) => {
                setRefused(null)
                f.form.setValues(values)
              }}
            />
            <Text size="xs" c="dimmed">
              The invoice PDF cannot be changed. To replace it, delete this invoice and add it again.
            </Text>
            <FormActions onCancel={requestClose} busy={f.busy} submitLabel="Save Changes" mt="xs" />
          </Stack>
        </form>
      )}
    </FormModal>
  )
}
