import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, PASSWORD, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  grant,
  member,
  onDisk,
  type RegisterOrg,
  registerOrg,
  sendMultipart,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
let clientId: string

type Item = { document_id: string; name: string; is_folder: boolean; s3_key: string | null }

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Document Manager Org')
  other = await registerOrg(server, 'Other Document Manager Org')
  clientId = await createClient(server, org.admin.token, { name: 'Managed Client' })
  await grant(server, org.admin.token, org.staff.userId, 'CLIENT', clientId, 'WRITE')
  await grant(server, org.admin.token, org.staff2.userId, 'CLIENT', clientId, 'READ')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

async function list(parentFolderId?: string): Promise<Item[]> {
  const query = new URLSearchParams({ entityType: 'CLIENT', entityId: clientId })
  if (parentFolderId) query.set('parentFolderId', parentFolderId)
  const res = await api(org.admin.token).get(`/documents?${query}`)
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function folder(folderName: string, parentFolderId: string | null = null) {
  const res = await api(org.admin.token).post('/documents', {
    entityType: 'CLIENT',
    entityId: clientId,
    parentFolderId,
    folderName,
  })
  expect(res.statusCode).toBe(201)
  return res.json().document_id as string
}

async function file(name: string, parentFolderId?: string) {
  const fields: Record<string, string> = { entityType: 'CLIENT', entityId: clientId }
  if (parentFolderId) fields.parentFolderId = parentFolderId
  const res = await sendMultipart(server, org.staff.token, '/documents/upload', fields, {
    documentFile: { name, type: 'text/plain', data: Buffer.from(`content of ${name}`) },
  })
  expect(res.statusCode, res.body).toBe(201)
  const id = res.json().document_id as string
  const item = (await list(parentFolderId)).find((d) => d.document_id === id)!
  return { id, key: item.s3_key! }
}

describe('PUT /documents/:id (rename)', () => {
  it('renames for WRITE and admins, refusing a blank or unchanged name', async () => {
    const { id } = await file('draft.txt')
    const res = await api(org.staff.token).put(`/documents/${id}`, { newName: '  final.txt ' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Item renamed successfully')
    const renamed = (await list()).find((d) => d.document_id === id)!
    expect(renamed).toMatchObject({ name: 'final.txt', updated_by_username: org.staff.username })

    const same = await api(org.admin.token).put(`/documents/${id}`, { newName: 'final.txt' })
    expect(same.statusCode).toBe(400)
    expect(errorOf(same)).toBe('Enter a different name.')
    for (const newName of ['', '   ', undefined]) {
      const blank = await api(org.admin.token).put(`/documents/${id}`, { newName })
      expect(blank.statusCode).toBe(400)
      expect(errorOf(blank)).toBe('Name cannot be empty.')
    }
    const folderId = await folder('Old Folder')
    expect(
      (await api(org.admin.token).put(`/documents/${folderId}`, { newName: 'New Folder' })).statusCode,
    ).toBe(200)
    expect((await list()).map((d) => d.name)).toContain('New Folder')
  })

  it('refuses READ with 403, and answers 404 without access or from another organisation', async () => {
    const { id } = await file('guarded.txt')
    expect((await api(org.staff2.token).put(`/documents/${id}`, { newName: 'x.txt' })).statusCode).toBe(403)
    const noAccess = await member(server, org.orgId)
    expect((await api(noAccess.token).put(`/documents/${id}`, { newName: 'mine.txt' })).statusCode).toBe(404)
    // Any admin may rename.
    expect((await api(org.admin2.token).put(`/documents/${id}`, { newName: 'ok.txt' })).statusCode).toBe(200)
    const foreign = await api(other.admin.token).put(`/documents/${id}`, { newName: 'y.txt' })
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign)).toBe('Document not found.')
    const stranger = await registerOrg(server)
    expect((await api(stranger.staff.token).put(`/documents/${id}`, { newName: 'z.txt' })).statusCode).toBe(
      404,
    )
    expect((await list()).find((d) => d.document_id === id)!.name).toBe('ok.txt')
  })
})

describe('DELETE /documents/:id', () => {
  it('is for admins only, confirmed with their own password', async () => {
    const { id, key } = await file('keep.txt')
    const url = `/documents/${id}`
    const confirmed = { password: PASSWORD }
    expect((await api(org.staff.token).delete(url, confirmed)).statusCode).toBe(403)

    const wrong = await api(org.admin.token).delete(url, { password: 'wrong-password' })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong)).toBe('Incorrect password.')
    const missing = await api(org.admin.token).delete(url, {})
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing)).toBe('Password is required to confirm deletion.')
    // A password in the address is not read: it would be kept by logs, proxies and history.
    const inUrl = await api(org.admin.token).delete(`${url}?password=${encodeURIComponent(PASSWORD)}`, {})
    expect(inUrl.statusCode).toBe(400)
    expect((await api(other.admin.token).delete(url, confirmed)).statusCode).toBe(404)
    expect((await list()).map((d) => d.document_id)).toContain(id)
    expect(onDisk(server, key)).toBe(true)

    const res = await api(org.admin.token).delete(url, confirmed)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Item deleted successfully')
    expect((await list()).map((d) => d.document_id)).not.toContain(id)
    expect(onDisk(server, key)).toBe(false)
    expect((await api(org.admin.token).delete(url, confirmed)).statusCode).toBe(404)
  })

  it('deletes a folder with everything inside it, files removed from disk', async () => {
    const top = await folder('Archive')
    const sub = await folder('2023', top)
    const a = await file('a.txt', top)
    const b = await file('b.txt', sub)
    const outside = await file('outside.txt')
    const res = await api(org.admin2.token).delete(`/documents/${top}`, { password: PASSWORD })
    expect(res.statusCode).toBe(200)
    expect((await list()).map((d) => d.document_id)).not.toContain(top)
    const { rows } = await server.deps.database.pool.query(
      'select document_id from documents where document_id = any($1::uuid[])',
      [[top, sub, a.id, b.id]],
    )
    expect(rows).toEqual([])
    expect(onDisk(server, a.key)).toBe(false)
    expect(onDisk(server, b.key)).toBe(false)
    expect(onDisk(server, outside.key)).toBe(true)
    expect((await list()).map((d) => d.document_id)).toContain(outside.id)
  })
})
