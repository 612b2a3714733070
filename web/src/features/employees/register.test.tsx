import type { EmployeeDetail } from '@daftar/domain/employees'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { RegisterDetailPage } from '../../ui/register-kit/DetailPage.tsx'
import { register } from './register.tsx'

const mock = startMockApi()
const slow = { timeout: 5000 }
const ID = '3f0b2c1d-9a8e-4b7c-8d6e-5f4a3b2c1d0e'

const ravi = (over: Partial<EmployeeDetail>): EmployeeDetail => ({
  employee_id: ID,
  full_name: 'Ravi Kumar',
  employee_official_id: 'EMP-7',
  designation: null,
  department: null,
  joining_date: null,
  contact_phone: null,
  contact_email: null,
  personal_phone_no: null,
  current_address: null,
  permanent_address: null,
  gender: null,
  blood_group: null,
  qualification: null,
  father_name: null,
  mother_name: null,
  marital_status: null,
  spouse_name: null,
  aadhar_no: null,
  pan_no: null,
  uan_no: null,
  bank_details: { account_no: null, ifsc_code: null, bank_name: null, branch_name: null },
  previous_work_details: { previous_id: null, company_name: null, contact_no: null },
  notes: null,
  is_active: true,
  linked_username: null,
  state_request_pending: false,
  created_by_username: 'admin',
  created_at: '2025-01-06T09:00:00.000Z',
  updated_by_username: 'admin',
  updated_at: '2025-01-06T09:00:00.000Z',
  version: 1,
  access_level: 'WRITE',
  ...over,
})

/** The employee's page with this answer; the state action's button once it shows. */
async function stateButton(employee: EmployeeDetail, name: string) {
  mock.use(http.get(`/api/employees/${ID}`, () => HttpResponse.json(employee)))
  renderApp(<RegisterDetailPage register={register} />, {
    path: `/employees/${ID}`,
    pattern: '/employees/:id',
  })
  return (await screen.findByRole('button', { name }, slow)) as HTMLButtonElement
}

// A record has one waiting state request at most (docs/product.md, "The admin approval queue").
describe("an employee's Deactivate / Activate while a request waits", { timeout: 30_000 }, () => {
  it("reads 'Deactivate requested' for staff, disabled, as a project's 'Archive requested'", async () => {
    signedInAs(mock, person())
    const button = await stateButton(ravi({ state_request_pending: true }), 'Deactivate requested')
    expect(button.disabled).toBe(true)
  })

  it("reads 'Activate requested' for an old employee's waiting request", async () => {
    signedInAs(mock, person())
    const button = await stateButton(
      ravi({ is_active: false, state_request_pending: true }),
      'Activate requested',
    )
    expect(button.disabled).toBe(true)
  })

  it('stays live for staff with no request waiting', async () => {
    signedInAs(mock, person())
    expect((await stateButton(ravi({}), 'Deactivate')).disabled).toBe(false)
  })

  it('stays live for an admin while a request waits: their change applies at once', async () => {
    signedInAs(mock, admin())
    const employee = ravi({ state_request_pending: true, access_level: 'ADMIN' })
    expect((await stateButton(employee, 'Deactivate')).disabled).toBe(false)
  })
})

// An admin's look at the full numbers is one click and written to the audit log; Hide takes them off the
// screen again (docs/decisions.md, "Aadhaar and bank account numbers").
describe("an employee's full Aadhaar and account numbers", { timeout: 30_000 }, () => {
  it('shows them on request and hides them again, back to the masked numbers', async () => {
    signedInAs(mock, admin())
    let looks = 0
    mock.use(
      http.get(`/api/employees/${ID}/sensitive`, () => {
        looks++
        return HttpResponse.json({ aadhar_no: '234567890124', bank_account_no: '001234567890' })
      }),
    )
    const employee = ravi({
      aadhar_no: 'XXXX-XXXX-0124',
      bank_details: { account_no: 'XXXXXXXX7890', ifsc_code: null, bank_name: null, branch_name: null },
      access_level: 'ADMIN',
    })
    await stateButton(employee, 'Deactivate')
    await userEvent.click(await screen.findByRole('button', { name: 'Show full numbers' }, slow))
    await screen.findByText('Aadhaar: 234567890124 · Account: 001234567890', {}, slow)
    expect(looks).toBe(1)
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }))
    expect(screen.queryByText(/234567890124/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Show full numbers' })).toBeTruthy()
  })
})
