import { accountsAccessOptions, type PaymentReminderSettings, signInOutcomes } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  type ReferenceConfig,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  createdAt,
  generatedId,
  orgId,
  parentRef,
  timestamps,
  timestamptz,
  version,
} from '../db/column-types.ts'

/*
 * Who is who: organisations, their login accounts and their sessions. Every layer needs them (the
 * auth guard, the register tables' created_by), so they live here, below the modules, which re-export
 * them (docs/architecture.md, "Server").
 */

export const organisations = pgTable(
  'organisations',
  {
    orgId: generatedId('org_id'),
    name: text('name').notNull(),
    /** Login accounts the provider allows; null means no limit. */
    userLimit: integer('user_limit'),
    /** What invoices print (admin settings): GSTIN, address, bank details, UPI id. */
    gstin: text('gstin'),
    address: text('address'),
    bankAccountName: text('bank_account_name'),
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number'),
    bankIfsc: text('bank_ifsc'),
    bankBranch: text('bank_branch'),
    upiId: text('upi_id'),
    /** Who can open Accounts (admin settings): everyone, or admins and accountants only. */
    accountsAccess: text('accounts_access', { enum: accountsAccessOptions }).notNull().default('EVERYONE'),
    /** Admins and accountants must sign in with a second factor (admin settings). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** Payment reminders to clients (admin settings); null: the defaults (docs/decisions.md, "Payment reminders"). */
    paymentReminders: jsonb('payment_reminders').$type<PaymentReminderSettings>(),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    check(
      'organisations_accounts_access_check',
      sql`${t.accountsAccess} in ('EVERYONE', 'ADMINS_AND_ACCOUNTANTS')`,
    ),
  ],
)

/**
 * Login accounts. Email, mobile and username are unique across organisations because sign-in has no
 * organisation field: an identifier must name one account (docs/decisions.md).
 */
export const users = pgTable(
  'users',
  {
    userId: generatedId('user_id'),
    orgId: orgId().references(() => organisations.orgId),
    username: text('username').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    fullName: text('full_name').notNull(),
    designation: text('designation'),
    employeeId: uuid('employee_id'),
    displayPhoto: text('display_photo'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('isadmin').notNull().default(false),
    isAccountant: boolean('is_accountant').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    index('users_org_idx').on(t.orgId, t.username),
  ],
)

/** A link to a login account; `.notNull()` where the row cannot be without one. */
export function userRef(name: string, actions?: ReferenceConfig['actions']) {
  return uuid(name).references(() => users.userId, actions)
}

/** A secret that is good once and for a short time: until when, when it was used, when it was made. */
function singleUse() {
  return {
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  }
}

/** One signed-in device. Access tokens carry its id, so revoking it ends access at once. */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: generatedId('session_id'),
    orgId: orgId(),
    userId: userRef('user_id').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * Every refresh token a session has been given, stored as a SHA-256 hash. The newest is live; a rotated
 * one presented again means it was stolen, and the whole session is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: parentRef('session_id', () => sessions.sessionId),
    createdAt: createdAt(),
    rotatedAt: timestamptz('rotated_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

export const passwordResets = pgTable(
  'password_resets',
  {
    resetId: generatedId('reset_id'),
    orgId: orgId(),
    userId: userRef('user_id').notNull(),
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ...singleUse(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
)

/**
 * A user's TOTP authenticator (docs/security.md, "V6 Authentication"). The secret is sealed with a key
 * derived from a server secret; `enabledAt` is null while setup waits for its first code. The last time
 * step a code was accepted for is kept, so no code is accepted twice.
 */
export const twoFactor = pgTable('two_factor', {
  userId: userRef('user_id').primaryKey(),
  orgId: orgId(),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamptz('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
})

/** Single-use recovery codes, as keyed digests; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeId: generatedId('code_id'),
    userId: userRef('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
)

/**
 * The step between a right password and a session when a second factor is on or must be set up: a
 * short-lived token (stored hashed) for one purpose and one user, used once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    challengeId: generatedId('challenge_id'),
    tokenHash: text('token_hash').notNull(),
    userId: userRef('user_id').notNull(),
    purpose: text('purpose', { enum: ['VERIFY', 'SETUP'] }).notNull(),
    ...singleUse(),
  },
  (t) => [
    uniqueIndex('login_challenges_token_key').on(t.tokenHash),
    index('login_challenges_user_idx').on(t.userId),
  ],
)

/**
 * Every sign-in attempt on an account, good or bad: the user's last 20 are shown to them, and a
 * success from a device and address never seen succeed before sends them a mail.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    signInId: generatedId('sign_in_id'),
    orgId: uuid('org_id'),
    /** Null for an identifier that names no account: recorded all the same, so both take the same work. */
    userId: userRef('user_id'),
    outcome: text('outcome', { enum: signInOutcomes }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** 'Chrome on Linux': the browser and system the user agent names. */
    device: text('device').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_ins_user_idx').on(t.userId, t.createdAt),
    index('sign_ins_known_device_idx').on(t.userId, t.device, t.ip).where(sql`${t.outcome} = 'SUCCESS'`),
  ],
)

/**
 * A passkey (WebAuthn credential) of a user: its id and public key as the authenticator gave them,
 * the signature counter it last showed, and the site (RP ID) it was made for (docs/decisions.md,
 * "Passkeys").
 */
export const passkeys = pgTable(
  'passkeys',
  {
    passkeyId: generatedId('passkey_id'),
    userId: userRef('user_id').notNull(),
    orgId: orgId(),
    /** base64url, as the browser names the credential. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    rpId: text('rp_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * One WebAuthn ceremony: the challenge the browser must sign, named by a token (stored hashed) that
 * the page sends back, used once. Sign-in ceremonies belong to no user until a passkey answers.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challengeId: generatedId('challenge_id'),
    tokenHash: text('token_hash').notNull(),
    challenge: text('challenge').notNull(),
    userId: userRef('user_id'),
    purpose: text('purpose', { enum: ['REGISTER', 'SIGN_IN'] }).notNull(),
    rpId: text('rp_id').notNull(),
    origin: text('origin').notNull(),
    ...singleUse(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_token_key').on(t.tokenHash),
    index('passkey_challenges_expiry_idx').on(t.expiresAt),
  ],
)
