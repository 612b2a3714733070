import {
  requiredEnableInput,
  twoFactorEndpoints,
  twoFactorMessages,
  verifySignInInput,
} from '@daftar/domain/security'
import { Alert, Anchor, Button, Loader, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError, call, describeFailure, errorMessage } from '../../api/client.ts'
import { session, type Tokens } from '../../api/session.ts'
import { forgetSessionExpired } from '../../ui/drafts.ts'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { AuthCard, announcedError, FailureNote } from './AuthCard.tsx'
import { QrAndSecret, RecoveryCodesPanel, TotpCodeInput } from './TwoFactorParts.tsx'

/*
 * The sign-in page's second step, when the password was right (docs/security.md, "V6 Authentication"):
 * the code from the app (or a recovery code), or, when the organisation requires a second factor that
 * this user has not set up, the setup itself. Loaded only when a sign-in needs it.
 */

/** A refused challenge means starting again from the password; anything else is the server's word. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status === 401
    ? twoFactorMessages.challengeExpired
    : describeFailure(error, twoFactorMessages.codeInvalid, 'Sign-in failed. An unexpected error occurred.')

/** What both code forms share: one blank code, its failure said on the card only, no toast, no guard. */
const codeForm = {
  initialValues: { code: '' },
  failed: failureOf,
  toastErrors: false,
  guard: false,
  successText: () => false as const,
  validateInputOnBlur: false,
}

function signIn(tokens: Tokens) {
  forgetSessionExpired()
  // Storing the tokens signs the user in: the route guard then sends them on.
  session.set({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })
}

const codeOnly = verifySignInInput.pick({ code: true })

export function CodeStep({ challengeToken, onBack }: { challengeToken: string; onBack: () => void }) {
  const [recovery, setRecovery] = useState(false)
  const f = useSchemaForm({
    ...codeForm,
    schema: codeOnly,
    submit: ({ code }) => call(twoFactorEndpoints.verify, { body: { challengeToken, code } }),
    onSuccess: signIn,
  })
  const field = f.form.getInputProps('code')
  return (
    <AuthCard
      form={f.formProps}
      title="Two-factor sign-in"
      lead={
        recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
      note={f.failure && <FailureNote text={f.failure.text} />}
    >
      {recovery ? (
        <TextInput
          label="Recovery code"
          name="code"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          autoFocus
          {...field}
          {...announcedError}
        />
      ) : (
        <TotpCodeInput autoFocus {...field} />
      )}
      <Button type="submit" fullWidth size="md" loading={f.busy}>
        Verify
      </Button>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => {
          f.form.reset()
          setRecovery(!recovery)
        }}
      >
        {recovery ? 'Use the code from my app' : 'Use a recovery code instead'}
      </Anchor>
      <BackLink onBack={onBack} />
    </AuthCard>
  )
}

function BackLink({ onBack }: { onBack: () => void }) {
  return (
    <Text size="sm" ta="center">
      <Anchor component="button" type="button" onClick={onBack}>
        Back to sign in
      </Anchor>
    </Text>
  )
}

const setupCode = requiredEnableInput.pick({ code: true })

/** Setup required by the organisation: the QR code, the first code, then the recovery codes. */
export function RequiredSetupStep({
  challengeToken,
  onBack,
}: {
  challengeToken: string
  onBack: () => void
}) {
  const [done, setDone] = useState<{ codes: string[]; tokens: Tokens } | null>(null)
  const setup = useQuery({
    queryKey: ['auth', 'required-setup', challengeToken],
    queryFn: () => call(twoFactorEndpoints.requiredSetup, { body: { challengeToken } }),
    // One secret per challenge: a new one would no longer match the app the user just scanned it into.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const f = useSchemaForm({
    ...codeForm,
    schema: setupCode,
    submit: ({ code }) => call(twoFactorEndpoints.requiredEnable, { body: { challengeToken, code } }),
    onSuccess: ({ recovery_codes, ...tokens }) => setDone({ codes: recovery_codes, tokens }),
  })
  if (done)
    return (
      <AuthCard title="Save your recovery codes">
        <RecoveryCodesPanel
          codes={done.codes}
          doneLabel="Continue to Daftar"
          onDone={() => signIn(done.tokens)}
        />
      </AuthCard>
    )
  return (
    <AuthCard
      form={f.formProps}
      title="Set up two-factor sign-in"
      lead="Your organisation asks admins and accountants to confirm each sign-in with a code from their phone."
      note={
        (f.failure && <FailureNote text={f.failure.text} />) ||
        (setup.isError && <FailureNote text={failureOf(setup.error) || errorMessage(setup.error, '')} />)
      }
    >
      {setup.isPending && <Loader size="sm" mx="auto" aria-label="Preparing your key" />}
      {setup.data && (
        <>
          <QrAndSecret setup={setup.data} />
          <TotpCodeInput
            {...f.form.getInputProps('code')}
            description="The code your app shows for Daftar."
          />
          <Button type="submit" fullWidth size="md" loading={f.busy}>
            Turn on and sign in
          </Button>
        </>
      )}
      {setup.isError && (
        <Alert color="gray" variant="light">
          Sign in again to start the setup.
        </Alert>
      )}
      <BackLink onBack={onBack} />
    </AuthCard>
  )
}
