import { gstinCheckCharacter, type SearchResult, type SearchType } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountsOrg, accountsOrg, as, invoiceBody } from '../../../test/accounts-helpers.ts'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createClient, grant, type Member } from '../../../test/registers-helpers.ts'
import { operationsBody, sendReport } from '../../../test/report-helpers.ts'
import { taskClient } from '../../../test/task-helpers.ts'

/**
 * GET /api/search (docs/decisions.md, "Search"): every visibility rule of each type (access lists,
 * task membership, report senders and recipients, 'Who can open Accounts', the organisation), the
 * ranking, the matched field and the query's validation. A second organisation holds the same
 * records and must never show.
 */

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14)

let server: TestServer
let org: AccountsOrg
let other: AccountsOrg
const ids: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server, 'Search Org')
  other = await accountsOrg(server, 'Other Search Org')
  for (const o of [other, org]) await seed(o)
}, 120_000)
afterAll(() => server.close())

async function created(who: Member, path: string, body: object): Promise<string> {
  const res = await as(server, who).post(path, body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().entityId ?? res.json().receivable_id ?? res.json().payable_id
}

/** One record of each type, made by the admin (nobody else on their access lists). */
async function seed(o: AccountsOrg) {
  ids.hidden = await createClient(server, o.admin.token, {
    name: 'Kaveri Hidden Traders',
    gstin: gstin('29AAKCK7777Q1Z'),
    pan: 'AAKCK7777Q',
    contacts: [{ name: 'Lata', phone: '+91 90000 55555', email: 'lata@kaveri.test' }],
  })
  ids.granted = await createClient(server, o.admin.token, { name: 'Kaveri Granted Exports' })
  ids.exact = await createClient(server, o.admin.token, { name: 'Kaveri' })
  ids.supplier = await created(o.admin, '/suppliers', {
    name: 'Narmada Pumps',
    gstin: gstin('27AABCN5555B1Z'),
  })
  ids.asset = await created(o.admin, '/assets', {
    asset_display_id: 'AST-NARMADA-9',
    name: 'Narmada Generator',
    status: 'In Stock',
  })
  ids.employee = await created(o.admin, '/employees', {
    full_name: 'Narmada Iyer',
    employee_official_id: 'EMP-NAR-1',
    contact_email: 'narmada.iyer@example.test',
  })
  ids.technical = await created(o.admin, '/technical-info', {
    title: 'Narmada pump sizing',
    keywords: ['hydraulics'],
  })
  ids.collection = await created(o.admin, '/collections', { name: 'Narmada drawings' })
  ids.receivable = await created(
    o.accountant,
    '/receivables',
    invoiceBody(o.clientId, { invoice_no: 'INV-2026-005' }),
  )
  const tasks = taskClient(server, o.admin.token)
  const task = await tasks.create({
    title: 'Site visit',
    details: 'Inspect the godavari pipeline joints',
    assignTo: o.staff2.username,
  })
  expect(task.statusCode, task.body).toBe(201)
  ids.task = task.json().task.task_id
  ids.report = await sendReport(
    server,
    o.staff2,
    operationsBody([o.admin.userId], {
      context: {
        projectName: 'Tapti Canal',
        clientName: 'Acme',
        projectType: 'STP',
        projectCapacity: '1 MLD',
      },
    }),
  )
  ids.other = o.orgId
}

async function find(who: Member, q: string, extra = ''): Promise<SearchResult[]> {
  const res = await as(server, who).get(`/search?q=${encodeURIComponent(q)}${extra}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().results
}
const idsOf = (results: SearchResult[], type?: SearchType) =>
  results.filter((r) => !type || r.type === type).map((r) => r.id)

describe('GET /api/search', () => {
  it("finds a client by name, GSTIN fragment, PAN, contact and CL- number, naming the matched field, and only the caller's organisation's", async () => {
    const byName = await find(org.admin, 'kaveri')
    expect(byName.map((r) => r.title)).toEqual(
      expect.arrayContaining(['Kaveri', 'Kaveri Hidden Traders', 'Kaveri Granted Exports']),
    )
    expect(byName).toHaveLength(3)
    // Exact before starts-with.
    expect(byName[0]).toMatchObject({ title: 'Kaveri', matched: 'name', type: 'client' })
    expect(byName[0]!.url).toMatch(/^\/clients\/[0-9a-f-]{36}$/)
    const [gst] = await find(org.admin, 'AKCK7777')
    expect(gst).toMatchObject({ title: 'Kaveri Hidden Traders', matched: 'gstin' })
    expect((await find(org.admin, 'aakck7777q')).map((r) => r.matched)).toEqual(['pan'])
    expect((await find(org.admin, '90000 55555'))[0]).toMatchObject({ matched: 'contact' })
    expect((await find(org.admin, 'lata@kaveri'))[0]).toMatchObject({ matched: 'contact' })
    const number = byName.find((r) => r.title === 'Kaveri')!.subtitle.split(' · ')[0]!
    expect(number).toMatch(/^CL-\d{4}$/)
    const byNumber = await find(org.admin, number)
    expect(byNumber[0]).toMatchObject({ title: 'Kaveri', matched: 'display_id' })
  })

  it('tolerates a typo in a name (trigram similarity), ranked after the exact and starting matches', async () => {
    const typo = await find(org.admin, 'Kaveri Hiden Traders')
    expect(typo.map((r) => r.title)).toContain('Kaveri Hidden Traders')
    const narmada = await find(org.admin, 'Narmda Pumps')
    expect(narmada[0]).toMatchObject({ type: 'supplier', title: 'Narmada Pumps', matched: 'name' })
  })

  it('a staff user never finds a register record not on their access list, and finds it once granted', async () => {
    expect(await find(org.staff, 'kaveri')).toEqual([])
    expect(await find(org.staff, 'AKCK7777')).toEqual([])
    expect(await find(org.staff, 'narmada')).toEqual([])
    const mine = await as(server, org.admin).get('/clients?searchQuery=Granted')
    const granted = mine.json().clients[0].client_id as string
    await grant(server, org.admin.token, org.staff.userId, 'CLIENT', granted)
    expect((await find(org.staff, 'kaveri')).map((r) => r.title)).toEqual(['Kaveri Granted Exports'])
    // Each register's own access list.
    const admins = await find(org.admin, 'narmada')
    const byType = Object.fromEntries(admins.map((r) => [r.type, r]))
    expect(Object.keys(byType).sort()).toEqual(
      ['asset', 'collection', 'employee', 'supplier', 'technical_info'].sort(),
    )
    const entity: Record<string, 'SUPPLIER' | 'ASSET' | 'EMPLOYEE' | 'TECHNICAL_INFO' | 'COLLECTION'> = {
      supplier: 'SUPPLIER',
      asset: 'ASSET',
      employee: 'EMPLOYEE',
      technical_info: 'TECHNICAL_INFO',
      collection: 'COLLECTION',
    }
    for (const [type, entityType] of Object.entries(entity)) {
      await grant(server, org.admin.token, org.staff2.userId, entityType, byType[type]!.id)
      expect(idsOf(await find(org.staff2, 'narmada'), type as SearchType)).toEqual([byType[type]!.id])
    }
    expect(await find(org.staff, 'narmada')).toEqual([])
  })

  it('finds keywords, e-mails and display ids of the other registers', async () => {
    expect((await find(org.admin, 'hydraulics'))[0]).toMatchObject({
      type: 'technical_info',
      matched: 'keyword',
    })
    expect((await find(org.admin, 'narmada.iyer@'))[0]).toMatchObject({ type: 'employee', matched: 'email' })
    expect((await find(org.admin, 'AST-NARMADA-9'))[0]).toMatchObject({
      type: 'asset',
      matched: 'display_id',
    })
  })

  it('finds a task by a word of its description only for the members of its chain and CC', async () => {
    const [task] = await find(org.staff2, 'godavari')
    expect(task).toMatchObject({ type: 'task', title: 'Site visit', matched: 'description' })
    expect(task!.url).toBe(`/tasks?task=${task!.id}`)
    expect(idsOf(await find(org.admin, 'godavari'), 'task')).toEqual([task!.id])
    // Not in the chain: neither another staff user nor another admin.
    expect(await find(org.staff, 'godavari')).toEqual([])
    expect(await find(org.admin2, 'godavari')).toEqual([])
  })

  it('finds a report for its sender, its recipients and admins only', async () => {
    for (const who of [org.staff2, org.admin, org.admin2]) {
      const [report] = await find(who, 'Tapti')
      expect(report).toMatchObject({ type: 'report', matched: 'project' })
      expect(report!.title).toMatch(/^Operations Report RPT-\d{4}$/)
      expect(report!.url).toBe(`/reports/view/${report!.id}`)
    }
    expect(await find(org.staff, 'Tapti')).toEqual([])
  })

  it("finds an invoice by its number for whoever may open Accounts, as the organisation's setting says", async () => {
    const setAccess = async (o: AccountsOrg, access: string) =>
      expect(
        (
          await as(server, o.admin).put('/admin/organisation', {
            name: 'Search Org',
            accounts_access: access,
          })
        ).statusCode,
      ).toBe(200)
    await setAccess(org, 'ADMINS_AND_ACCOUNTANTS')
    for (const who of [org.admin, org.accountant]) {
      const [invoice] = await find(who, 'INV-2026-005')
      expect(invoice).toMatchObject({ type: 'receivable', title: 'INV-2026-005', matched: 'invoice_no' })
      expect(invoice!.url).toBe('/accounts/receivables?searchQuery=INV-2026-005')
    }
    expect(await find(org.staff, 'INV-2026-005')).toEqual([])
    expect(await find(org.staff, 'INV-2026', '&types=receivable,payable')).toEqual([])
    await setAccess(org, 'EVERYONE')
    expect((await find(org.staff, 'INV-2026-005')).map((r) => r.type)).toEqual(['receivable'])
    await setAccess(org, 'ADMINS_AND_ACCOUNTANTS')
  })

  it('narrows to the asked types, keeps to the limit and answers nothing under two characters', async () => {
    const clientsOnly = await find(org.admin, 'narmada', '&types=supplier,asset')
    expect(new Set(clientsOnly.map((r) => r.type))).toEqual(new Set(['supplier', 'asset']))
    expect(await find(org.admin, 'narmada', '&limit=2')).toHaveLength(2)
    expect(await find(org.admin, 'k')).toEqual([])
    expect(await find(org.admin, '  k  ')).toEqual([])
  })

  it('refuses a query that is missing, too long, of an unknown type or over the limit', async () => {
    for (const query of [
      '',
      '?q=',
      `?q=${'a'.repeat(101)}`,
      '?q=ab&types=client,secrets',
      '?q=ab&limit=51',
      '?q=ab&limit=0',
    ]) {
      const res = await as(server, org.admin).get(`/search${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(errorOf(res)).toBeTruthy()
    }
  })

  it('treats % and _ as themselves', async () => {
    expect(await find(org.admin, '%%')).toEqual([])
    expect(await find(org.admin, '__')).toEqual([])
  })
})
