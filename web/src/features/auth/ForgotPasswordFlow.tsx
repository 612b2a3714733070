import { authEndpoints, forgotPasswordInput, messages, resetPasswordForm } from '@daftar/domain/auth'
import { isErrorMessage } from '@daftar/domain/notify'
import { Alert, Anchor, Button, PasswordInput, Text } from '@mantine/core'
import { useState } from 'react'
import { call, describeFailure } from '../../api/client.ts'
import { NewPasswordFields } from '../../ui/form/NewPasswordFields.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { AuthCard, announcedError, FailureNote, IdentifierInput } from './AuthCard.tsx'

export const forgotMessages = {
  sendFailed: 'Failed to send OTP. Please check the identifier and try again.',
  sendError: 'An error occurred while sending OTP.',
  resetFailed: 'Failed to reset password. OTP might be incorrect or expired.',
  resetError: 'An error occurred while resetting password.',
} as const

/** Where the code went, in the words of the identifier typed: an address or number, else a username. */
function codeSentTo(identifier: string): string {
  return /@|^\+?[\d\s-]{10,}$/.test(identifier)
    ? `We sent a 6-digit code to ${identifier}.`
    : `We sent a 6-digit code to the email or mobile number of ${identifier}.`
}

/** What the card shows on its own: the forms need no toast besides (docs/product.md, "Sign-in and sessions"). */
const quiet = { toastErrors: false, guard: false, successText: () => false as const } as const

type Step =
  | { name: 'initial' }
  | { name: 'otp'; identifier: string; note: string | null }
  | { name: 'reset'; message: string }

/** The three steps of docs/product.md ("Sign-in and sessions") on one card: Forgot Password → Verify OTP & Reset → Password Reset. */
export default function ForgotPasswordFlow({ onBackToLogin }: { onBackToLogin: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'initial' })
  const backLink = (
    <Text size="sm" ta="center">
      Remember Password?{' '}
      <Anchor component="button" type="button" onClick={onBackToLogin}>
        Login
      </Anchor>
    </Text>
  )
  if (step.name === 'initial')
    return (
      <SendCode
        backLink={backLink}
        onSent={(identifier, message) =>
          // The card says where the code went; the server's answer is shown only when it reads as a
          // failure (with 'incorrect' counting as one at this step, docs/product.md, "Messages").
          setStep({ name: 'otp', identifier, note: isErrorMessage(message, ['incorrect']) ? message : null })
        }
      />
    )
  if (step.name === 'otp')
    return (
      <VerifyAndReset
        identifier={step.identifier}
        note={step.note}
        backLink={backLink}
        onReset={(message) => setStep({ name: 'reset', message })}
      />
    )
  return (
    <AuthCard title="Password Reset">
      <Alert color="teal" variant="light" role="status">
        {step.message || messages.passwordReset}
      </Alert>
      <Button onClick={onBackToLogin} fullWidth size="md">
        Back to Login
      </Button>
    </AuthCard>
  )
}

/** Step 1, 'Forgot Password': the identifier; a code is mailed (or sent by SMS). */
function SendCode({
  backLink,
  onSent,
}: {
  backLink: React.ReactNode
  onSent: (identifier: string, message: string) => void
}) {
  const f = useSchemaForm({
    ...quiet,
    schema: forgotPasswordInput,
    initialValues: { identifier: '' },
    submit: async (body) => ({ ...(await call(authEndpoints.forgotPassword, { body })), ...body }),
    failed: (error) => describeFailure(error, forgotMessages.sendFailed, forgotMessages.sendError),
    onSuccess: (sent) => onSent(sent.identifier, sent.message),
  })
  return (
    <AuthCard
      form={f.formProps}
      title="Forgot Password"
      lead="Enter your email or mobile number and we will send you a one-time password."
      note={f.failure && <FailureNote text={f.failure.text} />}
    >
      <IdentifierInput {...f.form.getInputProps('identifier')} />
      <Button type="submit" fullWidth size="md" disabled={f.busy}>
        {f.busy ? 'Sending...' : 'Send OTP'}
      </Button>
      {backLink}
    </AuthCard>
  )
}

/** Step 2, 'Verify OTP & Reset': the code and the new password twice, each with show/hide. */
function VerifyAndReset({
  identifier,
  note,
  backLink,
  onReset,
}: {
  identifier: string
  note: string | null
  backLink: React.ReactNode
  onReset: (message: string) => void
}) {
  const f = useSchemaForm({
    ...quiet,
    schema: resetPasswordForm,
    initialValues: { otp: '', newPassword: '', confirmPassword: '' },
    submit: ({ otp, newPassword }) =>
      call(authEndpoints.resetPassword, { body: { identifier, otp, newPassword } }),
    failed: (error) => describeFailure(error, forgotMessages.resetFailed, forgotMessages.resetError),
    onSuccess: (answer) => onReset(answer.message),
  })
  const otp = f.form.getInputProps('otp')
  const failure = f.failure?.text ?? note
  return (
    <AuthCard
      form={f.formProps}
      title="Verify OTP & Reset"
      lead={`${codeSentTo(identifier)} Enter it and choose a new password.`}
      note={failure && <FailureNote text={failure} />}
    >
      <PasswordInput
        label="OTP"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        autoFocus
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the code' }}
        {...otp}
        // Digits only, whatever is pasted (a code copied with its spaces).
        onChange={(e) => otp.onChange(e.currentTarget.value.replace(/\D/g, ''))}
        {...announcedError}
      />
      <NewPasswordFields form={f.form} inputProps={announcedError} />
      <Button type="submit" fullWidth size="md" disabled={f.busy}>
        {f.busy ? 'Resetting...' : 'Reset Password'}
      </Button>
      {backLink}
    </AuthCard>
  )
}
