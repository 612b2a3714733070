import {
  type EmployeeDetail,
  type EmployeeSort,
  employeeExport,
  employeeMessages,
  oldEmployeeExport,
} from '@daftar/domain'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { lowerSort, sortsByName } from '../../platform/register-queries.ts'
import { listsByFlag, registerReads } from '../../platform/register-reads.ts'
import { readAccess } from '../access/service.ts'
import { stateRequestWaiting } from '../approvals/schema.ts'
import { submitStateRequest } from '../approvals/submit.ts'
import { users } from '../users/schema.ts'
import { employeeRegister, presentEmployeeData } from './register.ts'
import { employees } from './schema.ts'

const e = employees

/** An activate or deactivate request waiting for approval, as a project's archive request is read. */
const stateRequest = stateRequestWaiting('EMPLOYEE', e.orgId, e.employeeId, ['ACTIVATE', 'DEACTIVATE'])

const reads = registerReads({
  register: employeeRegister,
  access: readAccess,
  notFound: employeeMessages.notFound,
  listKey: 'employees',
  exportSheet: employeeExport,
  sorts: {
    ...sortsByName('name', e.fullName, e.employeeId),
    ...sortsByName('employee_official_id', e.officialId, e.employeeId),
    department_asc: [lowerSort(e.department, 'asc', true), lowerSort(e.fullName, 'asc'), asc(e.employeeId)],
    department_desc: [lowerSort(e.department, 'desc', true), lowerSort(e.fullName, 'asc'), asc(e.employeeId)],
    last_updated: [desc(e.updatedAt), asc(e.employeeId)],
    joining_date_asc: [sql`${e.joiningDate} asc nulls last`, asc(e.employeeId)],
    joining_date_desc: [sql`${e.joiningDate} desc nulls last`, asc(e.employeeId)],
  } satisfies Record<EmployeeSort, unknown>,
  search: [e.fullName, e.officialId, e.department, e.designation, e.contactPhone, e.contactEmail],
  listColumns: {
    id: e.employeeId,
    fullName: e.fullName,
    officialId: e.officialId,
    department: e.department,
    contactPhone: e.contactPhone,
    contactEmail: e.contactEmail,
    isActive: e.isActive,
    updatedAt: e.updatedAt,
  },
  toListRow: (r) => ({
    employee_id: r.id,
    full_name: r.fullName,
    employee_official_id: r.officialId,
    department: r.department,
    contact_phone: r.contactPhone,
    contact_email: r.contactEmail,
    is_active: r.isActive,
    updated_at: r.updatedAt.toISOString(),
  }),
  // The login account linked to the employee, by its username, and a waiting state request.
  detailJoin: {
    joins: [{ table: users, on: eq(users.userId, e.linkedUserId) }],
    fields: { linked: users.username, stateRequest },
  },
  toDetail: (r, tail, { linked, stateRequest }): EmployeeDetail => ({
    employee_id: r.employeeId,
    ...presentEmployeeData(r),
    linked_username: linked,
    state_request_pending: Boolean(stateRequest),
    ...tail,
  }),
})

/** GET /employees (current) and GET /employees/old, and each list as CSV or XLSX. */
export const employeeLists = listsByFlag(reads, e.isActive, (active) =>
  active ? employeeExport : oldEmployeeExport,
)

export const getEmployee = reads.detail

/** An admin's look at an employee's full Aadhaar and bank account numbers; every look is audited. */
export async function revealSensitive(deps: Deps, ctx: RequestContext, id: string) {
  requireAdmin(ctx, 'Only administrators can see these numbers.')
  const [row] = await deps.db
    .select({ aadhaar: e.aadhaarNo, account: e.bankAccountNo })
    .from(e)
    .where(and(eq(e.employeeId, id), eq(e.orgId, ctx.orgId)))
  if (!row) throw notFound(employeeMessages.notFound)
  await audit(deps.db, ctx, { action: 'EMPLOYEE_REVEAL', entityType: 'EMPLOYEE', entityId: id })
  return { aadhar_no: row.aadhaar, bank_account_no: row.account }
}

/** PUT /employees/{id}/activate: a request for staff, applied at once for admins. */
export async function requestActivation(deps: Deps, ctx: RequestContext, id: string, activate: boolean) {
  return submitStateRequest(deps, ctx, {
    entityType: 'EMPLOYEE',
    actionType: activate ? 'ACTIVATE' : 'DEACTIVATE',
    entityId: id,
    notFound: employeeMessages.notFound,
    inState: (data) => data.is_active === activate,
    already: activate ? employeeMessages.alreadyActive : employeeMessages.alreadyInactive,
  })
}
