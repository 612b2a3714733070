import { z } from 'zod'
import { challengeTokenField, MAX_PASSWORD_LENGTH, messages, tokenPair } from './auth.ts'
import { idToMessage, instant } from './contract.ts'
import { endpoint } from './http.ts'

/*
 * Passkeys (WebAuthn): registered from the profile's Security tab, used on the sign-in page instead of
 * the password and the code. Discoverable credentials with user verification, so one passkey is both
 * factors (docs/security.md, "V6 Authentication"; docs/decisions.md, "Passkeys").
 */

/** How many passkeys one account may hold: a phone, a laptop, a security key or two. */
export const MAX_PASSKEYS_PER_USER = 10
/** How long the browser may take to ask for the passkey. */
export const PASSKEY_CEREMONY_SECONDS = 300

export const passkeyMessages = {
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 60 characters.',
  added: 'Passkey added.',
  removed: 'Passkey removed.',
  notVerified: 'The passkey could not be verified. Please try again.',
  unknown: 'This passkey is not registered with Daftar. Sign in with your password.',
  alreadyRegistered: 'This passkey is already registered.',
  tooMany: `An account can hold at most ${MAX_PASSKEYS_PER_USER} passkeys. Remove one first.`,
  expired: 'The passkey request has expired. Please try again.',
  passwordIncorrect: 'Password is incorrect.',
  notFound: 'Passkey not found.',
} as const

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Not a WebAuthn value.')

/** What the browser's WebAuthn call answers, as JSON (every binary field base64url), within sizes. */
const credentialFields = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}

export const registrationCredential = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    attestationObject: base64url(32_768).min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: base64url(16_384).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
})

export const authenticationCredential = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    authenticatorData: base64url(16_384).min(1),
    signature: base64url(2048).min(1),
    userHandle: base64url(256).optional(),
  }),
})

export const passkeyName = z
  .string()
  .trim()
  .min(1, passkeyMessages.nameRequired)
  .max(60, passkeyMessages.nameTooLong)

export const passkeySummary = z.object({
  passkey_id: z.guid(),
  name: z.string(),
  created_at: instant,
  last_used_at: instant.nullable(),
})
export type PasskeySummary = z.infer<typeof passkeySummary>

/** The options the browser's WebAuthn call takes, and the token that names this ceremony. */
export const passkeyCeremony = z.object({
  challengeToken: z.string(),
  options: z.record(z.string(), z.unknown()),
})

/** Adding a passkey asks for the password again: a session alone must not plant a lasting way in. */
export const passkeyRegistrationOptionsInput = z.object({
  password: z.string().min(1, messages.passwordRequired).max(MAX_PASSWORD_LENGTH),
})
/** The 'Add a passkey' dialog: a name to know it by, and the password. */
export const addPasskeyForm = passkeyRegistrationOptionsInput.extend({ name: passkeyName })
export const addPasskeyInput = z.object({
  challengeToken: challengeTokenField,
  name: passkeyName,
  credential: registrationCredential,
})
export const passkeySignInInput = z.object({
  challengeToken: challengeTokenField,
  credential: authenticationCredential,
})

export const passkeyEndpoints = {
  list: endpoint('GET', '/auth/passkeys', { response: { 200: z.array(passkeySummary) } }),
  registrationOptions: endpoint('POST', '/auth/passkeys/registration-options', {
    body: passkeyRegistrationOptionsInput,
    response: { 200: passkeyCeremony },
  }),
  add: endpoint('POST', '/auth/passkeys', { body: addPasskeyInput, response: { 201: passkeySummary } }),
  remove: endpoint('DELETE', '/auth/passkeys/:id', idToMessage),
  /** Public: the sign-in page asks for any passkey of this site (discoverable credentials). */
  signInOptions: endpoint('POST', '/auth/passkeys/sign-in-options', { response: { 200: passkeyCeremony } }),
  signIn: endpoint('POST', '/auth/passkeys/sign-in', {
    body: passkeySignInInput,
    response: { 200: tokenPair },
  }),
}
