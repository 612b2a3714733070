import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { registerContract } from '../../../test/register-contract.ts'
import { countRows, type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'

registerContract({
  label: 'Supplier',
  entityType: 'SUPPLIER',
  path: '/suppliers',
  table: 'suppliers',
  listKey: 'suppliers',
  idField: 'supplier_id',
  notFound: 'Supplier not found.',
  nameField: 'name',
  body: (tag) => ({ name: tag, product_category: 'Pumps' }),
})

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Suppliers Org')
  other = await registerOrg(server, 'Other Suppliers Org')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)
async function create(body: Record<string, unknown>, token = org.admin.token) {
  const res = await api(token).post('/suppliers', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().entityId as string
}
const detail = async (id: string) => (await api(org.admin.token).get(`/suppliers/${id}`)).json()

describe('POST /suppliers', () => {
  it('trims text, uppercases GSTIN and PAN, drops blank contacts, nulls empty values and all-blank bank details', async () => {
    const id = await create({
      name: '  Aqua Pumps  ',
      product_category: ' Pumps ',
      website: ' aquapumps.example ',
      gstin: ' 27aapfu0939f1zv ',
      pan: 'aapfu0939f',
      address: '',
      notes: '   ',
      contacts: [
        { name: '', phone: '', email: '' },
        { name: ' Meera ', phone: '98200 11111', email: '' },
      ],
      bank_details: { bank_name: ' ', branch_name: '', account_no: null, ifsc_code: '' },
    })
    expect(await detail(id)).toMatchObject({
      name: 'Aqua Pumps',
      product_category: 'Pumps',
      website: 'aquapumps.example',
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      address: null,
      notes: null,
      contacts: [{ name: 'Meera', phone: '98200 11111', email: null }],
      bank_details: null,
    })
  })

  it('keeps bank details with any field given, the IFSC uppercased and checked', async () => {
    const id = await create({
      name: 'Banked Supplier',
      bank_details: { bank_name: 'HDFC Bank', account_no: '50100234567890', ifsc_code: 'hdfc0001234' },
    })
    expect((await detail(id)).bank_details).toEqual({
      bank_name: 'HDFC Bank',
      branch_name: null,
      account_no: '50100234567890',
      ifsc_code: 'HDFC0001234',
    })
    const bad = await api(org.admin.token).post('/suppliers', {
      name: 'Bad IFSC',
      bank_details: { ifsc_code: 'HDFC1001234' },
    })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad)).toBe('Invalid IFSC code.')
  })

  it("refuses a GSTIN whose check character is wrong with the clients' message, as clients do", async () => {
    // The spec's pattern matches it; its 15th character is not the one its first 14 give.
    const gstin = '27aapfu0939f1zw'
    const asClient = await api(org.admin.token).post('/clients', { name: 'Check Client', gstin })
    const asSupplier = await api(org.admin.token).post('/suppliers', { name: 'Check Supplier', gstin })
    expect(asClient.statusCode).toBe(400)
    expect(asSupplier.statusCode).toBe(400)
    expect(errorOf(asSupplier)).toBe(errorOf(asClient))
    expect(errorOf(asSupplier)).toBe('Invalid GSTIN format.')
    // The right check character passes both.
    const right = await api(org.admin.token).post('/suppliers', {
      name: 'Check Supplier',
      gstin: '27aapfu0939f1zv',
    })
    expect(right.statusCode, right.body).toBe(201)
  })

  it.each([
    [{}, 'Supplier name is required.'],
    [{ name: '   ' }, 'Supplier name is required.'],
    [{ name: 'X', gstin: '27AAPFU0939F1ZW' }, 'Invalid GSTIN format.'],
    [{ name: 'X', gstin: '27AAPFU0939F1X' }, 'Invalid GSTIN format.'],
    [{ name: 'X', gstin: '27AAPFU0939F1ZVA' }, 'Invalid GSTIN format.'],
    [{ name: 'X', pan: 'AAPF0939F' }, 'Invalid PAN format.'],
    [{ name: 'X', pan: 'AAPFU09390F' }, 'Invalid PAN format.'],
  ])('refuses %j with "%s" and stores nothing', async (body, message) => {
    const before = await countRows(server, 'suppliers', org.orgId)
    for (const token of [org.admin.token, org.staff.token]) {
      const res = await api(token).post('/suppliers', body)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe(message)
    }
    expect(await countRows(server, 'suppliers', org.orgId)).toBe(before)
  })
})

