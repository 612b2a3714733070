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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/*
 * Who is who: organisations, their login accounts and their sessions. Every layer needs them (the
 * auth guard, the register tables' created_by), so they live here, below the modules, which re-export
 * them (docs/architecture.md, "Server").
 */

export const organisations = pgTable(
  'organisations',
  {
    orgId: uuid('org_id').primaryKey().defaultRandom(),
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
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    userId: uuid('user_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.orgId),
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
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    index('users_org_idx').on(t.orgId, t.username),
  ],
)

/** One signed-in device. Access tokens carry its id, so revoking it ends access at once. */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: uuid('session_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
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
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

export const passwordResets = pgTable(
  'password_resets',
  {
    resetId: uuid('reset_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
)

/**
 * A user's TOTP authenticator (docs/security.md, "V6 Authentication"). The secret is sealed with a key
 * derived from a server secret; `enabledAt` is null while setup waits for its first code. The last time
 * step a code was accepted for is kept, so no code is accepted twice.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.userId),
  orgId: uuid('org_id').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Single-use recovery codes, as keyed digests; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeId: uuid('code_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    challengeId: uuid('challenge_id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    purpose: text('purpose', { enum: ['VERIFY', 'SETUP'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    signInId: uuid('sign_in_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id'),
    /** Null for an identifier that names no account: recorded all the same, so both take the same work. */
    userId: uuid('user_id').references(() => users.userId),
    outcome: text('outcome', { enum: signInOutcomes }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** 'Chrome on Linux': the browser and system the user agent names. */
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    passkeyId: uuid('passkey_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    orgId: uuid('org_id').notNull(),
    /** base64url, as the browser names the credential. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    rpId: text('rp_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
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
    challengeId: uuid('challenge_id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    challenge: text('challenge').notNull(),
    userId: uuid('user_id').references(() => users.userId),
    purpose: text('purpose', { enum: ['REGISTER', 'SIGN_IN'] }).notNull(),
    rpId: text('rp_id').notNull(),
    origin: text('origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_token_key').on(t.tokenHash),
    index('passkey_challenges_expiry_idx').on(t.expiresAt),
  ],
)
