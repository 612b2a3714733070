import { addDays, todayIn } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { registerContract } from '../../../test/register-contract.ts'
import {
  createClient,
  createProject,
  grant,
  notificationsOf,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'
import { remindDueAssets } from './reminders.ts'

let tag = 0
registerContract({
  label: 'Asset',
  entityType: 'ASSET',
  path: '/assets',
  table: 'assets',
  listKey: 'assets',
  idField: 'asset_id',
  notFound: 'Asset not found.',
  nameField: 'name',
  body: (name) => ({ asset_display_id: `AST-C${tag++}`, name }),
})

let server: TestServer
let org: RegisterOrg
let projectId: string
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Assets Org')
  const clientId = await createClient(server, org.admin.token, { name: 'Asset Client' })
  projectId = await createProject(server, org.admin.token, clientId, { name: 'Yamuna STP' })
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)
async function create(body: Record<string, unknown>, token = org.admin.token) {
  const res = await api(token).post('/assets', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().entityId as string
}
const detail = async (id: string) => (await api(org.admin.token).get(`/assets/${id}`)).json()

describe('POST /assets', () => {
  it('starts In Stock, keeps the cost to the paisa, and names the project it is assigned to', async () => {
    const id = await create({
      asset_display_id: 'AST-001',
      name: 'Dosing pump',
      purchase_cost: '12500.456',
      purchase_date: '2025-04-01',
      assigned_to_type: 'PROJECT',
      assigned_to_id: projectId,
      warranty_details: { expires_on: '2027-03-31', details: '2 years' },
      seller_details: { name: 'Aqua Pumps', phone: '98200 12345' },
    })
    expect(await detail(id)).toMatchObject({
      asset_display_id: 'AST-001',
      status: 'In Stock',
      purchase_cost: 12500.46,
      purchase_date: '2025-04-01',
      assigned_to_type: 'PROJECT',
      assigned_to_id: projectId,
      assigned_project_name: 'Yamuna STP',
      assigned_employee_name: null,
      warranty_details: { expires_on: '2027-03-31', details: '2 years' },
      seller_details: {
        name: 'Aqua Pumps',
        contact_person: null,
        phone: '98200 12345',
        email: null,
        address: null,
      },
    })
    const row = (await api(org.admin.token).get('/assets?searchQuery=AST-001')).json().assets[0]
    expect(row).toMatchObject({ assigned_project_name: 'Yamuna STP', status: 'In Stock' })
  })

  it('assigns to a person by user, showing their name and username', async () => {
    const id = await create({
      asset_display_id: 'AST-002',
      name: 'Laptop',
      status: 'In Use',
      assigned_to_type: 'EMPLOYEE',
      assigned_to_id: org.staff.userId,
    })
    expect(await detail(id)).toMatchObject({
      status: 'In Use',
      assigned_employee_name: 'Sunil Staff',
      assigned_employee_username: org.staff.username,
    })
  })

  it('an office assignment or none needs no target, and drops one that was sent', async () => {
    const id = await create({
      asset_display_id: 'AST-003',
      name: 'Printer',
      assigned_to_type: 'OFFICE',
      assigned_to_id: projectId,
    })
    expect(await detail(id)).toMatchObject({ assigned_to_type: 'OFFICE', assigned_to_id: null })
  })

  it.each([
    [{ name: 'X' }, 'Asset ID is required.'],
    [{ asset_display_id: ' ', name: 'X' }, 'Asset ID is required.'],
    [{ asset_display_id: 'AST-9' }, 'Asset name is required.'],
    [
      { asset_display_id: 'AST-9', name: 'X', assigned_to_type: 'PROJECT' },
      'Please select a specific project/employee to assign the asset to.',
    ],
    [
      { asset_display_id: 'AST-9', name: 'X', assigned_to_type: 'EMPLOYEE', assigned_to_id: '' },
      'Please select a specific project/employee to assign the asset to.',
    ],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await api(org.staff.token).post('/assets', body)
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe(message)
  })

  it('refuses an unknown status and a target of another organisation', async () => {
    expect(
      (await api(org.admin.token).post('/assets', { asset_display_id: 'S1', name: 'X', status: 'Lost' }))
        .statusCode,
    ).toBe(400)
    const other = await registerOrg(server, 'Other Assets Org')
    const res = await api(org.admin.token).post('/assets', {
      asset_display_id: 'S2',
      name: 'X',
      assigned_to_type: 'EMPLOYEE',
      assigned_to_id: other.staff.userId,
    })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('Please select a specific project/employee to assign the asset to.')
  })

  it('keeps the Asset ID unique in the organisation, whatever its case, but not across organisations', async () => {
    await create({ asset_display_id: 'GEN-01', name: 'Generator' })
    const again = await api(org.admin.token).post('/assets', { asset_display_id: 'gen-01', name: 'Another' })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toBe('An asset with this Asset ID already exists.')
    const other = await registerOrg(server, 'Second Assets Org')
    expect(
      (await api(other.admin.token).post('/assets', { asset_display_id: 'GEN-01', name: 'Theirs' }))
        .statusCode,
    ).toBe(201)
  })
})

describe('assets due soon and reminders', () => {
  let due: RegisterOrg
  const today = () => todayIn(server.config.TIME_ZONE)
  beforeAll(async () => {
    due = await registerOrg(server, 'Due Assets Org')
    const t = today()
    for (const [id, name, maintenance, warranty, status] of [
      ['D-1', 'Blower', addDays(t, 5), null, 'In Use'],
      ['D-2', 'Chiller', addDays(t, 60), addDays(t, 20), 'In Use'],
      ['D-3', 'Old pump', addDays(t, 2), null, 'Retired'],
      ['D-4', 'Filter press', addDays(t, 45), null, 'In Use'],
      ['D-5', 'UPS', addDays(t, -3), null, 'Under Maintenance'],
    ] as const) {
      await create(
        {
          asset_display_id: id,
          name,
          next_maintenance_due: maintenance,
          warranty_details: { expires_on: warranty },
          status,
        },
        due.admin.token,
      )
    }
  })

  it('lists what needs maintenance or loses its warranty within 30 days, retired assets left out', async () => {
    const res = await api(due.admin.token).get('/assets/due-soon?sortBy=maintenance_date_asc')
    expect(res.json().assets.map((a: { name: string }) => a.name)).toEqual(['UPS', 'Blower', 'Chiller'])
  })

  it("counts the 'Due soon' list for the sidebar: all of it for an admin, only what staff may read", async () => {
    const count = async (token: string) => {
      const res = await api(token).get('/assets/due-soon/count')
      expect(res.statusCode, res.body).toBe(200)
      return res.json().count as number
    }
    expect(await count(due.admin.token)).toBe(3)
    // Staff with no access to any of them count none; a READ grant on one counts that one.
    expect(await count(due.staff.token)).toBe(0)
    const list = (await api(due.admin.token).get('/assets/due-soon')).json().assets as {
      asset_id: string
      name: string
    }[]
    const blower = list.find((x) => x.name === 'Blower')!
    await grant(server, due.admin.token, due.staff.userId, 'ASSET', blower.asset_id, 'READ')
    expect(await count(due.staff.token)).toBe(1)
    expect((await api(due.staff.token).get('/assets/due-soon')).json().assets).toHaveLength(1)
    expect((await client(server).get('/assets/due-soon/count')).statusCode).toBe(401)
  })

  it('tells the admins once, 7 days ahead, of maintenance and warranty expiry', async () => {
    expect(await remindDueAssets(server.deps, today())).toBeGreaterThanOrEqual(1)
    const mine = (await notificationsOf(server, due.admin.token)).filter((n) => n.type.startsWith('ASSET_'))
    expect(mine.map((n) => n.message)).toEqual([
      expect.stringMatching(/^Maintenance of asset D-1 'Blower' is due on /),
    ])
    for (const admin of [due.admin, due.admin2])
      expect(
        (await notificationsOf(server, admin.token)).some((n) => n.type === 'ASSET_MAINTENANCE_DUE'),
      ).toBe(true)
    expect((await notificationsOf(server, due.staff.token)).some((n) => n.type.startsWith('ASSET_'))).toBe(
      false,
    )
    // A second run announces nothing new; 13 days on, the warranty is 7 days away.
    await remindDueAssets(server.deps, today())
    expect(
      (await notificationsOf(server, due.admin.token)).filter((n) => n.type.startsWith('ASSET_')),
    ).toHaveLength(1)
    await remindDueAssets(server.deps, addDays(today(), 13))
    const later = (await notificationsOf(server, due.admin.token)).filter(
      (n) => n.type === 'ASSET_WARRANTY_EXPIRING',
    )
    expect(later.map((n) => n.message)).toEqual([
      expect.stringMatching(/^The warranty of asset D-2 'Chiller' expires on /),
    ])
  })

  it('sorts by purchase date, newest first', async () => {
    const list = await registerOrg(server, 'Asset Sort Org')
    for (const [id, date] of [
      ['P1', '2024-01-01'],
      ['P2', '2025-06-01'],
      ['P3', null],
    ] as const)
      await create({ asset_display_id: id, name: id, purchase_date: date }, list.admin.token)
    const res = await api(list.admin.token).get('/assets?sortBy=purchase_date_desc')
    expect(res.json().assets.map((a: { name: string }) => a.name)).toEqual(['P2', 'P1', 'P3'])
  })
})
