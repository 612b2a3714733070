import { expect } from 'vitest'
import { client, type TestServer } from './helpers.ts'
import { createClient, createProject, type Member, member, registerOrg } from './registers-helpers.ts'

/** An organisation with an admin, an accountant and a staff user, a client (with GSTIN) and a project. */
export async function accountsOrg(server: TestServer, name?: string) {
  const org = await registerOrg(server, name)
  const accountant = await member(server, org.orgId, { isAccountant: true, fullName: 'Arun Accountant' })
  const clientId = await createClient(server, org.admin.token, {
    name: 'Sunrise Textiles',
    gstin: '27AAACS1234A1Z2',
    contacts: [{ name: 'Meera', phone: '+91 98200 11223', email: 'meera@sunrise.test' }],
  })
  const projectId = await createProject(server, org.admin.token, clientId, { name: 'ETP Upgrade' })
  return { ...org, accountant, clientId, projectId }
}
export type AccountsOrg = Awaited<ReturnType<typeof accountsOrg>>

export const as = (server: TestServer, who: Member) => client(server, who.token)

/** Sets the organisation's 'Who can open Accounts' (as its admin), keeping its name. */
export async function openAccountsTo(
  server: TestServer,
  target: AccountsOrg,
  access: 'EVERYONE' | 'ADMINS_AND_ACCOUNTANTS',
) {
  const settings = await as(server, target.admin).get('/admin/settings')
  const res = await as(server, target.admin).put('/admin/organisation', {
    name: settings.json().organisation.name,
    accounts_access: access,
  })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().organisation.accounts_access).toBe(access)
}

/** Days from today as YYYY-MM-DD, in India Standard Time like the server. */
export function day(offset = 0): string {
  const now = new Date(Date.now() + offset * 86_400_000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now)
}

export function invoiceBody(clientId: string, data: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    invoice_no: `INV-${Math.random().toString(36).slice(2, 8)}`,
    invoice_date: day(-10),
    due_date: day(20),
    gst_type: 'INTRASTATE',
    is_rcm: false,
    line_items: [
      { description: 'Design services', sac_code: '998331', qty: 2, unit: 'Nos', rate: 1250, gst_rate: 18 },
    ],
    ...data,
  }
}

/** Creates a receivable as `who` and returns its id. */
export async function createReceivable(
  server: TestServer,
  who: Member,
  clientId: string,
  data: Record<string, unknown> = {},
): Promise<string> {
  const res = await as(server, who).post('/receivables', invoiceBody(clientId, data))
  expect(res.statusCode, res.body).toBe(201)
  return res.json().receivable_id
}

/** A receivable marked sent (total 2950: 2 × 1250 + 18% GST). */
export async function sentReceivable(
  server: TestServer,
  who: Member,
  clientId: string,
  data: Record<string, unknown> = {},
): Promise<string> {
  const id = await createReceivable(server, who, clientId, data)
  const res = await as(server, who).put(`/receivables/${id}/send`)
  expect(res.statusCode, res.body).toBe(200)
  return id
}

export async function receivable(server: TestServer, who: Member, id: string) {
  const res = await as(server, who).get(`/receivables/${id}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

export function paymentBody(amount: number, data: Record<string, unknown> = {}) {
  return {
    amount_paid_now: amount,
    payment_date: day(0),
    mode: 'Bank Transfer',
    transaction_id: 'UTR123',
    ...data,
  }
}
