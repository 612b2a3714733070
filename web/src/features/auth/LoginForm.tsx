import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { ApiError, describeFailure } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import { forgetSessionExpired, SESSION_EXPIRED_MESSAGE, sessionExpired } from '../../ui/drafts.ts'
import { authApi } from './api.ts'

export const loginMessages = {
  badCredentials: 'Login failed. Please check your credentials.',
  unexpected: 'Login failed. An unexpected error occurred.',
}

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const [identifier, setIdentifier] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [expired] = useState(sessionExpired)
  useEffect(forgetSessionExpired, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setBusy(true)
    try {
      const tokens = await authApi.login(identifier.trim(), password)
      // Storing the tokens signs the user in: the route guard then sends them to /.
      session.set(tokens)
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? loginMessages.badCredentials
          : describeFailure(err, loginMessages.badCredentials, loginMessages.unexpected),
      )
      setBusy(false)
    }
  }

  return (
    <Paper component="form" onSubmit={submit} withBorder shadow="sm" p="xl" radius="lg" noValidate>
      <Stack gap="md">
        <div>
          <Title order={2}>Sign in</Title>
          <Text c="dimmed" size="sm">
            Welcome back. Sign in with your email or mobile number.
          </Text>
        </div>
        {expired && !error && (
          <Alert color="orange" variant="light" role="status">
            {SESSION_EXPIRED_MESSAGE}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Email or Mobile"
          name="identifier"
          autoComplete="username"
          required
          value={identifier}
          onChange={(e) => setIdentifier(e.currentTarget.value)}
          autoFocus
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={busy} disabled={!identifier.trim() || !password}>
          Login
        </Button>
      </Stack>
    </Paper>
  )
}
