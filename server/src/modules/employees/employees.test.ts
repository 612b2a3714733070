import { verhoeffDigit } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createOrg, errorOf, login, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { registerContract } from '../../../test/register-contract.ts'
import { grant, member, type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'

let seq = 0
registerContract({
  label: 'Employee',
  entityType: 'EMPLOYEE',
  path: '/employees',
  table: 'employees',
  listKey: 'employees',
  idField: 'employee_id',
  notFound: 'Employee not found.',
  nameField: 'full_name',
  body: (name) => ({ full_name: name, employee_official_id: `EMP-C${seq++}` }),
})

/** A valid Aadhaar number built from eleven digits and its Verhoeff check digit. */
const aadhaar = (first11: string) => first11 + verhoeffDigit(first11)
const AADHAAR = aadhaar('28765432109')

let server: TestServer
let org: RegisterOrg
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Employees Org')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)
async function create(body: Record<string, unknown>, token = org.admin.token) {
  const res = await api(token).post('/employees', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().entityId as string
}
const detail = async (id: string, token = org.admin.token) =>
  (await api(token).get(`/employees/${id}`)).json()
const unique = () => `${Date.now().toString(36)}${seq++}`

describe('POST /employees: the record', () => {
  it('stores the record, normalises the joining date and clears the spouse unless married', async () => {
    const id = await create({
      full_name: ' Meera Iyer ',
      employee_official_id: ' EMP-101 ',
      department: 'Operations',
      joining_date: '2024-07-01',
      marital_status: 'Single',
      spouse_name: 'Should go',
      gender: 'Female',
      pan_no: 'abcpi1234k',
      bank_details: { ifsc_code: 'sbin0000691', bank_name: 'SBI' },
    })
    expect(await detail(id)).toMatchObject({
      full_name: 'Meera Iyer',
      employee_official_id: 'EMP-101',
      joining_date: '2024-07-01',
      marital_status: 'Single',
      spouse_name: null,
      gender: 'Female',
      pan_no: 'ABCPI1234K',
      bank_details: { ifsc_code: 'SBIN0000691', bank_name: 'SBI', account_no: null, branch_name: null },
      is_active: true,
      linked_username: null,
    })
  })

  it("takes a joining date sent as a date-time (a date picker's ISO timestamp) as the organisation's day", async () => {
    // Midnight in India is still the evening before in UTC.
    const id = await create({
      full_name: 'Ravi Menon',
      employee_official_id: `EMP-${unique()}`,
      joining_date: '2024-06-30T18:30:00.000Z',
    })
    expect((await detail(id)).joining_date).toBe('2024-07-01')
    // A staff request, an edit: the same day in the queue and on the record.
    const asked = await api(org.staff.token).post('/employees', {
      full_name: 'Lata Rao',
      employee_official_id: `EMP-${unique()}`,
      joining_date: '2025-01-15T23:00:00+05:30',
    })
    expect(asked.statusCode, asked.body).toBe(202)
    const action = await api(org.admin.token).get(`/admin-actions/pending/${asked.json().actionId}`)
    expect(action.json().proposed_data.joining_date).toBe('2025-01-15')
    const edited = await api(org.admin.token).put(`/employees/${id}`, {
      full_name: 'Ravi Menon',
      employee_official_id: (await detail(id)).employee_official_id,
      joining_date: '2024-08-01T00:00:00',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await detail(id)).joining_date).toBe('2024-08-01')
  })

  it.each([
    [{ full_name: 'A', employee_official_id: 'E1', joining_date: 'yesterday' }, 'Dates must be YYYY-MM-DD.'],
    [
      { full_name: 'A', employee_official_id: 'E1', joining_date: '2024-02-30T10:00:00Z' },
      'Dates must be YYYY-MM-DD.',
    ],
    [{ employee_official_id: 'E1' }, 'Employee full name is required.'],
    [{ full_name: '  ', employee_official_id: 'E1' }, 'Employee full name is required.'],
    [{ full_name: 'A' }, 'Employee Official ID is required.'],
    [{ full_name: 'A', employee_official_id: ' ' }, 'Employee Official ID is required.'],
    [{ full_name: 'A', employee_official_id: 'E1', pan_no: 'ABC' }, 'Invalid PAN format.'],
    [
      { full_name: 'A', employee_official_id: 'E1', bank_details: { ifsc_code: 'SBIN1000691' } },
      'Invalid IFSC code.',
    ],
    [{ full_name: 'A', employee_official_id: 'E1', joining_date: '2026-02-30' }, 'Dates must be YYYY-MM-DD.'],
    [{ full_name: 'A', employee_official_id: 'E1', gender: 'Robot' }, 'Invalid gender.'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await api(org.staff.token).post('/employees', body)
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe(message)
  })

  it('keeps the Employee Official ID unique in the organisation', async () => {
    await create({ full_name: 'One', employee_official_id: 'DUP-1' })
    const res = await api(org.admin.token).post('/employees', {
      full_name: 'Two',
      employee_official_id: 'dup-1',
    })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toBe('An employee with this Employee Official ID already exists.')
  })
})

describe('Aadhaar numbers', () => {
  it('are checked: twelve digits and the Verhoeff check digit', async () => {
    const wrong = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 1) % 10}`
    for (const aadhar_no of [wrong, '12345678901', '123456789012', 'abcd efgh ijkl']) {
      const res = await api(org.admin.token).post('/employees', {
        full_name: 'A',
        employee_official_id: 'AAD-X',
        aadhar_no,
      })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Invalid Aadhaar number.')
    }
  })

  it('never leave the server whole except through the admin’s audited reveal', async () => {
    const id = await create({
      full_name: 'Ravi Kumar',
      employee_official_id: 'AAD-1',
      aadhar_no: `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)} ${AADHAAR.slice(8)}`,
      bank_details: { account_no: '50100234567890' },
    })
    const shown = await detail(id)
    expect(shown.aadhar_no).toBe(`••••••••${AADHAAR.slice(8)}`)
    expect(shown.bank_details.account_no).toBe('••••••••••7890')
    const list = await api(org.admin.token).get('/employees?searchQuery=Ravi Kumar')
    expect(list.body).not.toContain(AADHAAR)

    const staffLook = await api(org.staff.token).get(`/employees/${id}/sensitive`)
    expect(staffLook.statusCode).toBe(403)
    const reveal = await api(org.admin.token).get(`/employees/${id}/sensitive`)
    expect(reveal.json()).toEqual({ aadhar_no: AADHAAR, bank_account_no: '50100234567890' })
    const { rows } = await server.deps.database.pool.query(
      `select actor_user_id from audit_events where action = 'EMPLOYEE_REVEAL' and entity_id = $1`,
      [id],
    )
    expect(rows).toEqual([{ actor_user_id: org.admin.userId }])
    const other = await registerOrg(server, 'Other Employees Org')
    expect((await api(other.admin.token).get(`/employees/${id}/sensitive`)).statusCode).toBe(404)
  })

  it('a masked number sent back keeps the stored one; a blank one removes it', async () => {
    const id = await create({ full_name: 'Keep Me', employee_official_id: 'AAD-2', aadhar_no: AADHAAR })
    const shown = await detail(id)
    const edit = { full_name: 'Keep Me Too', employee_official_id: 'AAD-2', aadhar_no: shown.aadhar_no }
    expect((await api(org.admin.token).put(`/employees/${id}`, edit)).statusCode).toBe(200)
    expect((await api(org.admin.token).get(`/employees/${id}/sensitive`)).json().aadhar_no).toBe(AADHAAR)
    // Through a staff request and its approval as well.
    await grant(server, org.admin.token, org.staff.userId, 'EMPLOYEE', id, 'WRITE')
    const request = await api(org.staff.token).put(`/employees/${id}`, {
      ...edit,
      full_name: 'Keep Me Three',
    })
    const queued = await api(org.admin.token).get(`/admin-actions/pending/${request.json().actionId}`)
    expect(queued.body).not.toContain(AADHAAR)
    await api(org.admin.token).put(`/admin-actions/pending/${request.json().actionId}/approve`)
    expect((await api(org.admin.token).get(`/employees/${id}/sensitive`)).json().aadhar_no).toBe(AADHAAR)
    await api(org.admin.token).put(`/employees/${id}`, { ...edit, aadhar_no: '' })
    expect((await api(org.admin.token).get(`/employees/${id}/sensitive`)).json().aadhar_no).toBeNull()
  })
})

/**
 * A masked number left as it is (sent back masked, or left out) keeps the stored one
 * (docs/product.md, "Employees"), so the History records no change of it; a real change or a blank
 * one does, masked (docs/decisions.md, "History and activity").
 */
describe('the History of an employee’s masked numbers', () => {
  type Change = { field: string; from: string | null; to: string | null }
  const changesOf = async (id: string) => {
    const res = await api(org.admin.token).get(`/history/EMPLOYEE/${id}`)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { action: string; changes: Change[] }[]).map((e) => ({
      action: e.action,
      fields: e.changes.map((c) => c.field),
    }))
  }
  const withNumbers = (official: string) =>
    create({
      full_name: 'Asha Verma',
      employee_official_id: official,
      aadhar_no: AADHAAR,
      bank_details: { account_no: '50100234569012', ifsc_code: 'SBIN0001234' },
    })

  it('an admin’s edit of the designation alone records no change of the Aadhaar or bank account', async () => {
    const official = `HIS-${unique()}`
    const id = await withNumbers(official)
    const shown = await detail(id)
    const form = { full_name: 'Asha Verma', employee_official_id: official, bank_details: shown.bank_details }
    const masked = { ...form, aadhar_no: shown.aadhar_no, designation: 'Engineer' }
    expect((await api(org.admin.token).put(`/employees/${id}`, masked)).statusCode).toBe(200)
    const bank = { ifsc_code: 'SBIN0001234' }
    const leftOut = {
      full_name: 'Asha Verma',
      employee_official_id: official,
      designation: 'Lead',
      bank_details: bank,
    }
    expect((await api(org.admin.token).put(`/employees/${id}`, leftOut)).statusCode).toBe(200)
    const [second, first] = await changesOf(id)
    expect(first).toEqual({ action: 'UPDATE', fields: ['designation'] })
    expect(second).toEqual({ action: 'UPDATE', fields: ['designation'] })
    const kept = await api(org.admin.token).get(`/employees/${id}/sensitive`)
    expect(kept.json()).toEqual({ aadhar_no: AADHAAR, bank_account_no: '50100234569012' })
  })

  it('a staff request for the department alone changes neither number, requested nor approved', async () => {
    const official = `HIS-${unique()}`
    const id = await withNumbers(official)
    const shown = await detail(id)
    await grant(server, org.admin.token, org.staff.userId, 'EMPLOYEE', id, 'WRITE')
    const asked = await api(org.staff.token).put(`/employees/${id}`, {
      full_name: 'Asha Verma',
      employee_official_id: official,
      department: 'Operations',
      aadhar_no: shown.aadhar_no,
      bank_details: shown.bank_details,
    })
    expect(asked.statusCode, asked.body).toBe(202)
    expect(await changesOf(id)).toContainEqual({ action: 'REQUEST_UPDATE', fields: ['department'] })
    const approve = `/admin-actions/pending/${asked.json().actionId}/approve`
    expect((await api(org.admin.token).put(approve, {})).statusCode).toBe(200)
    expect((await changesOf(id))[0]).toEqual({ action: 'APPROVE_UPDATE', fields: ['department'] })
  })

  it('a new Aadhaar is a change, masked, beside an account kept; a blank account number is one too', async () => {
    const official = `HIS-${unique()}`
    const id = await withNumbers(official)
    const shown = await detail(id)
    const other = aadhaar('38765432101')
    const form = { full_name: 'Asha Verma', employee_official_id: official }
    const put = (body: object) => api(org.admin.token).put(`/employees/${id}`, { ...form, ...body })
    const latest = async () => {
      const res = await api(org.admin.token).get(`/history/EMPLOYEE/${id}`)
      return (res.json() as { changes: Change[] }[])[0]!.changes.map(({ field, from, to }) => ({
        field,
        from,
        to,
      }))
    }
    expect((await put({ aadhar_no: other, bank_details: shown.bank_details })).statusCode).toBe(200)
    expect(await latest()).toEqual([
      { field: 'aadhar_no', from: `••••••••${AADHAAR.slice(8)}`, to: `••••••••${other.slice(8)}` },
    ])
    const blank = { account_no: '', ifsc_code: 'SBIN0001234' }
    expect((await put({ bank_details: blank })).statusCode).toBe(200)
    expect(await latest()).toEqual([{ field: 'bank_details.account_no', from: '••••••••••9012', to: null }])
  })
})

describe('login accounts of employees', () => {
  const account = () => {
    const name = `emp${unique()}`
    return {
      username: name,
      email: `${name}@example.test`,
      mobile: `+9177${String(Date.now() + seq++).slice(-8)}`,
    }
  }

  it('an admin creates an employee with a login account, linked, and that person signs in', async () => {
    const login1 = account()
    const id = await create({
      full_name: 'Anil Operator',
      employee_official_id: `LOG-${unique()}`,
      designation: 'Operator',
      createUserAccount: true,
      ...login1,
      password: 'secret12',
    })
    expect((await detail(id)).linked_username).toBe(login1.username)
    const tokens = await login(server, login1.username, 'secret12')
    const me = (await api(tokens.accessToken).get('/users/me')).json()
    expect(me).toMatchObject({ full_name: 'Anil Operator', employee_id: id, designation: 'Operator' })
  })

  it.each([
    [
      { username: '', password: 'secret12', mobile: '+919999900001' },
      'Username, Password, and Mobile are required to create a login account.',
    ],
    [
      { username: 'newperson', password: '', mobile: '+919999900001' },
      'Username, Password, and Mobile are required to create a login account.',
    ],
    [
      { username: 'newperson', password: 'secret12', mobile: '' },
      'Username, Password, and Mobile are required to create a login account.',
    ],
    [
      { username: 'newperson', password: '12345', mobile: '+919999900001' },
      'Password must be at least 6 characters long.',
    ],
  ])('refuses the login fields %j with "%s"', async (fields, message) => {
    const res = await api(org.admin.token).post('/employees', {
      full_name: 'X',
      employee_official_id: `LX-${unique()}`,
      createUserAccount: true,
      ...fields,
    })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe(message)
  })

  it('a taken username or mobile is refused before anything is stored', async () => {
    const res = await api(org.admin.token).post('/employees', {
      full_name: 'Clash',
      employee_official_id: `CL-${unique()}`,
      createUserAccount: true,
      username: org.staff.username,
      mobile: '+919811100000',
      password: 'secret12',
    })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toBe('Username is already taken.')
  })

  it('a staff request keeps no password: the hash waits in the queue and approval creates the account', async () => {
    const login1 = account()
    const res = await api(org.staff.token).post('/employees', {
      full_name: 'Requested Person',
      employee_official_id: `REQ-${unique()}`,
      createUserAccount: true,
      ...login1,
      password: 'secret12',
    })
    expect(res.statusCode, res.body).toBe(202)
    const { rows } = await server.deps.database.pool.query(
      'select proposed_data from pending_actions where action_id = $1',
      [res.json().actionId],
    )
    const stored = JSON.stringify(rows[0].proposed_data)
    expect(stored).not.toContain('secret12')
    expect(rows[0].proposed_data.login_account.password_hash).toMatch(/^\$argon2id\$/)
    const review = (await api(org.admin.token).get(`/admin-actions/pending/${res.json().actionId}`)).json()
    expect(review.proposed_data.login_account).toEqual({
      username: login1.username,
      email: login1.email,
      mobile: login1.mobile,
    })
    // Editing the request keeps the account it asks for.
    const edited = await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}`, {
      proposed_data: {
        full_name: 'Requested Person Renamed',
        employee_official_id: review.proposed_data.employee_official_id,
      },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const approved = await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}/approve`)
    expect(approved.statusCode, approved.body).toBe(200)
    expect((await detail(approved.json().entityId)).linked_username).toBe(login1.username)
    await login(server, login1.email, 'secret12')
  })

  it('the user limit: at the limit the account is refused with the spec’s message; deactivation frees a place', async () => {
    const limited = await createOrg(server, { name: 'Limited Co', userLimit: 2 })
    const admin = await member(server, limited.orgId, { isAdmin: true })
    const first = account()
    const employeeId = await create(
      {
        full_name: 'First Hire',
        employee_official_id: 'L-1',
        createUserAccount: true,
        ...first,
        password: 'secret12',
      },
      admin.token,
    )
    const me = (await api(admin.token).get('/users/me')).json()
    expect(me).toMatchObject({ orgUserLimit: 2, orgCurrentUserCount: 2 })
    const over = await api(admin.token).post('/employees', {
      full_name: 'Second Hire',
      employee_official_id: 'L-2',
      createUserAccount: true,
      ...account(),
      password: 'secret12',
    })
    expect(over.statusCode).toBe(422)
    expect(errorOf(over)).toBe(
      "User limit of 2 has been reached for Limited Co. You can save the employee record, but you cannot create a new login account. Please contact the provider's support to extend your limit.",
    )
    // The record alone may still be saved.
    await create({ full_name: 'Second Hire', employee_official_id: 'L-2' }, admin.token)
    // Deactivating the first hire frees a place; activating them again is then refused.
    const off = await api(admin.token).put(`/employees/${employeeId}/activate`, { activate: false })
    expect(off.statusCode, off.body).toBe(200)
    await create(
      {
        full_name: 'Third Hire',
        employee_official_id: 'L-3',
        createUserAccount: true,
        ...account(),
        password: 'secret12',
      },
      admin.token,
    )
    const back = await api(admin.token).put(`/employees/${employeeId}/activate`, { activate: true })
    expect(back.statusCode).toBe(422)
    expect((await api(admin.token).get(`/employees/${employeeId}`)).json().is_active).toBe(false)
  })

  it('deactivating an employee ends their sessions and sign-in at once; activating restores it', async () => {
    const login1 = account()
    const id = await create({
      full_name: 'Leaving Soon',
      employee_official_id: `OUT-${unique()}`,
      createUserAccount: true,
      ...login1,
      password: 'secret12',
    })
    const tokens = await login(server, login1.username, 'secret12')
    expect((await api(tokens.accessToken).get('/users/me')).statusCode).toBe(200)

    const off = await api(org.admin.token).put(`/employees/${id}/activate`, { activate: false })
    expect(off.json().message).toBe('Employee deactivated successfully.')
    expect((await api(tokens.accessToken).get('/users/me')).statusCode).toBe(401)
    await expect(login(server, login1.username, 'secret12')).rejects.toThrow(/403/)
    expect(
      (await api(org.admin.token).get('/employees/old?searchQuery=Leaving')).json().employees,
    ).toHaveLength(1)
    expect((await api(org.admin.token).get('/employees?searchQuery=Leaving')).json().employees).toHaveLength(
      0,
    )

    await api(org.admin.token).put(`/employees/${id}/activate`, { activate: true })
    await login(server, login1.username, 'secret12')
  })

  it('staff ask to deactivate; the employee stays until an admin approves', async () => {
    const id = await create({ full_name: 'Asked About', employee_official_id: `ASK-${unique()}` })
    await grant(server, org.admin.token, org.staff.userId, 'EMPLOYEE', id, 'WRITE')
    const res = await api(org.staff.token).put(`/employees/${id}/activate`, { activate: false })
    expect(res.statusCode).toBe(202)
    expect(res.json().message).toBe('Employee status change request submitted for admin approval.')
    expect((await detail(id)).is_active).toBe(true)
    await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}/approve`)
    expect((await detail(id)).is_active).toBe(false)
    const again = await api(org.admin.token).put(`/employees/${id}/activate`, { activate: false })
    expect(again.statusCode).toBe(409)
  })

  it('a waiting activate or deactivate request shows on the employee until it is decided', async () => {
    const id = await create({ full_name: 'Ravi Kumar', employee_official_id: `WAIT-${unique()}` })
    await grant(server, org.admin.token, org.staff.userId, 'EMPLOYEE', id, 'WRITE')
    const pending = async (token: string) => {
      const res = await api(token).get(`/employees/${id}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().state_request_pending
    }
    const ask = async (activate: boolean) => {
      const res = await api(org.staff.token).put(`/employees/${id}/activate`, { activate })
      expect(res.statusCode, res.body).toBe(202)
      return `/admin-actions/pending/${res.json().actionId}`
    }
    expect(await pending(org.staff.token)).toBe(false)
    const deactivation = await ask(false)
    expect(await pending(org.staff.token)).toBe(true)
    expect(await pending(org.admin.token)).toBe(true)
    // Someone without access still learns nothing of the employee.
    expect((await api(org.staff2.token).get(`/employees/${id}`)).statusCode).toBe(404)
    // Approved, it no longer waits.
    expect((await api(org.admin.token).put(`${deactivation}/approve`, {})).statusCode).toBe(200)
    expect(await pending(org.staff.token)).toBe(false)
    // Nor does a rejected one.
    const activation = await ask(true)
    expect(await pending(org.staff.token)).toBe(true)
    expect((await api(org.admin.token).put(`${activation}/reject`, {})).statusCode).toBe(200)
    expect(await pending(org.staff.token)).toBe(false)
  })
})

describe('GET /employees', () => {
  it('sorts by the spec’s values and searches name, id and department', async () => {
    const list = await registerOrg(server, 'Employee Lists Org')
    for (const [name, id, dept, joined] of [
      ['Zara', 'E-3', 'Accounts', '2022-01-01'],
      ['arun', 'E-1', 'Operations', '2020-05-01'],
      ['Bela', 'E-2', null, null],
    ] as const)
      await create(
        { full_name: name, employee_official_id: id, department: dept, joining_date: joined },
        list.admin.token,
      )
    const names = async (q: string) =>
      (await api(list.admin.token).get(`/employees${q}`))
        .json()
        .employees.map((e: { full_name: string }) => e.full_name)
    expect(await names('')).toEqual(['arun', 'Bela', 'Zara'])
    expect(await names('?sortBy=name_desc')).toEqual(['Zara', 'Bela', 'arun'])
    expect(await names('?sortBy=employee_official_id_desc')).toEqual(['Zara', 'Bela', 'arun'])
    expect(await names('?sortBy=department_asc')).toEqual(['Zara', 'arun', 'Bela'])
    expect(await names('?sortBy=joining_date_asc')).toEqual(['arun', 'Zara', 'Bela'])
    expect(await names('?sortBy=joining_date_desc')).toEqual(['Zara', 'arun', 'Bela'])
    expect(await names('?searchQuery=operat')).toEqual(['arun'])
    const row = (await api(list.admin.token).get('/employees?searchQuery=E-3')).json().employees[0]
    expect(Object.keys(row).sort()).toEqual(
      [
        'contact_email',
        'contact_phone',
        'department',
        'employee_id',
        'employee_official_id',
        'full_name',
        'is_active',
        'updated_at',
      ].sort(),
    )
  })
})
