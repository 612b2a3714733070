import { z } from 'zod'
import { panField } from './clients.ts'
import { idTo, instant, optionalChoice, pageOf, registerDetailTail, requiredText } from './contract.ts'
import { exportEndpoint } from './export-query.ts'
import { endpoint } from './http.ts'
import { AADHAAR_LENGTH, invalidAadhaar, isValidAadhaar } from './indian-ids.ts'
import {
  bothWays,
  calendarDayOrDateTime,
  optionalText,
  registerChangeEndpoint,
  registerListQuery,
  registerReadEndpoints,
  registerWriteEndpoints,
} from './registers.ts'
import { ifscField } from './suppliers.ts'

export const employeeMessages = {
  fullNameRequired: 'Employee full name is required.',
  officialIdRequired: 'Employee Official ID is required.',
  officialIdTaken: 'An employee with this Employee Official ID already exists.',
  loginFieldsRequired: 'Username, Password, and Mobile are required to create a login account.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  invalidUsername: 'Username may use letters, digits, dot, dash and underscore, and must contain a letter.',
  notFound: 'Employee not found.',
  deactivating: 'Deactivating employee...',
  alreadyActive: 'The employee is already active.',
  alreadyInactive: 'The employee is already inactive.',
} as const

export const EMPLOYEE_PASSWORD_MIN = 6
export const genders = ['Male', 'Female', 'Other', 'Prefer not to say'] as const
export const maritalStatuses = ['Single', 'Married', 'Divorced', 'Widowed'] as const

export const employeeSorts = [
  ...bothWays('name'),
  ...bothWays('employee_official_id'),
  ...bothWays('department'),
  'last_updated',
  ...bothWays('joining_date'),
] as const
export type EmployeeSort = (typeof employeeSorts)[number]
export const employeeListQuery = registerListQuery(employeeSorts, 'name_asc')

/**
 * A value shown masked ('••••••••1234'), or not sent at all, stands for "keep what is stored": it
 * parses to undefined. Blank clears the number.
 */
const keepsStored = (v: string | null | undefined) => v === undefined || Boolean(v?.includes('•'))

/** Aadhaar: 12 digits with a valid Verhoeff check digit; a masked value keeps the stored number. */
export const aadhaarField = z
  .string()
  .max(20, invalidAadhaar)
  .nullish()
  .transform((v, ctx) => {
    if (keepsStored(v)) return undefined
    const digits = v?.replace(/\s/g, '') ?? ''
    if (!digits) return null
    if (digits.length !== AADHAAR_LENGTH || !isValidAadhaar(digits)) {
      ctx.addIssue({ code: 'custom', message: invalidAadhaar })
      return z.NEVER
    }
    return digits
  })

/** A bank account number: digits only; a masked value keeps the stored number. */
export const accountNumberField = z
  .string()
  .max(34)
  .nullish()
  .transform((v, ctx) => {
    if (keepsStored(v)) return undefined
    const digits = v?.replace(/\s/g, '') ?? ''
    if (!digits) return null
    if (!/^\d{6,20}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: 'Invalid bank account number.' })
      return z.NEVER
    }
    return digits
  })

/** The proposed data of an EMPLOYEE action: the employee's editable fields. */
export const employeeData = z
  .object({
    full_name: requiredText(employeeMessages.fullNameRequired, 200),
    employee_official_id: requiredText(employeeMessages.officialIdRequired, 60),
    designation: optionalText(120),
    department: optionalText(120),
    joining_date: calendarDayOrDateTime,
    contact_phone: optionalText(40),
    contact_email: optionalText(254),
    personal_phone_no: optionalText(40),
    current_address: optionalText(1000),
    permanent_address: optionalText(1000),
    gender: optionalChoice(genders),
    blood_group: optionalText(10),
    qualification: optionalText(200),
    father_name: optionalText(200),
    mother_name: optionalText(200),
    marital_status: optionalChoice(maritalStatuses),
    spouse_name: optionalText(200),
    aadhar_no: aadhaarField,
    pan_no: panField,
    uan_no: optionalText(20),
    bank_details: z
      .object({
        account_no: accountNumberField,
        ifsc_code: ifscField,
        bank_name: optionalText(120),
        branch_name: optionalText(120),
      })
      .nullish()
      // Not sent at all: the stored account number stays, like a masked one.
      .transform((v) => v ?? { account_no: undefined, ifsc_code: null, bank_name: null, branch_name: null }),
    previous_work_details: z
      .object({
        previous_id: optionalText(60),
        company_name: optionalText(200),
        contact_no: optionalText(40),
      })
      .nullish()
      .transform((v) => v ?? { previous_id: null, company_name: null, contact_no: null }),
    notes: optionalText(5000),
  })
  // Spouse's name belongs to married employees only.
  .transform((v) => (v.marital_status === 'Married' ? v : { ...v, spouse_name: null }))
