import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPTURE_HEADER } from '../src/platform/sql-capture.ts'
import { client, startTestServer, type TestServer } from './helpers.ts'
import { registerOrg } from './registers-helpers.ts'

/** The benchmark's capture of one request's SQL (bench/README.md, "the SQL alone"). */
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-capture-')), 'sql.jsonl')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ SQL_CAPTURE_FILE: file })
})
afterAll(() => server.close())

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
})
