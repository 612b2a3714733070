import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { registerContract } from '../../../test/register-contract.ts'
import { type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'

registerContract({
  label: 'Technical info',
  entityType: 'TECHNICAL_INFO',
  path: '/technical-info',
  table: 'technical_info',
  listKey: 'technicalInfo',
  idField: 'technical_info_id',
  notFound: 'Technical info entry not found.',
  nameField: 'title',
  body: (tag) => ({ title: tag, keywords: ['ph'] }),
})

let server: TestServer
let org: RegisterOrg
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Technical Info Org')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)
async function create(body: Record<string, unknown>) {
  const res = await api(org.admin.token).post('/technical-info', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().entityId as string
}

describe('POST /technical-info', () => {
  it('keeps keywords trimmed, lowercased, split at commas and once each, and empty texts as null', async () => {
    const id = await create({
      title: '  Jar test for coagulant dose ',
      keywords: [' Coagulation ', 'PAC', 'pac', '', 'Jar Test', 'alum, PAC,dosing'],
      when_to_use: 'When turbidity rises',
      prerequisites: '',
      formula: '   ',
    })
    const res = (await api(org.admin.token).get(`/technical-info/${id}`)).json()
    expect(res).toMatchObject({
      title: 'Jar test for coagulant dose',
      keywords: ['coagulation', 'pac', 'jar test', 'alum', 'dosing'],
      when_to_use: 'When turbidity rises',
      prerequisites: null,
      formula: null,
      steps: null,
      description: null,
    })
  })

  it('needs a title: "Title is required."', async () => {
    for (const body of [{}, { title: '' }, { title: '   ' }, { keywords: ['x'] }]) {
      const res = await api(org.staff.token).post('/technical-info', body)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Title is required.')
    }
  })
})

describe('GET /technical-info', () => {
  let list: RegisterOrg
  beforeAll(async () => {
    list = await registerOrg(server, 'Technical Lists Org')
    for (const [title, keywords, whenToUse, prerequisites] of [
      ['Sludge Volume Index', ['svi', 'settling'], 'Bulking sludge', 'Graduated cylinder'],
      ['aeration blower sizing', ['blower', 'oxygen'], 'New aeration tank', 'Oxygen demand'],
      ['Chlorine Dose', ['disinfection'], 'Final outlet', 'Residual kit'],
    ] as const) {
      const res = await api(list.admin.token).post('/technical-info', {
        title,
        keywords,
        when_to_use: whenToUse,
        prerequisites,
      })
      expect(res.statusCode).toBe(201)
    }
  })
  const titles = async (query = '') => {
    const res = await api(list.admin.token).get(`/technical-info${query}`)
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json()).sort()).toEqual(['currentPage', 'technicalInfo', 'totalPages'])
    return res.json().technicalInfo.map((t: { title: string }) => t.title)
  }

  it('sorts by title A-Z by default, and by the other sort values', async () => {
    expect(await titles()).toEqual(['aeration blower sizing', 'Chlorine Dose', 'Sludge Volume Index'])
    expect(await titles('?sortBy=title_desc')).toEqual([
      'Sludge Volume Index',
      'Chlorine Dose',
      'aeration blower sizing',
    ])
    expect(await titles('?sortBy=first_added')).toEqual([
      'Sludge Volume Index',
      'aeration blower sizing',
      'Chlorine Dose',
    ])
  })

  it('searches the title, the keywords and the use cases, not the prerequisites', async () => {
    expect(await titles('?searchQuery=CHLORINE')).toEqual(['Chlorine Dose'])
    expect(await titles('?searchQuery=settling')).toEqual(['Sludge Volume Index'])
    expect(await titles('?searchQuery=aeration tank')).toEqual(['aeration blower sizing'])
    expect(await titles('?searchQuery=Residual kit')).toEqual([])
  })

  it('answers each row with the list fields', async () => {
    const row = (await api(list.admin.token).get('/technical-info?searchQuery=svi')).json().technicalInfo[0]
    expect(row).toEqual({
      technical_info_id: expect.any(String),
      title: 'Sludge Volume Index',
      keywords: ['svi', 'settling'],
      when_to_use: 'Bulking sludge',
      prerequisites: 'Graduated cylinder',
      updated_at: expect.any(String),
    })
  })
})
