import { authEndpoints, loginInput } from '@daftar/domain/auth'
import { Alert, Anchor, Button, Group, PasswordInput, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError, call, describeFailure } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import { forgetSessionExpired, SESSION_EXPIRED_MESSAGE, sessionExpired } from '../../ui/drafts.ts'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { AuthCard, announcedError, FailureNote, IdentifierInput } from './AuthCard.tsx'
import classes from './LoginPage.module.css'

export const loginMessages = {
  badCredentials: 'Login failed. Please check your credentials.',
  unexpected: 'Login failed. An unexpected error occurred.',
} as const

/**
 * What a failed sign-in says (docs/product.md, "Sign-in and sessions"): a refusal of the credentials
 * is the spec's sentence whatever the server worded; any other failure the server's text, else the
 * spec's 'unexpected' sentence.
 */
function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return loginMessages.badCredentials
  return describeFailure(error, loginMessages.badCredentials, loginMessages.unexpected)
}

/**
 * The sign-in form. `prerendered`: the build's HTML copy of it (login.html) carries the notice of an
 * expired session hidden, for the boot script to show before the first paint when the session has
 * just expired, so that it never appears later and moves the form (docs/decisions.md, "The sign-in
 * page in the HTML").
 */
export function LoginForm({
  onForgot,
  onChallenge,
  prerendered = false,
}: {
  onForgot: () => void
  /** The password was right and a second step follows: the code, or the setup the organisation requires. */
  onChallenge: (step: 'code' | 'setup', challengeToken: string) => void
  prerendered?: boolean
}) {
  // Said until the user signs in again, a reload of this page included.
  const [expired] = useState(sessionExpired)
  const signedIn = (tokens: { accessToken: string; refreshToken: string }) => {
    forgetSessionExpired()
    // Storing the tokens signs the user in: the route guard then sends them on.
    session.set(tokens)
  }
  const f = useSchemaForm({
    schema: loginInput,
    initialValues: { identifier: '', password: '' },
    submit: (body) => call(authEndpoints.login, { body }),
    failed: loginFailure,
    toastErrors: false,
    guard: false,
    validateInputOnBlur: false,
    onSuccess: (answer) => {
      if ('twoFactorRequired' in answer) return onChallenge('code', answer.challengeToken)
      if ('twoFactorSetupRequired' in answer) return onChallenge('setup', answer.challengeToken)
      signedIn(answer)
    },
  })
  const passkey = usePasskeySignIn(signedIn)
  const failure = passkey.failure ?? f.failure?.text

  return (
    <AuthCard
      form={f.formProps}
      title="Sign in"
      lead="Welcome back. Sign in with your email or mobile number."
      note={
        failure ? (
          <FailureNote text={failure} />
        ) : (
          (expired || prerendered) && (
            <Alert
              color="orange"
              variant="light"
              role="status"
              className={classes.expiredNotice}
              data-shown={expired || undefined}
            >
              {SESSION_EXPIRED_MESSAGE}
            </Alert>
          )
        )
      }
    >
      <IdentifierInput {...f.form.getInputProps('identifier')} />
      <PasswordInput
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        {...f.form.getInputProps('password')}
        {...announcedError}
      />
      <Group justify="flex-end" mt={-6}>
        <Anchor component="button" type="button" size="sm" onClick={onForgot}>
          Forgot Password?
        </Anchor>
      </Group>
      <Button type="submit" fullWidth size="md" loading={f.busy}>
        Login
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        or
      </Text>
      <Button
        type="button"
        variant="default"
        fullWidth
        size="md"
        loading={passkey.busy}
        onClick={passkey.start}
      >
        Sign in with a passkey
      </Button>
    </AuthCard>
  )
}

/**
 * 'Sign in with a passkey': the browser asks for any passkey of this site; its code is fetched only
 * on the press (docs/decisions.md, "Passkeys").
 */
function usePasskeySignIn(signedIn: (tokens: { accessToken: string; refreshToken: string }) => void) {
  const mutation = useMutation({
    mutationFn: async () => {
      if (typeof window.PublicKeyCredential === 'undefined') throw new Error(NO_PASSKEYS)
      return (await import('./passkey-ceremonies.ts')).signInWithPasskey()
    },
    onSuccess: signedIn,
  })
  return {
    busy: mutation.isPending,
    start: () => {
      if (!mutation.isPending) mutation.mutate()
    },
    failure: mutation.error ? passkeyFailure(mutation.error) : null,
  }
}

const NO_PASSKEYS = 'This browser cannot use passkeys. Sign in with your password.'

function passkeyFailure(error: Error): string {
  if (error instanceof ApiError)
    return describeFailure(error, loginMessages.unexpected, loginMessages.unexpected)
  return error.message || loginMessages.unexpected
}
