import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Billing Org')
})
afterAll(() => server.close())

const details = {
  gstin: '27aabcd1234e1z8',
  address: '12 MIDC Road, Pune',
  bank_account_name: 'Billing Org',
  bank_name: 'Axis Bank',
  bank_account_number: '918020012345678',
  bank_ifsc: 'UTIB0000123',
  bank_branch: 'Pune Main',
  upi_id: 'billing.org@okaxis',
}

describe('the organisation’s invoice details (admin settings)', () => {
  it('are saved, shown in settings and for accounts, upper-casing the GSTIN', async () => {
    const admin = client(server, org.admin.token)
    const res = await admin.put('/admin/organisation', { name: 'Billing Org', ...details })
    expect(res.statusCode, res.body).toBe(200)
    const settings = (await admin.get('/admin/settings')).json().organisation
    expect(settings).toMatchObject({ ...details, gstin: '27AABCD1234E1Z8' })
    const forAccounts = await admin.get('/accounts/organisation')
    expect(forAccounts.json()).toEqual({
      name: 'Billing Org',
      gstin: '27AABCD1234E1Z8',
      address: '12 MIDC Road, Pune',
      upi_id: 'billing.org@okaxis',
    })
  })

  it('a rename alone keeps them; a blank clears one', async () => {
    const admin = client(server, org.admin.token)
    expect((await admin.put('/admin/organisation', { name: 'Billing Org Ltd' })).statusCode).toBe(200)
    expect((await admin.get('/admin/settings')).json().organisation).toMatchObject({
      name: 'Billing Org Ltd',
      upi_id: 'billing.org@okaxis',
    })
    await admin.put('/admin/organisation', { name: 'Billing Org Ltd', upi_id: '' })
    expect((await admin.get('/admin/settings')).json().organisation.upi_id).toBeNull()
  })

  it('are validated: GSTIN check character, IFSC, account number, UPI id', async () => {
    const admin = client(server, org.admin.token)
    for (const [field, value, message] of [
      ['gstin', '27AABCD1234E1Z5', 'Invalid GSTIN format.'],
      ['bank_ifsc', 'UTIB123', 'Invalid IFSC code.'],
      ['bank_account_number', '12-34', 'Invalid bank account number.'],
      ['upi_id', 'not a upi id', 'Invalid UPI ID.'],
    ] as const) {
      const res = await admin.put('/admin/organisation', { name: 'Billing Org Ltd', [field]: value })
      expect(res.statusCode, field).toBe(400)
      expect(errorOf(res)).toBe(message)
    }
  })

  it('are admin only', async () => {
    const res = await client(server, org.staff.token).put('/admin/organisation', { name: 'X', upi_id: 'x@y' })
    expect(res.statusCode).toBe(403)
  })
})
