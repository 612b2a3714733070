import { deleteWithPasswordInput } from '@daftar/domain/billing'
import { Button, Group, Stack, Text } from '@mantine/core'
import { DeletionPasswordInput } from '../../../ui/form/CurrentPasswordInput.tsx'
import { FormModal } from '../../../ui/form/FormModal.tsx'
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
    <FormModal dirty={f.dirty} busy={f.busy} onClose={onClose} title="Delete Invoice">
      {(requestClose) => (
        <form {...f.formProps}>
          <Stack gap="sm">
            <Text size="sm">
              Delete invoice <b>{invoice.invoice_no}</b> ({invoice.title}) and its PDF? This cannot be undone.
            </Text>
            <DeletionPasswordInput {...f.form.getInputProps('password')} />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={requestClose}>
                Cancel
              </Button>
              <Button type="submit" color="red">
                Delete
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  )
}
