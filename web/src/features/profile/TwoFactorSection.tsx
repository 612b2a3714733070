import { formatDate } from '@daftar/domain/format'
import { disableTwoFactorInput, type TwoFactorStatus, twoFactorEndpoints } from '@daftar/domain/security'
import { Alert, Badge, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { CurrentPasswordInput } from '../../ui/form/CurrentPasswordInput.tsx'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { securityKeys, twoFactorStatusQuery } from './security-api.ts'
import { TwoFactorSetupModal } from './TwoFactorSetupModal.tsx'

/** Whether sign-in asks for a code from the phone; set it up or turn it off. */
export function TwoFactorSection() {
  const query = useQuery(twoFactorStatusQuery)
  const [dialog, setDialog] = useState<'setup' | 'off' | null>(null)
  const close = () => setDialog(null)
  const status = query.data
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="two-factor-heading">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <Title order={4} id="two-factor-heading">
              Two-factor sign-in
            </Title>
            {status && (
              <Badge color={status.enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-state">
                {status.enabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {status ? describe(status) : 'Loading…'}
          </Text>
        </div>
        {status && !status.enabled && (
          <Button onClick={() => setDialog('setup')}>Set up two-factor sign-in</Button>
        )}
        {status?.enabled && !status.required && (
          <Button variant="light" color="red" onClick={() => setDialog('off')}>
            Turn off
          </Button>
        )}
      </Group>
      {query.isError && (
        <Alert color="red" variant="light" mt="sm">
          Failed to load two-factor sign-in.
        </Alert>
      )}
      {dialog === 'setup' && <TwoFactorSetupModal onClose={close} />}
      {dialog === 'off' && <TurnOffModal onClose={close} />}
    </Paper>
  )
}

function describe(status: TwoFactorStatus): string {
  if (!status.enabled)
    return status.required
      ? 'Your organisation requires it: you will be asked to set it up at your next sign-in.'
      : 'Sign-in asks only for your password. Add a code from your phone so that a password alone is not enough.'
  const since = `On since ${formatDate(status.enabled_at)}. Sign-in asks for a code from your authenticator app.`
  const left = ` ${status.recovery_codes_left} of 10 recovery codes left.`
  return since + left + (status.required ? ' Your organisation requires it, so it cannot be turned off.' : '')
}

/** Turning it off takes the password and a code, so a borrowed unlocked session cannot do it. */
function TurnOffModal({ onClose }: { onClose: () => void }) {
  const f = useSchemaForm({
    schema: disableTwoFactorInput,
    initialValues: { password: '', code: '' },
    submit: (body) => call(twoFactorEndpoints.disable, { body }),
    failed: 'Failed to turn off two-factor sign-in.',
    toastErrors: false,
    invalidate: [securityKeys.all],
    onSuccess: onClose,
  })
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title="Turn off two-factor sign-in"
      submit={{ submitLabel: 'Turn off', color: 'red' }}
    >
      <Text size="sm">Sign-in will ask only for your password again.</Text>
      <CurrentPasswordInput label="Password" data-autofocus {...f.form.getInputProps('password')} />
      <TextInput
        label="Code from your app, or a recovery code"
        autoComplete="one-time-code"
        required
        {...f.form.getInputProps('code')}
      />
    </ModalForm>
  )
}
