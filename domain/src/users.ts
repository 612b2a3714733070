import { z } from 'zod'
import { invalidGstin, isValidGstin } from './gstin.ts'
import { invalidIfsc, isValidIfsc } from './indian-ids.ts'

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const PHOTO_COMPRESSED_MAX_MB = 0.5
export const PHOTO_MAX_DIMENSION = 512
export const PHOTO_MIN_CROP = 50
export const PHOTO_ACCEPTED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/jpg',
  'image/svg+xml',
  'image/webp',
] as const

export const userMessages = {
  invalidPhoto: 'Invalid file. Use PNG, JPG, SVG, or WebP under 10MB.',
  photoProcessingFailed: 'Error processing image. Please try another one.',
  saveConfirm: 'Save changes to your profile?',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'An error occurred while updating the profile',
  fullNameRequired: 'Full name is required.',
  onlyYourOwnProfile: 'You can only edit your own profile.',
  photoTooLarge: 'Display photo must be at most 10MB.',
  photoNotImage: 'Display photo must be a PNG, JPG or WebP image.',
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

/** The user as every endpoint returns it. */
export interface User {
  user_id: string
  username: string
  full_name: string
  designation: string | null
  employee_id: string | null
  display_photo: string | null
  isadmin: boolean
  is_accountant: boolean
}

export interface CurrentUser extends User {
  email: string | null
  mobile: string | null
  orgName: string
  orgUserLimit: number | null
  orgCurrentUserCount: number
}

export interface AdminUser extends User {
  email: string | null
  mobile: string | null
  is_active: boolean
  created_at: string
}

export const adminUserUpdateInput = z
  .object({
    isadmin: z.boolean(),
    is_accountant: z.boolean(),
    is_active: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update.')

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
export type OrganisationBilling = { [K in keyof typeof organisationBillingFields]: string | null }

export const organisationUpdateInput = z.object({
  name: z.string().trim().min(1, 'Organisation name is required.').max(120),
  ...organisationBillingFields,
})

/** A null limit means the provider has set none. */
export function userLimitReached(limit: number | null, count: number): boolean {
  return limit !== null && count >= limit
}

export function userLimitMessage(limit: number, orgName: string): string {
  return `User limit of ${limit} has been reached for ${orgName}. You can save the employee record, but you cannot create a new login account. Please contact the provider's support to extend your limit.`
}
