import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, PNG_1PX, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  grant,
  member,
  onDisk,
  type RegisterOrg,
  registerOrg,
  sendMultipart,
  storedFiles,
} from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
let clientId: string
let projectId: string

type Item = {
  document_id: string
  name: string
  is_folder: boolean
  s3_key: string | null
  file_size: number | null
}

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Documents Org')
  other = await registerOrg(server, 'Other Documents Org')
  clientId = await createClient(server, org.admin.token, { name: 'Docs Client' })
  projectId = await createProject(server, org.admin.token, clientId, { name: 'Docs Project' })
  await grant(server, org.admin.token, org.staff.userId, 'CLIENT', clientId, 'WRITE')
  await grant(server, org.admin.token, org.staff2.userId, 'CLIENT', clientId, 'READ')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)

async function list(token: string, entityId = clientId, parentFolderId?: string, entityType = 'CLIENT') {
  const query = new URLSearchParams({ entityType, entityId })
  if (parentFolderId) query.set('parentFolderId', parentFolderId)
  const res = await api(token).get(`/documents?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Item[]
}

async function folder(
  token: string,
  folderName: string,
  parentFolderId: string | null = null,
  entityId = clientId,
) {
  const res = await api(token).post('/documents', {
    entityType: 'CLIENT',
    entityId,
    parentFolderId,
    folderName,
    isFolder: true,
  })
  expect(res.statusCode, res.body).toBe(201)
  expect(res.json().message).toBe('Folder created successfully')
  return res.json().document_id as string
}

function upload(
  token: string,
  fields: Record<string, string>,
  name = 'notes.txt',
  data: Buffer = Buffer.from('hello docs'),
) {
  return sendMultipart(server, token, '/documents/upload', fields, {
    documentFile: { name, type: 'text/plain', data },
  })
}

async function uploaded(token: string, parentFolderId?: string, name?: string, data?: Buffer) {
  const fields: Record<string, string> = { entityType: 'CLIENT', entityId: clientId }
  if (parentFolderId) fields.parentFolderId = parentFolderId
  const res = await upload(token, fields, name, data)
  expect(res.statusCode, res.body).toBe(201)
  expect(res.json().message).toBe('File uploaded successfully')
  return res.json().document_id as string
}

describe('folders', () => {
  it('creates folders for WRITE and admins, lists folders first, and nests them', async () => {
    const contracts = await folder(org.admin.token, '  Contracts ')
    await folder(org.staff.token, 'agreements')
    await uploaded(org.admin.token, undefined, 'Alpha.txt')
    const root = await list(org.staff2.token)
    expect(root.map((d) => [d.name, d.is_folder])).toEqual([
      ['agreements', true],
      ['Contracts', true],
      ['Alpha.txt', false],
    ])
    expect(root[1]).toMatchObject({
      document_id: contracts,
      s3_key: null,
      file_size: null,
      created_by_username: org.admin.username,
      created_by_fullname: 'Anita Admin',
    })

    const inner = await folder(org.staff.token, '2024', contracts)
    const children = await list(org.admin.token, clientId, contracts)
    expect(children.map((d) => d.document_id)).toEqual([inner])
    expect(await list(org.admin.token, clientId, inner)).toEqual([])
    // 'null' and 'root' mean the root.
    const res = await api(org.admin.token).get(
      `/documents?entityType=CLIENT&entityId=${clientId}&parentFolderId=null`,
    )
    expect(res.json()).toHaveLength(3)
  })

  it('needs WRITE: READ gets 403, no access or another organisation 404, a blank name 400', async () => {
    const body = { entityType: 'CLIENT', entityId: clientId, folderName: 'X', isFolder: true }
    expect((await api(org.staff2.token).post('/documents', body)).statusCode).toBe(403)
    expect(
      (await api(org.staff.token).post('/documents', { ...body, entityType: 'PROJECT', entityId: projectId }))
        .statusCode,
    ).toBe(404)
    expect((await api(other.admin.token).post('/documents', body)).statusCode).toBe(404)
    const blank = await api(org.admin.token).post('/documents', { ...body, folderName: '   ' })
    expect(blank.statusCode).toBe(400)
    expect(errorOf(blank)).toBe('Folder name cannot be empty.')
    expect((await list(org.admin.token)).map((d) => d.name)).not.toContain('X')
  })

  it('refuses a parent folder of another record with 404', async () => {
    const projectFolder = (
      await api(org.admin.token).post('/documents', {
        entityType: 'PROJECT',
        entityId: projectId,
        folderName: 'Project Folder',
      })
    ).json().document_id
    expect(await list(org.admin.token, projectId, undefined, 'PROJECT')).toHaveLength(1)
    const res = await api(org.admin.token).post('/documents', {
      entityType: 'CLIENT',
      entityId: clientId,
      parentFolderId: projectFolder,
      folderName: 'Stray',
    })
    expect(res.statusCode).toBe(404)
    const listed = await api(org.admin.token).get(
      `/documents?entityType=CLIENT&entityId=${clientId}&parentFolderId=${projectFolder}`,
    )
    expect(listed.statusCode).toBe(404)
    const up = await upload(org.admin.token, {
      entityType: 'CLIENT',
      entityId: clientId,
      parentFolderId: projectFolder,
    })
    expect(up.statusCode).toBe(404)
  })

  it('answers 404 to listing without access or from another organisation', async () => {
    expect(
      (await api(org.staff2.token).get(`/documents?entityType=PROJECT&entityId=${projectId}`)).statusCode,
    ).toBe(404)
    expect(
      (await api(other.admin.token).get(`/documents?entityType=CLIENT&entityId=${clientId}`)).statusCode,
    ).toBe(404)
  })
})

describe('uploads and downloads', () => {
  it('stores the file on disk, lists it with its size and serves its bytes through a signed URL', async () => {
    const contracts = (await list(org.admin.token)).find((d) => d.name === 'Contracts')!.document_id
    const data = Buffer.concat([PNG_1PX, Buffer.from('tail')])
    const id = await uploaded(org.staff.token, contracts, 'Site Photo.png', data)
    const item = (await list(org.staff2.token, clientId, contracts)).find((d) => d.document_id === id)!
    expect(item).toMatchObject({ name: 'Site Photo.png', is_folder: false, file_size: data.length })
    expect(item.s3_key).toMatch(new RegExp(`^org/${org.orgId}/documents/[0-9a-f-]{36}\\.png$`))
    expect(onDisk(server, item.s3_key!)).toBe(true)

    const key = encodeURIComponent(item.s3_key!)
    for (const token of [org.admin.token, org.staff.token, org.staff2.token]) {
      const signed = await api(token).get(`/get-presigned-url?key=${key}&bucketType=documents`)
      expect(signed.statusCode).toBe(200)
      const file = await server.app.inject({ method: 'GET', url: signed.json().url })
      expect(file.statusCode).toBe(200)
      expect(file.rawPayload.equals(data)).toBe(true)
    }
    const download = await api(org.staff2.token).get(
      `/get-presigned-url?key=${key}&bucketType=documents&download=true`,
    )
    const file = await server.app.inject({ method: 'GET', url: download.json().url })
    expect(file.headers['content-disposition']).toContain('attachment')
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('Site Photo.png'))

    // Staff without access to the client, and another organisation, get nothing.
    const noAccess = await member(server, org.orgId)
    for (const token of [noAccess.token, other.admin.token]) {
      const res = await api(token).get(`/get-presigned-url?key=${key}&bucketType=documents`)
      expect(res.statusCode).toBe(404)
    }
  })

  it('needs WRITE to upload and keeps nothing when refused', async () => {
    const before = storedFiles(server)
    const fields = { entityType: 'CLIENT', entityId: clientId }
    expect((await upload(org.staff2.token, fields)).statusCode).toBe(403)
    expect((await upload(org.staff.token, { entityType: 'PROJECT', entityId: projectId })).statusCode).toBe(
      404,
    )
    expect((await upload(other.admin.token, fields)).statusCode).toBe(404)
    const noFile = await sendMultipart(server, org.admin.token, '/documents/upload', fields)
    expect(noFile.statusCode).toBe(400)
    expect(errorOf(noFile)).toBe('Choose a file to upload.')
    expect(storedFiles(server)).toEqual(before)
  })

  it('refuses a file over 25 MB with 413 and keeps nothing', async () => {
    const before = storedFiles(server)
    const count = (await list(org.admin.token)).length
    const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x61)
    const res = await upload(org.admin.token, { entityType: 'CLIENT', entityId: clientId }, 'big.txt', big)
    expect(res.statusCode).toBe(413)
    expect(errorOf(res)).toBe('File size too large. Maximum allowed size is 25MB.')
    expect(storedFiles(server)).toEqual(before)
    expect(await list(org.admin.token)).toHaveLength(count)
  })
})
