import { genders, maritalStatuses } from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { boolean, date, index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { generatedId, registerColumns, userRef } from '../../db/columns.ts'
import { trigramIndex } from '../../db/indexes.ts'

export const genderEnum = pgEnum('gender', genders)
export const maritalStatusEnum = pgEnum('marital_status', maritalStatuses)

export const employees = pgTable(
  'employees',
  {
    employeeId: generatedId('employee_id'),
    fullName: text('full_name').notNull(),
    /** The id the organisation gives the employee, unique in it. */
    officialId: text('employee_official_id').notNull(),
    designation: text('designation'),
    department: text('department'),
    joiningDate: date('joining_date'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    personalPhone: text('personal_phone_no'),
    currentAddress: text('current_address'),
    permanentAddress: text('permanent_address'),
    gender: genderEnum('gender'),
    bloodGroup: text('blood_group'),
    qualification: text('qualification'),
    fatherName: text('father_name'),
    motherName: text('mother_name'),
    maritalStatus: maritalStatusEnum('marital_status'),
    spouseName: text('spouse_name'),
    /** Never sent whole except through the audited reveal (docs/decisions.md). */
    aadhaarNo: text('aadhar_no'),
    panNo: text('pan_no'),
    uanNo: text('uan_no'),
    bankAccountNo: text('bank_account_no'),
    bankIfsc: text('bank_ifsc_code'),
    bankName: text('bank_name'),
    bankBranch: text('bank_branch_name'),
    previousId: text('previous_employee_id'),
    previousCompany: text('previous_company_name'),
    previousContact: text('previous_company_contact_no'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    /** The login account made for this employee, if any. */
    linkedUserId: userRef('linked_user_id'),
    ...registerColumns(),
  },
  (t) => [
    uniqueIndex('employees_official_id_key').on(t.orgId, sql`lower(${t.officialId})`),
    index('employees_name_idx').on(t.orgId, t.isActive, sql`lower(${t.fullName})`),
    index('employees_department_idx').on(t.orgId, t.isActive, sql`lower(${t.department})`),
    index('employees_joining_idx').on(t.orgId, t.isActive, t.joiningDate),
    index('employees_updated_idx').on(t.orgId, t.isActive, t.updatedAt),
    // Global search (modules/search, docs/decisions.md "Search"): the searched fields' trigram indexes.
    trigramIndex('employees_name_trgm', t.fullName),
    trigramIndex('employees_official_id_trgm', t.officialId),
    trigramIndex('employees_phone_trgm', t.contactPhone),
    trigramIndex('employees_email_trgm', t.contactEmail),
  ],
)
