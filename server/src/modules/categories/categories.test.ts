import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  errorOf,
  login,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts'

let server: TestServer
let adminToken: string
let staffToken: string
let otherAdminToken: string

beforeAll(async () => {
  server = await startTestServer()
  const orgId = (await createOrg(server)).orgId
  const admin = await createUser(server, orgId, { isAdmin: true })
  const staff = await createUser(server, orgId)
  const otherAdmin = await createUser(server, (await createOrg(server)).orgId, { isAdmin: true })
  adminToken = (await login(server, admin.email)).accessToken
  staffToken = (await login(server, staff.email)).accessToken
  otherAdminToken = (await login(server, otherAdmin.email)).accessToken
})
afterAll(() => server.close())

const admin = () => client(server, adminToken)
const staff = () => client(server, staffToken)
const otherAdmin = () => client(server, otherAdminToken)

interface Category {
  category_id: string
  category_name: string
  category_color: string
  version: number
}

async function create(name: string, color = '#1E88E5', api = admin()): Promise<Category> {
  const res = await api.post('/categories', { category_name: name, category_color: color })
  expect(res.statusCode).toBe(201)
  return res.json().category
}

async function list(api = admin()): Promise<Category[]> {
  const res = await api.get('/categories')
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('GET /categories', () => {
  it('lists the organisation’s categories, sorted by name, to any user', async () => {
    await create('zeta works')
    await create('Alpha')
    await create('beta')
    await create('Not mine', '#000000', otherAdmin())
    const names = (await list(staff())).map((c) => c.category_name)
    expect(names).toEqual(['Alpha', 'beta', 'zeta works'])
    const [first] = await list(staff())
    expect(Object.keys(first!).sort()).toEqual(['category_color', 'category_id', 'category_name', 'version'])
    expect((await list(otherAdmin())).map((c) => c.category_name)).toEqual(['Not mine'])
  })

  it('needs a token', async () => {
    expect((await client(server).get('/categories')).statusCode).toBe(401)
  })
})

describe('POST /categories', () => {
  it('creates a category (admin), trimming the name and lower-casing the colour', async () => {
    const res = await admin().post('/categories', {
      category_name: '  Site Visits ',
      category_color: '#ABCDEF',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().category).toMatchObject({ category_name: 'Site Visits', category_color: '#abcdef' })
    expect((await list()).some((c) => c.category_id === res.json().category.category_id)).toBe(true)
  })

  it('refuses staff with 403 and creates nothing', async () => {
    const res = await staff().post('/categories', { category_name: 'Staff made', category_color: '#123456' })
    expect(res.statusCode).toBe(403)
    expect((await list()).some((c) => c.category_name === 'Staff made')).toBe(false)
    // Refused before what they sent is read: an invalid body is still a 403, not a 400.
    expect((await staff().post('/categories', { category_color: 'red' })).statusCode).toBe(403)
  })

  it('refuses an invalid colour or a missing name with 400', async () => {
    for (const color of ['red', '#12345', '#1234567', '123456', '#gggggg', '']) {
      const res = await admin().post('/categories', { category_name: `Bad ${color}`, category_color: color })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toEqual(expect.any(String))
    }
    const noName = await admin().post('/categories', { category_name: '  ', category_color: '#123456' })
    expect(noName.statusCode).toBe(400)
    expect(errorOf(noName)).toBe('Category name is required.')
  })

  it('refuses a duplicate name, whatever its case, with 409', async () => {
    await create('Procurement')
    const res = await admin().post('/categories', { category_name: 'PROCUREMENT', category_color: '#123456' })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toBe('A category with this name already exists.')
    // The same name in another organisation is fine.
    await create('Procurement', '#123456', otherAdmin())
  })
})

describe('PUT /categories/:id', () => {
  it('updates name and colour (admin) and bumps the version', async () => {
    const cat = await create('Old name', '#111111')
    const res = await admin().put(`/categories/${cat.category_id}`, {
      category_name: 'New name',
      category_color: '#222222',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().category).toMatchObject({
      category_name: 'New name',
      category_color: '#222222',
      version: cat.version + 1,
    })
    const stored = (await list()).find((c) => c.category_id === cat.category_id)
    expect(stored).toMatchObject({ category_name: 'New name', category_color: '#222222' })
  })

  it('refuses staff with 403', async () => {
    const cat = await create('Staff cannot edit')
    const res = await staff().put(`/categories/${cat.category_id}`, {
      category_name: 'Edited',
      category_color: '#222222',
    })
    expect(res.statusCode).toBe(403)
    expect((await list()).find((c) => c.category_id === cat.category_id)?.category_name).toBe(
      'Staff cannot edit',
    )
  })

  it('refuses a rename onto an existing name (409) and an invalid colour (400)', async () => {
    await create('Taken Name')
    const cat = await create('Free Name')
    const dup = await admin().put(`/categories/${cat.category_id}`, {
      category_name: 'taken name',
      category_color: '#222222',
    })
    expect(dup.statusCode).toBe(409)
    const bad = await admin().put(`/categories/${cat.category_id}`, {
      category_name: 'Free Name',
      category_color: 'blue',
    })
    expect(bad.statusCode).toBe(400)
    // Renaming a category to a different case of its own name is allowed.
    const recase = await admin().put(`/categories/${cat.category_id}`, {
      category_name: 'FREE NAME',
      category_color: '#222222',
    })
    expect(recase.statusCode).toBe(200)
  })

  it("answers 404 for another organisation's category and leaves it alone", async () => {
    const theirs = await create('Their category', '#333333', otherAdmin())
    const res = await admin().put(`/categories/${theirs.category_id}`, {
      category_name: 'Hijacked',
      category_color: '#000000',
    })
    expect(res.statusCode).toBe(404)
    expect((await list(otherAdmin())).find((c) => c.category_id === theirs.category_id)?.category_name).toBe(
      'Their category',
    )
  })

  it('answers 404 for a malformed id', async () => {
    const res = await admin().put('/categories/not-an-id', { category_name: 'X', category_color: '#000000' })
    expect(res.statusCode).toBe(404)
  })

  it('refuses a stale If-Match version with 412', async () => {
    const cat = await create('Versioned')
    const first = await admin().put(
      `/categories/${cat.category_id}`,
      { category_name: 'Versioned 2', category_color: '#444444' },
      { 'if-match': String(cat.version) },
    )
    expect(first.statusCode).toBe(200)
    const stale = await admin().put(
      `/categories/${cat.category_id}`,
      { category_name: 'Versioned 3', category_color: '#444444' },
      { 'if-match': String(cat.version) },
    )
    expect(stale.statusCode).toBe(412)
    expect((await list()).find((c) => c.category_id === cat.category_id)?.category_name).toBe('Versioned 2')
  })
})

describe('DELETE /categories/:id', () => {
  it('deletes a category (admin)', async () => {
    const cat = await create('Short lived')
    const res = await admin().delete(`/categories/${cat.category_id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toEqual(expect.any(String))
    expect((await list()).some((c) => c.category_id === cat.category_id)).toBe(false)
    expect((await admin().delete(`/categories/${cat.category_id}`)).statusCode).toBe(404)
  })

  it('refuses staff with 403', async () => {
    const cat = await create('Staff cannot delete')
    expect((await staff().delete(`/categories/${cat.category_id}`)).statusCode).toBe(403)
    expect((await list()).some((c) => c.category_id === cat.category_id)).toBe(true)
  })

  it("answers 404 for another organisation's category and keeps it", async () => {
    const theirs = await create('Keep me', '#555555', otherAdmin())
    expect((await admin().delete(`/categories/${theirs.category_id}`)).statusCode).toBe(404)
    expect((await list(otherAdmin())).some((c) => c.category_id === theirs.category_id)).toBe(true)
  })
})
