import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  grant,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
const ids: Record<string, string> = {}

type Row = {
  project_id: string
  name: string
  client_name: string
  order_value: number | null
  billed_amount: number
  project_type: string | null
}

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Project Lists Org')
  other = await registerOrg(server, 'Other Project Lists Org')
  const zeta = await createClient(server, org.admin.token, { name: 'Zeta Corp' })
  const acme = await createClient(server, org.admin.token, { name: 'acme Ltd' })
  // Created in this order: first_added follows it.
  const projects: [string, string, number | null][] = [
    ['Solar Farm', zeta, 500000],
    ['canal Top', acme, 1200000],
    ['Boiler Retrofit', zeta, null],
    ['Archived Plant', acme, 10],
  ]
  for (const [name, clientId, value] of projects) {
    ids[name] = await createProject(server, org.admin.token, clientId, {
      name,
      project_type: name === 'Boiler Retrofit' ? 'Thermal' : 'Solar EPC',
      work_order_details: { number: null, date: null, total_value: value },
    })
  }
  await client(server, org.admin.token).put(`/projects/${ids['Archived Plant']}/archive`, { archive: true })
  const foreignClient = await createClient(server, other.admin.token, { name: 'Foreign' })
  await createProject(server, other.admin.token, foreignClient, { name: 'Foreign Project' })
})
afterAll(() => server.close())

async function list(token: string, path = '/projects', query = '') {
  const res = await client(server, token).get(`${path}${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { projects: Row[]; totalPages: number; currentPage: number }
}
const names = (rows: Row[]) => rows.map((r) => r.name)

describe('GET /projects and /projects/archived', () => {
  it('lists active projects by name by default, with client, order value and billed amount', async () => {
    const body = await list(org.admin.token)
    expect(names(body.projects)).toEqual(['Boiler Retrofit', 'canal Top', 'Solar Farm'])
    expect(body).toMatchObject({ totalPages: 1, currentPage: 1 })
    expect(body.projects.find((p) => p.name === 'canal Top')).toEqual({
      project_id: ids['canal Top'],
      name: 'canal Top',
      client_id: expect.any(String),
      client_name: 'acme Ltd',
      order_value: 1200000,
      billed_amount: 0,
      project_type: 'Solar EPC',
      is_archived: false,
    })
    expect(body.projects.find((p) => p.name === 'Boiler Retrofit')!.order_value).toBeNull()
  })

  it('lists archived projects apart', async () => {
    const body = await list(org.admin.token, '/projects/archived')
    expect(names(body.projects)).toEqual(['Archived Plant'])
    expect(body.projects[0]).toMatchObject({ is_archived: true, client_name: 'acme Ltd', order_value: 10 })
  })

  it('shows staff only the projects on their access list', async () => {
    expect((await list(org.staff.token)).projects).toEqual([])
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', ids['Solar Farm']!)
    await grant(server, org.admin.token, org.staff.userId, 'PROJECT', ids['Archived Plant']!, 'WRITE')
    expect(names((await list(org.staff.token)).projects)).toEqual(['Solar Farm'])
    expect(names((await list(org.staff.token, '/projects/archived')).projects)).toEqual(['Archived Plant'])
    expect((await list(org.staff2.token)).projects).toEqual([])
  })

  it('searches case-insensitively by project name, client name and type', async () => {
    expect(names((await list(org.admin.token, '/projects', '?searchQuery=SOLAR F')).projects)).toEqual([
      'Solar Farm',
    ])
    expect(names((await list(org.admin.token, '/projects', '?searchQuery=ZETA')).projects)).toEqual([
      'Boiler Retrofit',
      'Solar Farm',
    ])
    expect(names((await list(org.admin.token, '/projects', '?searchQuery=thermal')).projects)).toEqual([
      'Boiler Retrofit',
    ])
    expect(names((await list(org.admin.token, '/projects/archived', '?searchQuery=ACME')).projects)).toEqual([
      'Archived Plant',
    ])
    expect((await list(org.admin.token, '/projects', '?searchQuery=Foreign')).projects).toEqual([])
  })

  it.each([
    ['name_asc', ['Boiler Retrofit', 'canal Top', 'Solar Farm']],
    ['name_desc', ['Solar Farm', 'canal Top', 'Boiler Retrofit']],
    ['client_asc', ['canal Top', 'Boiler Retrofit', 'Solar Farm']],
    ['order_value_desc', ['canal Top', 'Solar Farm', 'Boiler Retrofit']],
    ['first_added', ['Solar Farm', 'canal Top', 'Boiler Retrofit']],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(names((await list(org.admin.token, '/projects', `?sortBy=${sortBy}`)).projects)).toEqual(expected)
  })

  it('sorts by last_updated, the latest edit first', async () => {
    const id = ids['canal Top']!
    const current = (await client(server, org.admin.token).get(`/projects/${id}`)).json()
    const res = await client(server, org.admin.token).put(`/projects/${id}`, {
      name: current.name,
      client_id: current.client_id,
      work_order_details: current.work_order_details,
    })
    expect(res.statusCode).toBe(200)
    const rows = (await list(org.admin.token, '/projects', '?sortBy=last_updated')).projects
    expect(names(rows)).toEqual(['canal Top', 'Boiler Retrofit', 'Solar Farm'])
  })

  it('pages 20 at a time with totalPages', async () => {
    const big = await registerOrg(server, 'Many Projects Org')
    const clientId = await createClient(server, big.admin.token)
    for (let i = 1; i <= 21; i++) {
      await createProject(server, big.admin.token, clientId, { name: `P${String(i).padStart(2, '0')}` })
    }
    const page1 = await list(big.admin.token)
    expect(page1.projects).toHaveLength(20)
    expect(page1).toMatchObject({ totalPages: 2, currentPage: 1 })
    const page2 = await list(big.admin.token, '/projects', '?page=2')
    expect(names(page2.projects)).toEqual(['P21'])
    expect(page2.currentPage).toBe(2)
    expect((await list(big.admin.token, '/projects/archived')).totalPages).toBe(1)
  })
})

describe('GET /projects/dropdown-list', () => {
  it('returns every project of the organisation with project_id, name, client_id and client_name', async () => {
    const res = await client(server, org.staff2.token).get('/projects/dropdown-list')
    expect(res.statusCode).toBe(200)
    const rows = res.json() as Record<string, string>[]
    expect(rows.map((r) => r.name)).toEqual(['Archived Plant', 'Boiler Retrofit', 'canal Top', 'Solar Farm'])
    expect(rows[0]).toEqual({
      project_id: ids['Archived Plant'],
      name: 'Archived Plant',
      client_id: expect.any(String),
      client_name: 'acme Ltd',
    })
    for (const r of rows)
      expect(Object.keys(r).sort()).toEqual(['client_id', 'client_name', 'name', 'project_id'])
    const theirs = await client(server, other.admin.token).get('/projects/dropdown-list')
    expect(theirs.json().map((r: { name: string }) => r.name)).toEqual(['Foreign Project'])
  })
})
