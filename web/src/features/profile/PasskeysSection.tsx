import { formatDate, formatRelativeTime } from '@daftar/domain/format'
import { addPasskeyForm, type PasskeySummary, passkeyEndpoints } from '@daftar/domain/passkeys'
import { Button, Group, Paper, Text, TextInput, Title, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { CurrentPasswordInput } from '../../ui/form/CurrentPasswordInput.tsx'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { type Column, DataTable, queryRows } from '../../ui/list/DataTable.tsx'
import { useConfirmedAction } from '../../ui/use-confirmed-action.ts'
import { passkeysQuery, securityKeys } from './security-api.ts'

/**
 * The account's passkeys: sign in with the phone's or laptop's screen lock instead of the password
 * and the code (docs/security.md, "V6 Authentication"). Adding one asks for the password.
 */
export function PasskeysSection() {
  const query = useQuery(passkeysQuery)
  const [adding, setAdding] = useState(false)
  const removal = useConfirmedAction({
    run: (passkey: PasskeySummary) => call(passkeyEndpoints.remove, { params: { id: passkey.passkey_id } }),
    failed: 'Failed to remove the passkey.',
    invalidate: securityKeys.all,
  })
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'undefined'

  const columns: Column<PasskeySummary>[] = [
    { key: 'name', header: 'Name', render: (p) => p.name, phone: 'title' },
    { key: 'added', header: 'Added', render: (p) => formatDate(p.created_at), nowrap: true },
    {
      key: 'used',
      header: 'Last used',
      render: (p) => (p.last_used_at ? formatRelativeTime(p.last_used_at) : 'Never'),
      nowrap: true,
    },
    {
      key: 'action',
      header: <VisuallyHidden>Action</VisuallyHidden>,
      label: 'Action',
      render: (p) => (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => removal.ask(p)}
          aria-label={`Remove passkey ${p.name}`}
        >
          Remove
        </Button>
      ),
      phone: 'wide',
    },
  ]

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="passkeys-heading">
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Title order={4} id="passkeys-heading">
            Passkeys
          </Title>
          <Text size="sm" c="dimmed">
            {supported
              ? 'Sign in with your fingerprint, face or screen lock instead of your password and code.'
              : 'This browser cannot use passkeys.'}
          </Text>
        </div>
        <Button onClick={() => setAdding(true)} disabled={!supported}>
          Add a passkey
        </Button>
      </Group>
      <DataTable
        label="Passkeys"
        columns={columns}
        rowKey={(p) => p.passkey_id}
        {...queryRows(query, 'Failed to load passkeys.')}
        emptyText="No passkeys yet."
      />
      {adding && <AddPasskeyModal onClose={() => setAdding(false)} />}
      <ConfirmDialog
        {...removal.dialog}
        title="Remove this passkey?"
        message={`'${removal.target?.name ?? ''}' will no longer sign you in. Remove it from the device too.`}
        confirmLabel="Remove"
        color="red"
      />
    </Paper>
  )
}

function AddPasskeyModal({ onClose }: { onClose: () => void }) {
  const f = useSchemaForm({
    schema: addPasskeyForm,
    initialValues: { name: '', password: '' },
    submit: async (values) => (await import('../auth/passkey-ceremonies.ts')).addPasskey(values),
    failed: 'Failed to add the passkey.',
    toastErrors: false,
    successText: () => 'Passkey added.',
    invalidate: [securityKeys.all],
    onSuccess: onClose,
  })
  return (
    <ModalForm f={f} onClose={onClose} title="Add a passkey" submit={{ submitLabel: 'Continue' }}>
      <Text size="sm">
        Your browser will ask you to create the passkey on this device, or on a phone or security key.
      </Text>
      <TextInput
        label="Name"
        description="To tell your passkeys apart, e.g. 'Work laptop'."
        required
        data-autofocus
        maxLength={60}
        {...f.form.getInputProps('name')}
      />
      <CurrentPasswordInput label="Password" {...f.form.getInputProps('password')} />
    </ModalForm>
  )
}
