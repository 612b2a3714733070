import { deleteWithPasswordInput } from '@daftar/domain/billing'
import { Text } from '@mantine/core'
import { DeletionPasswordInput } from '../../../ui/form/CurrentPasswordInput.tsx'
import { ModalForm } from '../../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../../ui/form/use-schema-form.tsx'
import type { Invoice } from '../api.ts'

/**
 * Asks for the admin's password, checked by the deletion's domain schema; the removal itself is
 * optimistic (see BillingTab), so the form hands the password over and closes.
 */
export function DeleteInvoiceModal({
  invoice,
  onClose,
  onConfirm,
}: {
  invoice: Invoice
  onClose: () => void
  onConfirm: (password: string) => void
}) {
  const f = useSchemaForm({
    schema: deleteWithPasswordInput,
    initialValues: { password: '' },
    submit: async ({ password }) => onConfirm(password),
    failed: 'Failed to delete invoice.',
    successText: () => false,
    guard: false,
    validateInputOnBlur: false,
  })
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title="Delete Invoice"
      gap="sm"
      // The tab says how the removal went (BillingTab); this form only hands the password over.
      failure={null}
      submit={{ submitLabel: 'Delete', color: 'red', mt: 'xs' }}
    >
      <Text size="sm">
        Delete invoice <b>{invoice.invoice_no}</b> ({invoice.title}) and its PDF? This cannot be undone.
      </Text>
      <DeletionPasswordInput {...f.form.getInputProps('password')} />
    </ModalForm>
  )
}
