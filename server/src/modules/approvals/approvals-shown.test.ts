import { verhoeffDigit } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  grant,
  projectBody,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'

// What every answer carrying a pending action's data may show (docs/product.md, "Employees",
// "Pickers" and "The admin approval queue").
const AADHAAR = `23412341234${verhoeffDigit('23412341234')}`
const ACCOUNT = '123456789012'
const METRO_ADDRESS = 'Survey 88, GIDC Vapi, Gujarat'

let server: TestServer
let org: RegisterOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Shown Data Org')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

async function detail(actionId: string, token: string) {
  const res = await api(token).get(`/admin-actions/pending/${actionId}`)
  expect(res.statusCode, res.body).toBe(200)
  return res
}

/** No answer may carry the numbers whole or the login's password hash. */
function expectNoSecrets(body: string) {
  expect(body).not.toContain(AADHAAR)
  expect(body).not.toContain(ACCOUNT)
  expect(body).not.toContain('password_hash')
  expect(body).not.toContain('$argon2')
}

describe("an employee request's numbers and login", () => {
  it("are masked and the hash left out in 'Edit & Re-evaluate', the queue and the review alike", async () => {
    const asked = await api(org.staff.token).post('/employees', {
      full_name: 'Meena Shah',
      employee_official_id: 'SHOWN-1',
      aadhar_no: AADHAAR,
      bank_details: { account_no: ACCOUNT },
      createUserAccount: true,
      username: 'meena.shah',
      email: 'meena.shah@example.test',
      mobile: '+919800011122',
      password: 'secret12',
    })
    expect(asked.statusCode, asked.body).toBe(202)
    const actionId = asked.json().actionId as string
    const review = await detail(actionId, org.admin.token)
    expectNoSecrets(review.body)

    // The review's form sends the employee's fields back, masked numbers included, and no login.
    const { login_account: _, ...fields } = review.json().proposed_data
    const edited = await api(org.admin.token).put(`/admin-actions/pending/${actionId}`, {
      proposed_data: { ...fields, full_name: 'Meena R. Shah' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expectNoSecrets(edited.body)
    expect(edited.json().pendingAction.proposed_data).toMatchObject({
      full_name: 'Meena R. Shah',
      aadhar_no: `••••••••${AADHAAR.slice(8)}`,
      bank_details: { account_no: `••••••••${ACCOUNT.slice(8)}` },
      login_account: { username: 'meena.shah' },
    })
    for (const token of [org.admin.token, org.staff.token]) {
      const queue = await api(token).get('/admin-actions/pending?entityType=EMPLOYEE')
      expect(queue.statusCode, queue.body).toBe(200)
      expectNoSecrets(queue.body)
      expectNoSecrets((await detail(actionId, token)).body)
    }

    // The masked numbers sent back kept the stored ones: approval applies them whole.
    const approved = await api(org.admin.token).put(`/admin-actions/pending/${actionId}/approve`)
    expect(approved.statusCode, approved.body).toBe(200)
    expectNoSecrets(approved.body)
    const reveal = await api(org.admin.token).get(`/employees/${approved.json().entityId}/sensitive`)
    expect(reveal.json()).toEqual({ aadhar_no: AADHAAR, bank_account_no: ACCOUNT })
  })
})

describe("a project request's client details", () => {
  it('are shown to admins only: a requester cannot read a client through them', async () => {
    const metro = await createClient(server, org.admin.token, {
      name: 'Metro Cables',
      office_address: METRO_ADDRESS,
      gstin: '24AAACM1234A1ZE',
    })
    expect((await api(org.staff.token).get(`/clients/${metro}`)).statusCode).toBe(404)
    const asked = await api(org.staff.token).post('/projects', projectBody(metro, { name: 'Vapi Rooftop' }))
    expect(asked.statusCode, asked.body).toBe(202)
    const actionId = asked.json().actionId as string

    const own = await detail(actionId, org.staff.token)
    expect(own.json().proposed_data).toMatchObject({ name: 'Vapi Rooftop', client_id: metro })
    expect(own.json().proposed_data).not.toHaveProperty('client_details')
    expect(own.json().proposed_data).not.toHaveProperty('client_address')
    expect(own.body).not.toContain(METRO_ADDRESS)
    const queue = await api(org.staff.token).get('/admin-actions/pending?entityType=PROJECT')
    expect(queue.statusCode, queue.body).toBe(200)
    expect(queue.body).not.toContain(METRO_ADDRESS)
    expect(queue.body).not.toContain('24AAACM1234A1ZE')

    expect((await detail(actionId, org.admin.token)).json().proposed_data).toMatchObject({
      client_details: { name: 'Metro Cables', gstin: '24AAACM1234A1ZE' },
      client_address: METRO_ADDRESS,
    })
  })

  it("are left out of a requester's current data too, so that both sides compare alike", async () => {
    const own = await createClient(server, org.admin.token, { name: 'Own Client', office_address: 'Surat' })
    const metro = await createClient(server, org.admin.token, {
      name: 'Metro Two',
      office_address: METRO_ADDRESS,
    })
    const projectId = await createProject(server, org.admin.token, own, { name: 'Surat Shed' })
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', projectId, 'WRITE')
    const asked = await api(org.staff.token).put(
      `/projects/${projectId}`,
      projectBody(metro, { name: 'Surat Shed' }),
    )
    expect(asked.statusCode, asked.body).toBe(202)
    const review = (await detail(asked.json().actionId, org.staff.token)).json()
    expect(review.current_data).toMatchObject({ name: 'Surat Shed', client_id: own })
    expect(review.current_data).not.toHaveProperty('client_address')
    expect(review.proposed_data).not.toHaveProperty('client_address')
    expect(JSON.stringify(review)).not.toContain(METRO_ADDRESS)
    const admins = (await detail(asked.json().actionId, org.admin.token)).json()
    expect(admins.current_data.client_address).toBe('Surat')
    expect(admins.proposed_data.client_address).toBe(METRO_ADDRESS)
  })
})
