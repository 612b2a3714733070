import { z } from 'zod'
import { challengeTokenField, MAX_PASSWORD_LENGTH, messages, tokenPair } from './auth.ts'
import { idToMessage, instant, labelled, toMessage } from './contract.ts'
import { endpoint } from './http.ts'

/*
 * Two-factor sign-in (TOTP, RFC 6238), the signed-in devices and the sign-in history: the profile's
 * Security tab and the sign-in page's second step (docs/security.md, "V6 Authentication", "V7 Session
 * management").
 */

export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
export const RECOVERY_CODE_COUNT = 10
/** How many sign-ins the Security tab lists. */
export const SIGN_IN_HISTORY_LENGTH = 20

export const twoFactorMessages = {
  codeRequired: 'Code is required.',
  codeFormat: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`,
  signInCodeFormat: `Enter the ${TOTP_DIGITS}-digit code or a recovery code.`,
  codeInvalid: 'The code is incorrect or has already been used.',
  challengeExpired: 'The sign-in has expired. Please sign in again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  setupFirst: 'Start the setup again: no authenticator is waiting to be confirmed.',
  notOn: 'Two-factor sign-in is not on.',
  requiredByOrganisation: 'Your organisation requires two-factor sign-in for admins and accountants.',
  turnedOff: 'Two-factor sign-in is off.',
  passwordIncorrect: 'Password is incorrect.',
  sessionEnded: 'That device has been signed out.',
  othersEnded: 'Signed out of all other devices.',
} as const

/** A code from the authenticator app: six digits (spaces typed between them are dropped). */
export const totpCode = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, twoFactorMessages.codeRequired)
      .regex(/^\d{6}$/, twoFactorMessages.codeFormat),
  )

/** A recovery code as shown: ten letters and digits in two groups of five. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/

/** What the second step of sign-in takes: a code from the app, or one of the recovery codes. */
export const signInCode = z
  .string()
  .max(40, twoFactorMessages.signInCodeFormat)
  .transform((v) => v.replace(/\s/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, twoFactorMessages.codeRequired)
      .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), twoFactorMessages.signInCodeFormat),
  )

export const twoFactorSetup = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG document. */
  qr_svg: z.string(),
})
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>

export const enableTwoFactorInput = z.object({ code: totpCode })
export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) })

export const disableTwoFactorInput = z.object({
  password: z.string().min(1, messages.passwordRequired).max(MAX_PASSWORD_LENGTH),
  code: signInCode,
})

export const verifySignInInput = z.object({ challengeToken: challengeTokenField, code: signInCode })
export const requiredSetupInput = z.object({ challengeToken: challengeTokenField })
export const requiredEnableInput = z.object({ challengeToken: challengeTokenField, code: totpCode })
/** Setup finished at sign-in: the recovery codes to keep, and the session. */
export const requiredEnableAnswer = recoveryCodesAnswer.extend(tokenPair.shape)

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: instant.nullable(),
  recovery_codes_left: z.number().int(),
  /** The organisation requires it of this user (an admin or accountant): it cannot be turned off. */
  required: z.boolean(),
})
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>

export const sessionSummary = z.object({
  session_id: z.guid(),
  created_at: instant,
  last_used_at: instant,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** 'Chrome on Linux'. */
  device: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
})
export type SessionSummary = z.infer<typeof sessionSummary>

export const signOutOthersAnswer = z.object({ message: z.string(), signed_out: z.number().int() })

export const { values: signInOutcomes, labels: signInOutcomeLabels } = labelled([
  ['SUCCESS', 'Signed in'],
  ['WRONG_PASSWORD', 'Wrong password'],
  ['WRONG_CODE', 'Wrong code'],
  ['WRONG_PASSKEY', 'Passkey not verified'],
  ['LOCKED', 'Too many attempts'],
  ['DEACTIVATED', 'Account deactivated'],
])
export type SignInOutcome = (typeof signInOutcomes)[number]

export const signInRecord = z.object({
  signed_in_at: instant,
  outcome: z.enum(signInOutcomes),
  ip: z.string().nullable(),
  device: z.string(),
})
export type SignInRecord = z.infer<typeof signInRecord>

/** Two-factor sign-in. `verify` and the two `required…` steps are public: they carry a challenge token. */
export const twoFactorEndpoints = {
  status: endpoint('GET', '/auth/2fa', { response: { 200: twoFactorStatus } }),
  setup: endpoint('POST', '/auth/2fa/setup', { response: { 200: twoFactorSetup } }),
  enable: endpoint('POST', '/auth/2fa/enable', {
    body: enableTwoFactorInput,
    response: { 200: recoveryCodesAnswer },
  }),
  disable: endpoint('DELETE', '/auth/2fa', { ...toMessage, body: disableTwoFactorInput }),
  verify: endpoint('POST', '/auth/2fa/verify', { body: verifySignInInput, response: { 200: tokenPair } }),
  requiredSetup: endpoint('POST', '/auth/2fa/required-setup', {
    body: requiredSetupInput,
    response: { 200: twoFactorSetup },
  }),
  requiredEnable: endpoint('POST', '/auth/2fa/required-enable', {
    body: requiredEnableInput,
    response: { 200: requiredEnableAnswer },
  }),
}

/** The caller's own signed-in devices and sign-in history. */
export const sessionEndpoints = {
  list: endpoint('GET', '/auth/sessions', { response: { 200: z.array(sessionSummary) } }),
  end: endpoint('DELETE', '/auth/sessions/:id', idToMessage),
  endOthers: endpoint('POST', '/auth/sessions/sign-out-others', {
    response: { 200: signOutOthersAnswer },
  }),
  signIns: endpoint('GET', '/auth/sign-ins', { response: { 200: z.array(signInRecord) } }),
}