export type EmployeeData = z.output<typeof employeeData>

const username = z
  .string()
  .trim()
  .max(40)
  .refine((v) => !v || /^(?=.*[A-Za-z])[A-Za-z0-9._-]{3,40}$/.test(v), employeeMessages.invalidUsername)

/**
 * The login-account fields of POST /employees: when `createUserAccount` is set, a login account for
 * the new employee (docs/product.md, "Employees"), checked in that order.
 */
export const employeeLoginInput = z
  .object({
    createUserAccount: z.boolean().optional().default(false),
    username: username.nullish(),
    email: z.string().trim().max(254).nullish(),
    mobile: z.string().trim().max(20).nullish(),
    password: z.string().max(128).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.createUserAccount) return
    if (!v.username || !v.password || !v.mobile)
      ctx.addIssue({ code: 'custom', message: employeeMessages.loginFieldsRequired, path: ['username'] })
    else if (v.password.length < EMPLOYEE_PASSWORD_MIN)
      ctx.addIssue({ code: 'custom', message: employeeMessages.passwordTooShort, path: ['password'] })
    else if (v.email && !z.email().safeParse(v.email).success)
      ctx.addIssue({ code: 'custom', message: 'Enter a valid email address.', path: ['email'] })
  })
  .transform((v) => ({
    login_account: v.createUserAccount
      ? { username: v.username!, email: v.email || null, mobile: v.mobile!, password: v.password! }
      : null,
  }))
export type NewEmployeeLogin = NonNullable<z.output<typeof employeeLoginInput>['login_account']>

/** POST /employees: the employee's fields and the optional login account. */
export const employeeCreateInput = z.intersection(employeeData, employeeLoginInput)

/**
 * The proposed data of an EMPLOYEE create: the employee and the login account to create on approval,
 * its password already hashed by the server (a request never stores a password).
 */
export const employeeRequestData = z.intersection(
  employeeData,
  z.object({
    login_account: z
      .object({
        username: z.string(),
        email: z.string().nullable(),
        mobile: z.string(),
        password_hash: z.string(),
      })
      .nullable()
      .optional(),
  }),
)
export type EmployeeRequestData = z.output<typeof employeeRequestData>

export const activateEmployeeInput = z.object({ activate: z.boolean() })

const text = z.string().nullable()

export const employeeListItem = z.object({
  employee_id: z.string(),
  full_name: z.string(),
  employee_official_id: z.string(),
  department: text,
  contact_phone: text,
  contact_email: text,
  is_active: z.boolean(),
  updated_at: instant,
})
export type EmployeeListItem = z.infer<typeof employeeListItem>
export const employeeList = pageOf('employees', employeeListItem)

/** GET /employees/{id}: Aadhaar and the bank account number only masked (the reveal is separate). */
export const employeeDetail = z.object({
  employee_id: z.string(),
  full_name: z.string(),
  employee_official_id: z.string(),
  designation: text,
  department: text,
  joining_date: z.iso.date().nullable(),
  contact_phone: text,
  contact_email: text,
  personal_phone_no: text,
  current_address: text,
  permanent_address: text,
  gender: z.enum(genders).nullable(),
  blood_group: text,
  qualification: text,
  father_name: text,
  mother_name: text,
  marital_status: z.enum(maritalStatuses).nullable(),
  spouse_name: text,
  aadhar_no: text,
  pan_no: text,
  uan_no: text,
  bank_details: z.object({ account_no: text, ifsc_code: text, bank_name: text, branch_name: text }),
  previous_work_details: z.object({ previous_id: text, company_name: text, contact_no: text }),
  notes: text,
  is_active: z.boolean(),
  linked_username: text,
  /** An activate or deactivate request waits for approval: the page offers no second one. */
  state_request_pending: z.boolean(),
  ...registerDetailTail,
})
export type EmployeeDetail = z.infer<typeof employeeDetail>

/** The admin's audited reveal of an employee's masked numbers. */
export const employeeSensitive = z.object({ aadhar_no: text, bank_account_no: text })

export const employeeEndpoints = {
  ...registerReadEndpoints('/employees', employeeListQuery, employeeList, employeeDetail),
  old: endpoint('GET', '/employees/old', { querystring: employeeListQuery, response: { 200: employeeList } }),
  oldExport: exportEndpoint('/employees/old/export', employeeListQuery),
  /** An admin's reveal of the Aadhaar and bank account numbers (audited). */
  sensitive: endpoint('GET', '/employees/:id/sensitive', idTo(employeeSensitive)),
  ...registerWriteEndpoints('/employees', employeeRequestData, employeeCreateInput),
  activate: registerChangeEndpoint('/employees/:id/activate', activateEmployeeInput),
}
