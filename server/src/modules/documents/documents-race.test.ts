import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, PASSWORD, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  grant,
  member,
  type RegisterOrg,
  registerOrg,
  sendMultipart,
  storedFiles,
} from '../../../test/registers-helpers.ts'

// Deletes racing each other and the uploads into the folder being deleted (docs/security.md, "V2
// Validation and business logic": parallel calls have exactly one winner; "V5 File handling": no
// file without its row). The races show on PostgreSQL; PGlite runs the same checks one at a time.
let server: TestServer
let org: RegisterOrg
let clientId: string

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Document Race Org')
  clientId = await createClient(server, org.admin.token, { name: 'Race Client' })
  await grant(server, org.admin.token, org.staff.userId, 'CLIENT', clientId, 'WRITE')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

const newFolder = (folderName: string, parentFolderId: string | null = null, token = org.staff.token) =>
  api(token).post('/documents', { entityType: 'CLIENT', entityId: clientId, parentFolderId, folderName })

async function folder(folderName: string, parentFolderId: string | null = null) {
  const res = await newFolder(folderName, parentFolderId, org.admin.token)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().document_id as string
}

function upload(name: string, parentFolderId?: string, fields?: Record<string, string>) {
  const record = fields ?? { entityType: 'CLIENT', entityId: clientId }
  return sendMultipart(
    server,
    org.staff.token,
    '/documents/upload',
    parentFolderId ? { ...record, parentFolderId } : record,
    { documentFile: { name, type: 'text/plain', data: Buffer.from(`content of ${name}`) } },
  )
}

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  return (await server.deps.database.pool.query(sql, params)).rows as T[]
}

/** Entries whose folder is gone (never listable again), and stored files without their row. */
async function leftovers() {
  const orphans = await query<{ name: string }>(
    `select d.name from documents d where d.org_id = $1 and d.parent_folder_id is not null
       and not exists (select 1 from documents p where p.document_id = d.parent_folder_id)`,
    [org.orgId],
  )
  const keys = await query<{ s3_key: string }>(
    'select s3_key from documents where org_id = $1 and s3_key is not null',
    [org.orgId],
  )
  const rowKeys = new Set(keys.map((k) => k.s3_key))
  const files = storedFiles(server).filter((f) => f.includes(`${org.orgId}/documents/`))
  return { orphans: orphans.map((o) => o.name), filesWithoutRow: files.filter((f) => !rowKeys.has(f)) }
}

const deletesOf = async (name: string) =>
  (
    await query<{ n: number }>(
      `select count(*)::int as n from audit_events where action = 'DOCUMENT_DELETE' and before->>'name' = $1`,
      [name],
    )
  )[0]!.n

describe('DELETE /documents/:id, at once', () => {
  it('of 8 parallel deletes of one folder from two admins exactly one wins, with one History entry', async () => {
    const top = await folder('Parallel Delete')
    const inner = await folder('Inner', top)
    const files = [await upload('one.txt', top), await upload('two.txt', inner)]
    for (const f of files) expect(f.statusCode, f.body).toBe(201)
    const admins = [org.admin.token, org.admin2.token]
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api(admins[i % 2]!).delete(`/documents/${top}`, { password: PASSWORD }),
      ),
    )
    const codes = answers.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 404)).toHaveLength(7)
    for (const r of answers.filter((a) => a.statusCode === 404))
      expect(errorOf(r)).toBe('Document not found.')
    expect(await deletesOf('Parallel Delete')).toBe(1)
    expect(await leftovers()).toEqual({ orphans: [], filesWithoutRow: [] })
  })
})

describe('uploads and new folders racing a folder delete', () => {
  // Each entry is sent a little after the one before, so that some reach their folder check before
  // the delete and their insert after it.
  async function race(trial: number) {
    const top = await folder(`Doomed ${trial}`)
    const inner = await folder(`Doomed inner ${trial}`, top)
    const entries = Array.from({ length: 24 }, async (_, i) => {
      await sleep(i * 6)
      const into = i % 2 ? top : inner
      return i % 4 < 2 ? upload(`f${trial}-${i}.txt`, into) : newFolder(`sub ${trial}-${i}`, into)
    })
    const removal = api(org.admin.token).delete(`/documents/${top}`, { password: PASSWORD })
    const answers = await Promise.all(entries)
    expect((await removal).statusCode).toBe(200)
    for (const res of answers) {
      expect([201, 404], res.body).toContain(res.statusCode)
      if (res.statusCode === 404) expect(errorOf(res)).toBe('Folder not found.')
    }
  }

  it('leaves no entry in a deleted folder and no file without its row', async () => {
    for (let trial = 0; trial < 12; trial++) await race(trial)
    expect(await leftovers()).toEqual({ orphans: [], filesWithoutRow: [] })
  }, 60_000)
})

describe('the password confirming a delete', () => {
  const limit = () => server.config.TWO_FACTOR_MAX_PER_ACCOUNT

  it('is a counted try: of 20 wrong passwords at once the allowed tries answer 400, the rest 429', async () => {
    const admin = await member(server, org.orgId, { isAdmin: true })
    const target = await folder('Guarded')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(admin.token).delete(`/documents/${target}`, { password: 'guess' }),
      ),
    )
    const codes = answers.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 400)).toHaveLength(limit())
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - limit())
    // The limit holds for the right password too, until the window ends.
    expect((await api(admin.token).delete(`/documents/${target}`, { password: PASSWORD })).statusCode).toBe(
      429,
    )
    expect(await deletesOf('Guarded')).toBe(0)
  })

  it('gives a right password its try back, so confirming many deletes is never refused', async () => {
    const admin = await member(server, org.orgId, { isAdmin: true })
    const del = (id: string, password: string) => api(admin.token).delete(`/documents/${id}`, { password })
    const keep = await folder('Kept')
    for (let i = 0; i < limit() - 1; i++) expect((await del(keep, 'guess')).statusCode).toBe(400)
    for (let i = 0; i <= limit(); i++)
      expect((await del(await folder(`Gone ${i}`), PASSWORD)).statusCode).toBe(200)
    expect((await del(keep, 'guess')).statusCode).toBe(400)
    expect((await del(keep, 'guess')).statusCode).toBe(429)
  })
})

describe('POST /documents/upload, refused', () => {
  it('keeps no file when its fields are refused after the file was stored', async () => {
    const before = storedFiles(server)
    const res = await upload('stray.txt', undefined, { entityType: 'NOT_A_REGISTER', entityId: clientId })
    expect(res.statusCode).toBe(400)
    expect(storedFiles(server)).toEqual(before)
  })
})
