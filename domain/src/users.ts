import { z } from 'zod'
import { changePasswordInput } from './auth.ts'
import { idTo, idToMessage, instant, labelled, pageOf } from './contract.ts'
import { invalidGstin, isValidGstin } from './gstin.ts'
import { endpoint } from './http.ts'
import { invalidIfsc, isValidIfsc } from './indian-ids.ts'

/** Who can open Accounts, an organisation setting (admin settings); 'EVERYONE' is the spec's behaviour. */
export const { values: accountsAccessOptions, labels: accountsAccessLabels } = labelled([
  ['EVERYONE', 'Everyone'],
  ['ADMINS_AND_ACCOUNTANTS', 'Admins and accountants only'],
])
export type AccountsAccess = (typeof accountsAccessOptions)[number]

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const PHOTO_COMPRESSED_MAX_MB = 0.5
export const PHOTO_MAX_DIMENSION = 512
/**
 * What the server keeps: the browser sends the photo compressed to about 0.5 MB and 512 px, so a
 * larger upload did not come from the app; 1 MB leaves room for the compressor's overshoot.
 */
export const PHOTO_STORED_MAX_BYTES = 1024 * 1024
export const PHOTO_MIN_CROP = 50
export const PHOTO_ACCEPTED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/jpg',
  'image/svg+xml',
  'image/webp',
] as const
/**
 * What the server stores, judged by the file's bytes: the web converts every chosen photo (SVG too)
 * to WebP before it sends it, so a stored photo is never a script-capable SVG.
 */
export const PHOTO_STORED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const

export const userMessages = {
  invalidPhoto: 'Invalid file. Use PNG, JPG, SVG, or WebP under 10MB.',
  photoProcessingFailed: 'Error processing image. Please try another one.',
  saveConfirm: 'Save changes to your profile?',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'An error occurred while updating the profile',
  fullNameRequired: 'Full name is required.',
  onlyYourOwnProfile: 'You can only edit your own profile.',
  photoTooLarge: 'Display photo must be at most 1 MB once compressed.',
  photoNotImage: 'Display photo must be a PNG, JPG or WebP image.',
  userNotFound: 'User not found.',
} as const

export const adminMessages = {
  userUpdated: 'User updated.',
  organisationUpdated: 'Organisation updated.',
  organisationNameRequired: 'Organisation name is required.',
  notYourself: 'You cannot remove your own admin rights or deactivate yourself.',
  lastAdmin: 'An organisation needs at least one active admin.',
  onlyAdmins: 'Only administrators can change users.',
  nothingToUpdate: 'Nothing to update.',
} as const

export const fullName = z.string().trim().min(1, userMessages.fullNameRequired).max(120)

export const profileUpdateInput = z.object({
  full_name: fullName,
  remove_display_photo: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

export function isAcceptedPhoto(file: { type: string; size: number }): boolean {
  return (PHOTO_ACCEPTED_TYPES as readonly string[]).includes(file.type) && file.size <= PHOTO_MAX_BYTES
}

/**
 * The user as every endpoint returns it. The answers below are the only user fields that leave the
 * server: a route serialises through them, so a secret of the row (the password hash) is stripped even
 * if a service returned the whole row (docs/architecture.md, "One contract").
 */
export const userSummary = z.object({
  user_id: z.string(),
  username: z.string(),
  full_name: z.string(),
  designation: z.string().nullable(),
  employee_id: z.string().nullable(),
  display_photo: z.string().nullable(),
  isadmin: z.boolean(),
  is_accountant: z.boolean(),
})
export type User = z.infer<typeof userSummary>

/** GET /users/me: the signed-in user, the version its profile edit sends back, and the organisation's limit. */
export const currentUser = userSummary.extend({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  version: z.number().int(),
  orgName: z.string(),
  orgUserLimit: z.number().int().nullable(),
  orgCurrentUserCount: z.number().int(),
  /** Whether the sidebar offers Accounts: the organisation's 'Who can open Accounts' and the user's role. */
  can_open_accounts: z.boolean(),
})
export type CurrentUser = z.infer<typeof currentUser>

/** PUT /users/:id. */
export const profileUpdateResponse = z.object({ message: z.string(), user: userSummary })

/** A user as the admin settings list it, with the version its access change sends back. */
export const adminUser = userSummary.extend({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  is_active: z.boolean(),
  created_at: instant,
  version: z.number().int(),
})
export type AdminUser = z.infer<typeof adminUser>

/** PUT /admin/users/:id. */
export const adminUserUpdateResponse = z.object({ message: z.string(), user: adminUser })

export const adminUserUpdateInput = z
  .object({
    isadmin: z.boolean(),
    is_accountant: z.boolean(),
    is_active: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, adminMessages.nothingToUpdate)
export type AdminUserUpdate = z.infer<typeof adminUserUpdateInput>

/**
 * The flags an admin may not take from themself (their admin right, their active state), so that an
 * organisation always keeps an admin who can undo a mistake (docs/product.md, "Who may use what").
 */
export const selfLockedFlags = ['isadmin', 'is_active'] as const satisfies readonly (keyof AdminUserUpdate)[]

/** True when the change would take one of `selfLockedFlags` from the admin making it. */
export function removesOwnAdminRights(change: AdminUserUpdate): boolean {
  return selfLockedFlags.some((flag) => change[flag] === false)
}

/** GET /admin/users: page and search (name, username, email or mobile); active users first, by name. */
export const adminUserListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  searchQuery: z.string().trim().max(200).optional().default(''),
})
export const adminUserList = pageOf('users', adminUser)
export type AdminUserList = z.infer<typeof adminUserList>

/** An optional organisation field: absent leaves it as it is, blank clears it. */
const orgField = (max: number, valid?: (v: string) => boolean, message = 'Invalid value.') =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v?.trim() ? v.trim() : null))
    .refine((v) => v === undefined || v === null || !valid || valid(v), message)

