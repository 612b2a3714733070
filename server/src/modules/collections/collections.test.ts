import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { registerContract } from '../../../test/register-contract.ts'
import { type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'

registerContract({
  label: 'Collection',
  entityType: 'COLLECTION',
  path: '/collections',
  table: 'collections',
  listKey: 'collections',
  idField: 'collection_id',
  notFound: 'Collection not found.',
  nameField: 'name',
  body: (tag) => ({ name: tag, description: 'Policies and forms' }),
})

let server: TestServer
let org: RegisterOrg
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Collections Org')
})
afterAll(() => server.close())
const api = (token: string) => client(server, token)

describe('collections', () => {
  it('need a name: "Collection name is required."', async () => {
    for (const body of [{}, { name: ' ' }, { description: 'only this' }]) {
      const res = await api(org.admin.token).post('/collections', body)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Collection name is required.')
    }
  })

  it('access granted at creation applies once the request is approved, not before', async () => {
    const res = await api(org.staff.token).post('/collections', {
      name: 'HR Policies',
      accessPermissions: [{ user_id: org.staff2.userId, level: 'READ' }],
    })
    expect(res.statusCode).toBe(202)
    const before = (await api(org.staff2.token).get('/collections')).json().collections
    expect(before).toEqual([])
    const approved = await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}/approve`)
    const id = approved.json().entityId
    const after = (await api(org.staff2.token).get('/collections')).json().collections
    expect(after.map((c: { collection_id: string }) => c.collection_id)).toEqual([id])
    expect((await api(org.staff2.token).get(`/collections/${id}`)).json().access_level).toBe('READ')
    expect((await api(org.staff.token).get(`/collections/${id}`)).json().access_level).toBe('WRITE')
  })

  it('list by name and by the other sorts, searching name and description', async () => {
    const list = await registerOrg(server, 'Collection Lists Org')
    for (const [name, description] of [
      ['Safety', 'Site safety manuals'],
      ['accounts', 'Tax filings'],
    ]) {
      await api(list.admin.token).post('/collections', { name, description })
    }
    const names = async (q = '') =>
      (await api(list.admin.token).get(`/collections${q}`))
        .json()
        .collections.map((c: { name: string }) => c.name)
    expect(await names()).toEqual(['accounts', 'Safety'])
    expect(await names('?sortBy=name_desc')).toEqual(['Safety', 'accounts'])
    expect(await names('?sortBy=first_added')).toEqual(['Safety', 'accounts'])
    expect(await names('?searchQuery=MANUAL')).toEqual(['Safety'])
  })
})
