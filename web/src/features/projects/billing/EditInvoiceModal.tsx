import { updateInvoiceInput } from '@daftar/domain/billing'
import { Text } from '@mantine/core'
import { useState } from 'react'
import { describeFailure } from '../../../api/client.ts'
import { FormFailure } from '../../../ui/form/FormFailure.tsx'
import { ModalForm } from '../../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../../ui/form/use-schema-form.tsx'
import { billingApi, type InvoiceDialogProps, savedThenClosed } from '../api.ts'
import { InvoiceFieldInputs, type InvoiceFieldValues, invoiceFieldValues } from './InvoiceFieldInputs.tsx'

/**
 * Edit Invoice: the fields with the invoice's version (If-Match); the PDF cannot be changed. On the one
 * form hook: the edit's domain schema, one request per submit, the leave guard, and 'Discard changes?'
 * before typed input is thrown away.
 */
export function EditInvoiceModal(props: InvoiceDialogProps) {
  const { invoice, onClose } = props
  // The spec words the form's refusals as one line in its red box, not under each field.
  const [refused, setRefused] = useState<string | null>(null)
  const f = useSchemaForm({
    schema: updateInvoiceInput,
    initialValues: invoiceFieldValues(invoice),
    submit: (data) => billingApi.edit(invoice.invoice_id, data, invoice.version),
    failed: 'Failed to edit invoice.',
    describeFailure: (error) => describeFailure(error, 'Failed to update.', 'An unexpected error occurred.'),
    onSuccess: savedThenClosed(props),
    onInvalid: (errors) => setRefused(String(Object.values(errors)[0] ?? '')),
    validateInputOnBlur: false,
  })
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title={`Edit Invoice ${invoice.invoice_no}`}
      size="lg"
      gap="sm"
      failure={<FormFailure failure={f.failure} refused={refused} />}
      submit={{ submitLabel: 'Save Changes', mt: 'xs' }}
    >
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
    </ModalForm>
  )
}
