import {
  type EmployeeRequestData,
  employeeCreateInput,
  employeeMessages,
  employeeRequestData,
  maskLastFour,
  type NewEmployeeLogin,
  normaliseMobile,
  userLimitMessage,
  userLimitReached,
} from '@daftar/domain'
import { eq, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { conflict, unprocessable } from '../../platform/errors.ts'
import { hashPassword } from '../../platform/passwords.ts'
import { identifierTaken, tableRegister } from '../../platform/register-table.ts'
import type { ApplyContext } from '../../platform/registers.ts'
import { revokeAllSessions } from '../auth/service.ts'
import { assertLoginAccountAvailable, countLoginAccounts, getOrganisation } from '../organisations/service.ts'
import { users } from '../users/schema.ts'
import { createLoginAccount } from '../users/service.ts'
import { employees } from './schema.ts'

type Row = typeof employees.$inferSelect

/** The employee's editable data from its row: the Aadhaar and account numbers only masked. */
function dataOf(row: Row) {
  return {
    full_name: row.fullName,
    employee_official_id: row.officialId,
    designation: row.designation,
    department: row.department,
    joining_date: row.joiningDate,
    contact_phone: row.contactPhone,
    contact_email: row.contactEmail,
    personal_phone_no: row.personalPhone,
    current_address: row.currentAddress,
    permanent_address: row.permanentAddress,
    gender: row.gender,
    blood_group: row.bloodGroup,
    qualification: row.qualification,
    father_name: row.fatherName,
    mother_name: row.motherName,
    marital_status: row.maritalStatus,
    spouse_name: row.spouseName,
    aadhar_no: maskLastFour(row.aadhaarNo),
    pan_no: row.panNo,
    uan_no: row.uanNo,
    bank_details: {
      account_no: maskLastFour(row.bankAccountNo),
      ifsc_code: row.bankIfsc,
      bank_name: row.bankName,
      branch_name: row.bankBranch,
    },
    previous_work_details: {
      previous_id: row.previousId,
      company_name: row.previousCompany,
      contact_no: row.previousContact,
    },
    notes: row.notes,
    is_active: row.isActive,
  }
}
export const presentEmployeeData = dataOf

/** Undefined (a masked number sent back) leaves the stored number as it is. */
function columnsOf(data: EmployeeRequestData) {
  return {
    fullName: data.full_name,
    officialId: data.employee_official_id,
    designation: data.designation,
    department: data.department,
    joiningDate: data.joining_date,
    contactPhone: data.contact_phone,
    contactEmail: data.contact_email,
    personalPhone: data.personal_phone_no,
    currentAddress: data.current_address,
    permanentAddress: data.permanent_address,
    gender: data.gender,
    bloodGroup: data.blood_group,
    qualification: data.qualification,
    fatherName: data.father_name,
    motherName: data.mother_name,
    maritalStatus: data.marital_status,
    spouseName: data.spouse_name,
    aadhaarNo: data.aadhar_no,
    panNo: data.pan_no,
    uanNo: data.uan_no,
    bankAccountNo: data.bank_details.account_no,
    bankIfsc: data.bank_details.ifsc_code,
    bankName: data.bank_details.bank_name,
    bankBranch: data.bank_details.branch_name,
    previousId: data.previous_work_details.previous_id,
    previousCompany: data.previous_work_details.company_name,
    previousContact: data.previous_work_details.contact_no,
    notes: data.notes,
  }
}

/** A new login account's identifiers must be free, and the organisation must have a place for it. */
async function assertLoginPossible(
  db: DbOrTx,
  orgId: string,
  login: { username: string; email: string | null; mobile: string },
) {
  const [taken] = await db
    .select({ username: users.username, email: users.email, mobile: users.mobile })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${login.username})`,
        login.email ? sql`lower(${users.email}) = lower(${login.email})` : undefined,
        eq(users.mobile, normaliseMobile(login.mobile)),
      ),
    )
    .limit(1)
  if (taken?.username.toLowerCase() === login.username.toLowerCase())
    throw conflict('Username is already taken.')
  if (taken?.mobile === normaliseMobile(login.mobile))
    throw conflict('Mobile number is already in use by another account.')
  if (taken) throw conflict('Email is already in use by another account.')
  const org = await getOrganisation(db, orgId)
  if (userLimitReached(org.userLimit, await countLoginAccounts(db, orgId)))
    throw unprocessable(userLimitMessage(org.userLimit!, org.name))
}

async function validate(db: DbOrTx, orgId: string, data: EmployeeRequestData, employeeId: string | null) {
  const taken = await identifierTaken(db, employees, employees.employeeId, employees.officialId, {
    orgId,
    value: data.employee_official_id,
    except: employeeId,
  })
  if (taken) throw conflict(employeeMessages.officialIdTaken)
  if (!employeeId && data.login_account) await assertLoginPossible(db, orgId, data.login_account)
}

/** Creates the login account of an approved (or an admin's) create, linked both ways. */
async function createLinkedLogin(tx: Tx, ctx: ApplyContext, employeeId: string, data: EmployeeRequestData) {
  const login = data.login_account
  if (!login) return
  const user = await createLoginAccount(
    tx,
    {
      orgId: ctx.orgId,
      username: login.username,
      fullName: data.full_name,
      email: login.email,
      mobile: login.mobile,
      password: { hash: login.password_hash },
      designation: data.designation,
      employeeId,
    },
    ctx.actorUserId,
  )
  await tx.update(employees).set({ linkedUserId: user.userId }).where(eq(employees.employeeId, employeeId))
}

/**
 * Deactivating an employee deactivates their login account and ends its sessions at once; activating
 * them again restores sign-in, within the organisation's user limit.
 */
async function followLogin(tx: Tx, ctx: ApplyContext, employeeId: string, active: boolean) {
  const [row] = await tx
    .select({ userId: employees.linkedUserId, isActive: users.isActive })
    .from(employees)
    .innerJoin(users, eq(users.userId, employees.linkedUserId))
    .where(eq(employees.employeeId, employeeId))
  if (!row?.userId || row.isActive === active) return
  if (active) await assertLoginAccountAvailable(tx, ctx.orgId)
  await tx
    .update(users)
    .set({ isActive: active, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.userId, row.userId))
  if (!active) await revokeAllSessions(tx, row.userId, 'deactivated')
}

/**
 * The create body (the output of employeeCreateInput) as the request's data: the login account's
 * password is hashed at once, so a request never stores a password.
 */
async function prepareCreate(db: DbOrTx, orgId: string, input: Record<string, unknown>) {
  const { login_account, ...employee } = input as z.output<typeof employeeCreateInput>
  const login = login_account as NewEmployeeLogin | null
  const data: EmployeeRequestData = {
    ...(employee as EmployeeRequestData),
    login_account: login && {
      username: login.username,
      email: login.email,
      mobile: login.mobile,
      password_hash: await hashPassword(login.password),
    },
  }
  await validate(db, orgId, data, null)
  return data
}

type LoginShown = { username: string; email: string | null; mobile: string }

/**
 * What the queue and the audit log show of a request: numbers masked, the password hash left out. It
 * adds no key: a number the data leaves out (kept as stored) must not read as one cleared
 * (docs/decisions.md, "History and activity").
 */
function redact(data: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...data }
  if (typeof data.aadhar_no === 'string') out.aadhar_no = maskLastFour(data.aadhar_no)
  const bank = data.bank_details as Record<string, unknown> | null | undefined
  if (typeof bank?.account_no === 'string')
    out.bank_details = { ...bank, account_no: maskLastFour(bank.account_no) }
  const login = data.login_account as LoginShown | null | undefined
  if (login) out.login_account = { username: login.username, email: login.email, mobile: login.mobile }
  return out
}

export const employeeRegister = tableRegister({
  entityType: 'EMPLOYEE',
  label: 'Employee',
  schema: employeeRequestData,
  table: employees,
  id: employees.employeeId,
  columns: columnsOf,
  data: dataOf,
  validate,
  createInput: employeeCreateInput,
  prepareCreate,
  redact,
  afterCreate: createLinkedLogin,
  stateActions: ['ACTIVATE', 'DEACTIVATE'],
  stateColumns: (action) => ({ isActive: action === 'ACTIVATE' }),
  afterStateChange: (tx, ctx, id, action) => followLogin(tx, ctx, id, action === 'ACTIVATE'),
  conflicts: { employees_official_id_key: employeeMessages.officialIdTaken },
  displayId: (row) => row.officialId,
  describe: (data) => data.full_name,
})
