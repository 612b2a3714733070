import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createClient, grant, type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'

// A double click on New Folder, or a retry after a lost answer, makes one folder
// (docs/decisions.md, "Registers on the new pieces").
let server: TestServer
let org: RegisterOrg
let clientId: string

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Folder Repeat Org')
  clientId = await createClient(server, org.admin.token, { name: 'Repeat Client' })
  await grant(server, org.admin.token, org.staff.userId, 'CLIENT', clientId, 'WRITE')
})
afterAll(() => server.close())

const newFolder = (token: string, folderName: string, parentFolderId: string | null = null) =>
  client(server, token).post('/documents', {
    entityType: 'CLIENT',
    entityId: clientId,
    parentFolderId,
    folderName,
    isFolder: true,
  })

async function names(token: string) {
  const res = await client(server, token).get(`/documents?entityType=CLIENT&entityId=${clientId}`)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { name: string }[]).map((d) => d.name)
}

describe('POST /documents (new folder) repeated', () => {
  it.each([2, 20])(
    '%i identical requests at once make one folder, and each is answered as a success',
    async (n) => {
      const name = `Invoices ${n}`
      const answers = await Promise.all(Array.from({ length: n }, () => newFolder(org.staff.token, name)))
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(201)
        expect(res.json().message).toBe('Folder created successfully')
      }
      expect(new Set(answers.map((r) => r.json().document_id)).size).toBe(1)
      expect((await names(org.admin.token)).filter((x) => x === name)).toHaveLength(1)
    },
  )

  it('is a repeat only for the same user, parent and name', async () => {
    const first = await newFolder(org.staff.token, 'Contracts')
    const byAdmin = await newFolder(org.admin.token, 'Contracts')
    const otherName = await newFolder(org.staff.token, 'Contracts 2')
    const inside = await newFolder(org.staff.token, 'Contracts', first.json().document_id)
    const ids = [first, byAdmin, otherName, inside].map((r) => {
      expect(r.statusCode, r.body).toBe(201)
      return r.json().document_id
    })
    expect(new Set(ids).size).toBe(4)
  })

  it('still refuses a user without WRITE on the record', async () => {
    const res = await newFolder(org.staff2.token, 'Not mine')
    expect([403, 404]).toContain(res.statusCode)
    expect(await names(org.admin.token)).not.toContain('Not mine')
  })
})
