import { z } from 'zod'
import { toMessage } from './contract.ts'
import { endpoint } from './http.ts'

export const MIN_PASSWORD_LENGTH = 6
/** Long enough for any passphrase, short enough that hashing it cannot be used to exhaust the server. */
export const MAX_PASSWORD_LENGTH = 128
export const OTP_LENGTH = 6
export const OTP_TTL_MINUTES = 10
export const OTP_MAX_ATTEMPTS = 5

export const messages = {
  passwordsDoNotMatch: 'New passwords do not match.',
  passwordTooShort: `New password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  identifierRequired: 'Email or mobile is required.',
  otpRequired: 'OTP is required.',
  passwordRequired: 'Password is required.',
  currentPasswordRequired: 'Current password is required.',
  invalidCredentials: 'Invalid credentials.',
  otpSent: 'If an account exists for this identifier, an OTP has been sent to it.',
  otpInvalid: 'OTP is incorrect or has expired.',
  otpFormat: `OTP must be ${OTP_LENGTH} digits.`,
  otpTooManyTries: 'Too many incorrect attempts. Please request a new OTP.',
  passwordReset: 'Password has been reset successfully. You can now log in with your new password.',
  passwordChanged: 'Password changed successfully',
  currentPasswordIncorrect: 'Current password is incorrect.',
  accountDeactivated: 'Your account has been deactivated.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  loggedOut: 'Logged out successfully.',
  loggedOutAll: 'Logged out of all devices.',
} as const

const identifier = z.string().trim().min(1, messages.identifierRequired).max(254)

export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, messages.passwordTooLong)

export const loginInput = z.object({
  identifier,
  password: z
    .string()
    .min(1, messages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, messages.invalidCredentials),
})
export type LoginInput = z.infer<typeof loginInput>

export const refreshInput = z.object({ refreshToken: z.string().min(1).max(200) })

/** What sign-in and a refresh answer: the two tokens and nothing else (docs/security.md). */
export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() })
export type TokenPair = z.infer<typeof tokenPair>

/** How long the step between the password and the second factor may take (docs/security.md). */
export const CHALLENGE_TTL_MINUTES = 5
const challengeToken = z.string().min(1, 'The sign-in has expired. Please sign in again.').max(200)

/**
 * What sign-in answers: the tokens; or, with two-factor sign-in on, a challenge to answer with a code
 * (POST /auth/2fa/verify); or, when the organisation requires a second factor this user has not set
 * up, a challenge to set it up with (POST /auth/2fa/required-setup, then required-enable).
 */
export const loginAnswer = z.union([
  tokenPair,
  z.object({ twoFactorRequired: z.literal(true), challengeToken: z.string() }),
  z.object({ twoFactorSetupRequired: z.literal(true), challengeToken: z.string() }),
])
export type LoginAnswer = z.infer<typeof loginAnswer>
export { challengeToken as challengeTokenField }

export const forgotPasswordInput = z.object({ identifier })

const otp = z
  .string()
  .trim()
  .min(1, messages.otpRequired)
  .regex(/^\d{6}$/, messages.otpFormat)

export const resetPasswordInput = z.object({ identifier, otp, newPassword })
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>

export const logoutInput = z.discriminatedUnion('option', [
  z.object({ option: z.literal('this'), refreshToken: z.string().min(1).max(200) }),
  z.object({ option: z.literal('all'), refreshToken: z.string().max(200).optional() }),
])
export type LogoutInput = z.infer<typeof logoutInput>

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, messages.currentPasswordRequired).max(MAX_PASSWORD_LENGTH),
  newPassword,
})

/**
 * A form that asks for the new password twice, where the API takes it once: the request's own schema
 * and the confirmation, which must match ('New passwords do not match.'). The match is checked even
 * while the new password is still too short, so each field says what is wrong with it.
 */
function withConfirmation<Shape extends { newPassword: typeof newPassword }>(request: z.ZodObject<Shape>) {
  const matches = (value: unknown) => {
    const v = value as { newPassword?: unknown; confirmPassword?: unknown }
    return v.newPassword === v.confirmPassword
  }
  return request.extend({ confirmPassword: z.string() }).refine(matches, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: ({ value }) => typeof (value as { newPassword?: unknown })?.newPassword === 'string',
  })
}

/** The new password and its confirmation alone. */
export const newPasswordPair = withConfirmation(z.object({ newPassword }))
/** Forgot Password, step 2 ('Verify OTP & Reset'): the identifier was given in step 1. */
export const resetPasswordForm = withConfirmation(resetPasswordInput.omit({ identifier: true }))
/** The Change Password dialog. */
export const changePasswordForm = withConfirmation(changePasswordInput)

/** The sign-in and password endpoints; all but logout are public (no bearer token). */
export const authEndpoints = {
  login: endpoint('POST', '/auth/login', { body: loginInput, response: { 200: loginAnswer } }),
  refresh: endpoint('POST', '/auth/refresh-token', { body: refreshInput, response: { 200: tokenPair } }),
  forgotPassword: endpoint('POST', '/auth/forgot-password', { ...toMessage, body: forgotPasswordInput }),
  resetPassword: endpoint('POST', '/auth/reset-password', { ...toMessage, body: resetPasswordInput }),
  logout: endpoint('POST', '/auth/logout', { ...toMessage, body: logoutInput }),
}

/** Which of the three identifiers a login string is. Mobile numbers are digits with an optional +. */
export function identifierKind(value: string): 'email' | 'mobile' | 'username' {
  const v = value.trim()
  if (v.includes('@')) return 'email'
  if (/^\+?[\d\s-]{7,20}$/.test(v)) return 'mobile'
  return 'username'
}

/** Mobile numbers compare by their digits, so "+91 98765-43210" and "+919876543210" are one number. */
export function normaliseMobile(value: string): string {
  const trimmed = value.trim()
  const digits = trimmed.replace(/\D/g, '')
  return trimmed.startsWith('+') ? `+${digits}` : digits
}
