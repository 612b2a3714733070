import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPTURE_HEADER } from '../src/platform/sql-capture.ts'
import { client, startTestServer, type TestServer } from './helpers.ts'
import { createClient, registerOrg } from './registers-helpers.ts'

/** The benchmark's capture of one request's SQL (bench/README.md, "the SQL alone"). */
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-capture-')), 'sql.jsonl')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ SQL_CAPTURE_FILE: file })
})
afterAll(() => server.close())

/** The statements of one request that read `table`, as the capture recorded them. */
async function statementsReading(api: ReturnType<typeof client>, url: string, table: string) {
  fs.writeFileSync(file, '')
  expect((await api.get(url, { [CAPTURE_HEADER]: '1' })).statusCode).toBe(200)
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { text: string })
    .filter((s) => s.text.includes(`from "${table}"`))
}

describe('SQL_CAPTURE_FILE', () => {
  it('records the statements of a request that asks for it, with their parameters, and of no other', async () => {
    const org = await registerOrg(server)
    const api = client(server, org.admin.token)
    fs.writeFileSync(file, '')
    expect((await api.get('/clients')).statusCode).toBe(200)
    expect(fs.readFileSync(file, 'utf8')).toBe('')

    expect((await api.get('/clients', { [CAPTURE_HEADER]: '1' })).statusCode).toBe(200)
    const captured = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(captured.length).toBeGreaterThan(0)
    expect(new Set(captured.map((s) => s.url))).toEqual(new Set(['/api/clients']))
    const list = captured.find((s) => /from "clients"/.test(s.text))
    expect(list?.values).toContain(org.orgId)
  })

  it('reads a register list page with its count in one statement, and counts alone only past the last page', async () => {
    const org = await registerOrg(server)
    const api = client(server, org.admin.token)
    await createClient(server, org.admin.token, { name: 'Lone Client' })
    expect(await statementsReading(api, '/clients', 'clients')).toHaveLength(1)
    // A search that finds nothing: an empty first page is an empty list, nothing to count.
    expect(await statementsReading(api, '/clients?searchQuery=nobody', 'clients')).toHaveLength(1)
    // Past the last page no row carries the count, so it is asked alone.
    expect(await statementsReading(api, '/clients?page=2', 'clients')).toHaveLength(2)
  })
})
