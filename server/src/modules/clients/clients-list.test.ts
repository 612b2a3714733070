import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createClient, grant, type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
const ids: Record<string, string> = {}

type Row = { client_id: string; name: string; contact_person_name: string | null }

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Client Lists Org')
  other = await registerOrg(server, 'Other Client Lists Org')
  // Created in this order: first_added follows it.
  const clients: [string, string | null][] = [
    ['beta Builders', 'Zoya'],
    ['Alpha Agencies', 'meera'],
    ['Gamma Grids', null],
    ['delta Dyes', 'Kiran'],
  ]
  for (const [name, contact] of clients) {
    ids[name] = await createClient(server, org.admin.token, {
      name,
      contacts: contact ? [{ name: contact, phone: '98200 00000', email: `${contact}@x.test` }] : [],
    })
  }
  await createClient(server, other.admin.token, { name: 'Alpha Foreign' })
})
afterAll(() => server.close())

async function list(token: string, query = '') {
  const res = await client(server, token).get(`/clients${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { clients: Row[]; totalPages: number; currentPage: number }
}
const names = (rows: Row[]) => rows.map((r) => r.name)

describe('GET /clients', () => {
  it('shows an admin every client of the organisation, with the list fields', async () => {
    const body = await list(org.admin.token)
    expect(names(body.clients)).toEqual(['Alpha Agencies', 'beta Builders', 'delta Dyes', 'Gamma Grids'])
    expect(body).toMatchObject({ totalPages: 1, currentPage: 1 })
    expect(body.clients[0]).toMatchObject({
      client_id: ids['Alpha Agencies'],
      client_id_display: 'CL-0002',
      contact_person_name: 'meera',
      contact_person_phone: '98200 00000',
      contact_person_email: 'meera@x.test',
    })
    expect(body.clients.find((c) => c.name === 'Gamma Grids')).toMatchObject({
      contact_person_name: null,
      contact_person_phone: null,
      contact_person_email: null,
    })
  })

  it('shows staff only the clients on their access list, and nothing once revoked', async () => {
    expect((await list(org.staff.token)).clients).toEqual([])
    const accessId = await grant(server, org.admin.token, org.staff.userId, 'CLIENT', ids['delta Dyes']!)
    await grant(server, org.admin.token, org.staff.userId, 'CLIENT', ids['beta Builders']!, 'WRITE')
    expect(names((await list(org.staff.token)).clients)).toEqual(['beta Builders', 'delta Dyes'])
    expect((await list(org.staff2.token)).clients).toEqual([])

    expect((await client(server, org.admin.token).delete(`/access/${accessId}`)).statusCode).toBe(200)
    expect(names((await list(org.staff.token)).clients)).toEqual(['beta Builders'])
  })

  it('searches case-insensitively by name, contact and display id', async () => {
    expect(names((await list(org.admin.token, '?searchQuery=ALPHA')).clients)).toEqual(['Alpha Agencies'])
    expect(names((await list(org.admin.token, '?searchQuery=zOyA')).clients)).toEqual(['beta Builders'])
    expect(names((await list(org.admin.token, '?searchQuery=cl-0004')).clients)).toEqual(['delta Dyes'])
    expect((await list(org.admin.token, '?searchQuery=nothing-like-this')).clients).toEqual([])
    // Only the contacts' values are searched, not the field names of the stored rows.
    expect((await list(org.admin.token, '?searchQuery=email')).clients).toEqual([])
    expect(names((await list(org.admin.token, '?searchQuery=kiran@x')).clients)).toEqual(['delta Dyes'])
    // % and _ are taken literally.
    expect((await list(org.admin.token, '?searchQuery=%25')).clients).toEqual([])
  })

  it.each([
    ['name_asc', ['Alpha Agencies', 'beta Builders', 'delta Dyes', 'Gamma Grids']],
    ['name_desc', ['Gamma Grids', 'delta Dyes', 'beta Builders', 'Alpha Agencies']],
    ['contact_person_asc', ['delta Dyes', 'Alpha Agencies', 'beta Builders', 'Gamma Grids']],
    ['contact_person_desc', ['beta Builders', 'Alpha Agencies', 'delta Dyes', 'Gamma Grids']],
    ['first_added', ['beta Builders', 'Alpha Agencies', 'Gamma Grids', 'delta Dyes']],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(names((await list(org.admin.token, `?sortBy=${sortBy}`)).clients)).toEqual(expected)
    // The spec's client sends `sort`; it means the same.
    expect(names((await list(org.admin.token, `?sort=${sortBy}`)).clients)).toEqual(expected)
  })

  it('sorts by last_updated, the latest edit first', async () => {
    const edited = await client(server, org.admin.token).put(`/clients/${ids['Gamma Grids']}`, {
      name: 'Gamma Grids',
    })
    expect(edited.statusCode).toBe(200)
    const rows = (await list(org.admin.token, '?sortBy=last_updated')).clients
    expect(rows[0]!.name).toBe('Gamma Grids')
    expect(names(rows).slice(1)).toEqual(['delta Dyes', 'Alpha Agencies', 'beta Builders'])
  })

  it('pages 20 at a time with totalPages', async () => {
    const big = await registerOrg(server, 'Many Clients Org')
    for (let i = 1; i <= 45; i++) {
      await createClient(server, big.admin.token, { name: `Client ${String(i).padStart(2, '0')}` })
    }
    const page1 = await list(big.admin.token)
    expect(page1.clients).toHaveLength(20)
    expect(page1).toMatchObject({ totalPages: 3, currentPage: 1 })
    expect(page1.clients[0]!.name).toBe('Client 01')
    const page2 = await list(big.admin.token, '?page=2')
    expect(page2.clients).toHaveLength(20)
    expect(page2.clients[0]!.name).toBe('Client 21')
    const page3 = await list(big.admin.token, '?page=3')
    expect(names(page3.clients)).toEqual(['Client 41', 'Client 42', 'Client 43', 'Client 44', 'Client 45'])
    expect(page3.currentPage).toBe(3)
    // Past the last page: no row, and still the count (asked alone when no row carries it).
    expect(await list(big.admin.token, '?page=4')).toEqual({ clients: [], totalPages: 3, currentPage: 4 })
    const searched = await list(big.admin.token, '?searchQuery=client 4')
    expect(searched).toMatchObject({ totalPages: 1 })
    expect(searched.clients).toHaveLength(6)
    // An empty list still has one page.
    expect((await list(big.staff.token)).totalPages).toBe(1)
  })

  it('never shows another organisation’s clients', async () => {
    expect(names((await list(other.admin.token)).clients)).toEqual(['Alpha Foreign'])
    expect(names((await list(org.admin.token, '?searchQuery=foreign')).clients)).toEqual([])
  })
})