describe('GET /suppliers', () => {
  let ids: Record<string, string>
  beforeAll(async () => {
    const list = await registerOrg(server, 'Supplier Lists Org')
    ids = {}
    for (const [name, category, contact] of [
      ['beta Valves', 'Valves', 'Zoya'],
      ['Alpha Pipes', 'pipes', 'Kiran'],
      ['Gamma Chemicals', null, null],
      ['delta Motors', 'Motors', 'Arun'],
    ] as const) {
      ids[name] = await create(
        {
          name,
          product_category: category,
          website: name === 'Alpha Pipes' ? 'https://alpha.example' : null,
          contacts: contact ? [{ name: contact, phone: '99000 00000', email: `${contact}@s.test` }] : [],
        },
        list.admin.token,
      )
    }
    listOrg = list
  })
  let listOrg: RegisterOrg
  const names = async (query = '') => {
    const res = await api(listOrg.admin.token).get(`/suppliers${query}`)
    expect(res.statusCode).toBe(200)
    return res.json().suppliers.map((s: { name: string }) => s.name)
  }

  it('answers the list fields of the spec, the first contact standing for the supplier', async () => {
    const res = (await api(listOrg.admin.token).get('/suppliers')).json()
    expect(res).toMatchObject({ totalPages: 1, currentPage: 1 })
    expect(res.suppliers[0]).toEqual({
      supplier_id: ids['Alpha Pipes'],
      name: 'Alpha Pipes',
      product_category: 'pipes',
      contact_person_name: 'Kiran',
      contact_person_phone: '99000 00000',
      contact_person_email: 'Kiran@s.test',
      website: 'https://alpha.example',
      updated_at: expect.any(String),
    })
  })

  it.each([
    ['name_asc', ['Alpha Pipes', 'beta Valves', 'delta Motors', 'Gamma Chemicals']],
    ['name_desc', ['Gamma Chemicals', 'delta Motors', 'beta Valves', 'Alpha Pipes']],
    ['product_category_asc', ['delta Motors', 'Alpha Pipes', 'beta Valves', 'Gamma Chemicals']],
    ['product_category_desc', ['beta Valves', 'Alpha Pipes', 'delta Motors', 'Gamma Chemicals']],
    ['first_added', ['beta Valves', 'Alpha Pipes', 'Gamma Chemicals', 'delta Motors']],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(await names(`?sortBy=${sortBy}`)).toEqual(expected)
  })

  it('sorts last_updated with the latest edit first', async () => {
    await api(listOrg.admin.token).put(`/suppliers/${ids['Gamma Chemicals']}`, { name: 'Gamma Chemicals' })
    expect((await names('?sortBy=last_updated'))[0]).toBe('Gamma Chemicals')
  })

  it('searches name, category and contacts case-insensitively', async () => {
    expect(await names('?searchQuery=VALVE')).toEqual(['beta Valves'])
    expect(await names('?searchQuery=arun')).toEqual(['delta Motors'])
    expect(await names('?searchQuery=email')).toEqual([])
  })

  it('dropdown-list gives every supplier of the organisation (id, name, gstin) to anyone signed in', async () => {
    const res = await api(listOrg.staff.token).get('/suppliers/dropdown-list')
    expect(res.statusCode).toBe(200)
    expect(res.json().map((s: { name: string }) => s.name)).toEqual([
      'Alpha Pipes',
      'beta Valves',
      'delta Motors',
      'Gamma Chemicals',
    ])
    for (const s of res.json()) expect(Object.keys(s).sort()).toEqual(['gstin', 'name', 'supplier_id'])
    const theirs = (await api(other.admin.token).get('/suppliers/dropdown-list')).json()
    expect(theirs.map((s: { supplier_id: string }) => s.supplier_id)).not.toContain(ids['Alpha Pipes'])
  })
})
