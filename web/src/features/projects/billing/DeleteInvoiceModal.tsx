import { billingMessages } from '@daftar/domain/billing'
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Invoice } from '../api.ts'

/** Asks for the admin's password; the removal itself is optimistic (see BillingTab). */
export function DeleteInvoiceModal({
  invoice,
  onClose,
  onConfirm,
}: {
  invoice: Invoice
  onClose: () => void
  onConfirm: (password: string) => void
}) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <Modal opened onClose={onClose} title="Delete Invoice" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!password) return setError(billingMessages.passwordRequired)
          onConfirm(password)
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Delete invoice <b>{invoice.invoice_no}</b> ({invoice.title}) and its PDF? This cannot be undone.
          </Text>
          <PasswordInput
            label="Your password"
            description="Enter your password to confirm."
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value)
              setError(null)
            }}
            error={error}
            autoComplete="current-password"
            required
            data-autofocus
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red">
              Delete
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
