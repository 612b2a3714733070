import { z } from 'zod'

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
  invalidCredentials: 'Invalid credentials.',
  otpSent: 'If an account exists for this identifier, an OTP has been sent to it.',
  otpInvalid: 'OTP is incorrect or has expired.',
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

export const forgotPasswordInput = z.object({ identifier })

export const resetPasswordInput = z.object({
  identifier,
  otp: z
    .string()
    .trim()
    .min(1, messages.otpRequired)
    .regex(/^\d{6}$/, messages.otpInvalid),
  newPassword,
})
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>

export const logoutInput = z.discriminatedUnion('option', [
  z.object({ option: z.literal('this'), refreshToken: z.string().min(1).max(200) }),
  z.object({ option: z.literal('all'), refreshToken: z.string().max(200).optional() }),
])
export type LogoutInput = z.infer<typeof logoutInput>

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Current password is required.').max(MAX_PASSWORD_LENGTH),
  newPassword,
})

/** The web forms ask for the new password twice; the API takes it once. */
export const newPasswordPair = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: messages.passwordsDoNotMatch, path: ['confirmPassword'] })
    } else if (value.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: messages.passwordTooShort, path: ['newPassword'] })
    } else if (value.newPassword.length > MAX_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: messages.passwordTooLong, path: ['newPassword'] })
    }
  })

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