/** What invoices print: the organisation's GSTIN, address, bank details and UPI id (all optional). */
export const organisationBillingFields = {
  gstin: orgField(15, (v) => isValidGstin(v), invalidGstin).transform((v) =>
    typeof v === 'string' ? v.toUpperCase() : v,
  ),
  address: orgField(1000),
  bank_account_name: orgField(120),
  bank_name: orgField(120),
  bank_account_number: orgField(20, (v) => /^\d{9,18}$/.test(v), 'Invalid bank account number.'),
  bank_ifsc: orgField(11, isValidIfsc, invalidIfsc).transform((v) =>
    typeof v === 'string' ? v.toUpperCase() : v,
  ),
  bank_branch: orgField(120),
  upi_id: orgField(
    100,
    (v) => /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/.test(v),
    'Invalid UPI ID.',
  ),
}
/** The invoice details as the API answers them: the input's fields, each text or null. */
export const organisationBillingDetails = z.object(
  Object.fromEntries(
    Object.keys(organisationBillingFields).map((key) => [key, z.string().nullable()]),
  ) as Record<keyof typeof organisationBillingFields, z.ZodNullable<z.ZodString>>,
)
export type OrganisationBilling = z.infer<typeof organisationBillingDetails>

export const organisationUpdateInput = z.object({
  name: z.string().trim().min(1, adminMessages.organisationNameRequired).max(120),
  ...organisationBillingFields,
  /** Who can open Accounts; absent leaves it as it is. */
  accounts_access: z.enum(accountsAccessOptions, { error: 'Choose who can open Accounts.' }).optional(),
  /** Admins and accountants must use two-factor sign-in; absent leaves it as it is. */
  require_two_factor: z.boolean().optional(),
})

/** GET /admin/settings: the organisation with its user limit and invoice details (its users: GET /admin/users). */
export const adminSettings = z.object({
  organisation: organisationBillingDetails.extend({
    name: z.string(),
    accounts_access: z.enum(accountsAccessOptions),
    require_two_factor: z.boolean(),
    userLimit: z.number().int().nullable(),
    userCount: z.number().int(),
    version: z.number().int(),
  }),
})
export type AdminSettings = z.infer<typeof adminSettings>

/** PUT /admin/organisation. */
export const organisationUpdateResponse = z.object({
  message: z.string(),
  organisation: organisationBillingDetails.extend({
    name: z.string(),
    accounts_access: z.enum(accountsAccessOptions),
    require_two_factor: z.boolean(),
    version: z.number().int(),
  }),
})

/** A null limit means the provider has set none. */
export function userLimitReached(limit: number | null, count: number): boolean {
  return limit !== null && count >= limit
}

export function userLimitMessage(limit: number, orgName: string): string {
  return `User limit of ${limit} has been reached for ${orgName}. You can save the employee record, but you cannot create a new login account. Please contact the provider's support to extend your limit.`
}

export const userEndpoints = {
  /** Active users of the organisation, for pickers and the user menu. */
  list: endpoint('GET', '/users', { response: { 200: z.array(userSummary) } }),
  me: endpoint('GET', '/users/me', { response: { 200: currentUser } }),
  /** One's own profile: multipart, with an optional `display_photo` file. */
  updateProfile: endpoint('PUT', '/users/:id', idTo(profileUpdateResponse), {
    multipart: profileUpdateInput,
    files: ['display_photo'],
  }),
  changePassword: endpoint('PUT', '/users/:id/change-password', {
    ...idToMessage,
    body: changePasswordInput,
  }),
}

/** The admin settings: organisation, users' flags and active state (admins only). */
export const adminEndpoints = {
  settings: endpoint('GET', '/admin/settings', { response: { 200: adminSettings } }),
  updateOrganisation: endpoint('PUT', '/admin/organisation', {
    body: organisationUpdateInput,
    response: { 200: organisationUpdateResponse },
  }),
  users: endpoint('GET', '/admin/users', {
    querystring: adminUserListQuery,
    response: { 200: adminUserList },
  }),
  updateUser: endpoint('PUT', '/admin/users/:id', {
    ...idTo(adminUserUpdateResponse),
    body: adminUserUpdateInput,
  }),
}
