import { messages, newPasswordPair } from '@daftar/domain/auth'
import { isErrorMessage } from '@daftar/domain/notify'
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { describeFailure } from '../../api/client.ts'
import { authApi } from './api.ts'

type Step = 'initial' | 'otp' | 'reset'

export const forgotMessages = {
  sendFailed: 'Failed to send OTP. Please check the identifier and try again.',
  sendError: 'An error occurred while sending OTP.',
  resetFailed: 'Failed to reset password. OTP might be incorrect or expired.',
  resetError: 'An error occurred while resetting password.',
  identifierRequired: 'Please enter your email or mobile.',
  otpRequired: 'Please enter the OTP.',
}

/** Where the code went, in the words of the identifier typed: an address or number, else a username. */
function codeSentTo(identifier: string): string {
  return /@|^\+?[\d\s-]{10,}$/.test(identifier)
    ? `We sent a 6-digit code to ${identifier}.`
    : `We sent a 6-digit code to the email and mobile of ${identifier}.`
}

/** The three steps of docs/product.md ("Sign-in and sessions") on one card: Forgot Password → Verify OTP & Reset → Password Reset. */
export default function ForgotPasswordFlow({ onBackToLogin }: { onBackToLogin: () => void }) {
  const [step, setStep] = useState<Step>('initial')
  const [identifier, setIdentifier] = useState('')
  const [otp, setOtp] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [feedbackState, setFeedback] = useState<{ text: string; isError: boolean } | null>(null)
  const fail = (text: string) => setFeedback({ text, isError: true })
  // A server message reads as an error (docs/product.md, "Messages") when it says 'failed' or 'error' ('incorrect' too at the OTP step).
  const succeed = (text: string, atOtpStep: boolean) =>
    setFeedback({ text, isError: isErrorMessage(text, atOtpStep ? ['incorrect'] : []) })

  async function sendOtp(event: FormEvent) {
    event.preventDefault()
    if (!identifier.trim()) return fail(forgotMessages.identifierRequired)
    setBusy(true)
    setFeedback(null)
    try {
      const res = await authApi.forgotPassword(identifier.trim())
      succeed(res.message, true)
      setStep('otp')
    } catch (error) {
      fail(describeFailure(error, forgotMessages.sendFailed, forgotMessages.sendError))
    } finally {
      setBusy(false)
    }
  }

  async function reset(event: FormEvent) {
    event.preventDefault()
    if (!identifier.trim()) return fail(forgotMessages.identifierRequired)
    if (!otp.trim()) return fail(forgotMessages.otpRequired)
    const check = newPasswordPair.safeParse({ newPassword, confirmPassword })
    if (!check.success) return fail(check.error.issues[0]!.message)
    setBusy(true)
    setFeedback(null)
    try {
      const res = await authApi.resetPassword(identifier.trim(), otp.trim(), newPassword)
      succeed(res.message, false)
      setStep('reset')
    } catch (error) {
      fail(describeFailure(error, forgotMessages.resetFailed, forgotMessages.resetError))
    } finally {
      setBusy(false)
    }
  }

  const backLink = (
    <Text size="sm" ta="center">
      Remember Password?{' '}
      <Anchor component="button" type="button" onClick={onBackToLogin}>
        Login
      </Anchor>
    </Text>
  )
  const feedback = feedbackState && (
    <Alert
      color={feedbackState.isError ? 'red' : 'teal'}
      variant="light"
      role={feedbackState.isError ? 'alert' : 'status'}
    >
      {feedbackState.text}
    </Alert>
  )

  if (step === 'reset') {
    return (
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <Stack gap="md">
          <Title order={2}>Password Reset</Title>
          <Alert color="teal" variant="light" role="status">
            {feedbackState?.text ?? messages.passwordReset}
          </Alert>
          <Button onClick={onBackToLogin} fullWidth size="md">
            Back to Login
          </Button>
        </Stack>
      </Paper>
    )
  }

  if (step === 'otp') {
    return (
      <Paper component="form" onSubmit={reset} withBorder shadow="sm" p="xl" radius="lg" noValidate>
        <Stack gap="md">
          <div>
            <Title order={2}>Verify OTP & Reset</Title>
            <Text c="dimmed" size="sm">
              {codeSentTo(identifier.trim())} Enter it and choose a new password.
            </Text>
          </div>
          {feedback}
          <TextInput
            label="OTP"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={otp}
            onChange={(e) => setOtp(e.currentTarget.value.replace(/\D/g, ''))}
            autoFocus
          />
          <PasswordInput
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth size="md" disabled={busy}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </Button>
          {backLink}
        </Stack>
      </Paper>
    )
  }

  return (
    <Paper component="form" onSubmit={sendOtp} withBorder shadow="sm" p="xl" radius="lg" noValidate>
      <Stack gap="md">
        <div>
          <Title order={2}>Forgot Password</Title>
          <Text c="dimmed" size="sm">
            Enter your email or mobile number and we will send you a one-time password.
          </Text>
        </div>
        {feedback}
        <TextInput
          label="Email or Mobile"
          name="identifier"
          autoComplete="username"
          required
          value={identifier}
          onChange={(e) => setIdentifier(e.currentTarget.value)}
          autoFocus
        />
        <Button type="submit" fullWidth size="md" disabled={busy}>
          {busy ? 'Sending...' : 'Send OTP'}
        </Button>
        {backLink}
      </Stack>
    </Paper>
  )
}
