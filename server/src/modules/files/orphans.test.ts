import { randomUUID } from 'node:crypto'
import { eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sentReceivable } from '../../../test/accounts-helpers.ts'
import { PNG_1PX, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  PDF_BYTES,
  registerOrg,
  sendMultipart,
} from '../../../test/registers-helpers.ts'
import { s3Settings, startS3 } from '../../../test/s3.ts'
import { pdf, taskClient } from '../../../test/task-helpers.ts'
import { users } from '../../platform/identity-schema.ts'
import { S3Storage } from '../../platform/s3-storage.ts'
import { newStorageKey } from '../../platform/storage.ts'
import { fileOwners, ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphans.ts'

/**
 * The orphan sweep (docs/scaling.md, "Orphaned files") on the disk and on S3 (s3rver): files that
 * rows name — one of every area, made through the API where an upload makes them — survive; files
 * no row names are deleted once past the grace, and not before; an area it does not know is left.
 */
let s3: Awaited<ReturnType<typeof startS3>>
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3.close())

describe.each(['disk', 's3'])('the orphan sweep on %s', (store) => {
  let server: TestServer
  let orgId: string
  beforeAll(async () => {
    server = await startTestServer(
      {},
      store === 's3' ? { storage: new S3Storage(s3Settings(s3.endpoint)) } : {},
    )
    const org = await registerOrg(server, `Sweep ${store}`)
    orgId = org.orgId
    const admin = org.admin
    const clientId = await createClient(server, admin.token)
    const document = await sendMultipart(
      server,
      admin.token,
      '/documents/upload',
      { entityType: 'CLIENT', entityId: clientId },
      { documentFile: { name: 'note.txt', type: 'text/plain', data: Buffer.from('kept') } },
    )
    expect(document.statusCode, document.body).toBe(201)
    const projectId = await createProject(server, admin.token, clientId)
    const bill = await sendMultipart(
      server,
      admin.token,
      `/billing/project/${projectId}`,
      { invoice_no: 'B-1', title: 'Stage 1', amount: '1000', invoice_date: '2024-07-01' },
      { invoice_pdf: { name: 'b1.pdf', type: 'application/pdf', data: PDF_BYTES } },
    )
    expect(bill.statusCode, bill.body).toBe(201)
    const tasks = taskClient(server, admin.token)
    const task = await tasks.create({ title: 'With files' }, { attachment: pdf() })
    expect(task.statusCode, task.body).toBe(201)
    const done = await tasks.complete(task.json().task.task_id, {}, { completionFile: pdf('done.pdf') })
    expect(done.statusCode, done.body).toBe(200)
    await sentReceivable(server, admin, clientId)
    // A profile photo, named by the admin's row (its upload route has tests of its own).
    const photo = newStorageKey(orgId, 'displayPicture', 'png')
    await server.deps.storage.put(photo, PNG_1PX, 1024)
    await server.deps.db.update(users).set({ displayPhoto: photo }).where(eq(users.userId, admin.userId))
  }, 60_000)
  afterAll(() => server?.close())

  /** Every key of this organisation a row names, by area; a receivable's PDF is kept here if not made yet. */
  async function namedKeys(): Promise<Record<string, string[]>> {
    const named: Record<string, string[]> = {}
    for (const [area, column] of Object.entries(fileOwners)) {
      const rows = await server.deps.db.select({ key: column }).from(column.table).where(isNotNull(column))
      named[area] = rows.map((r) => String(r.key)).filter((k) => k.startsWith(`org/${orgId}/`))
      for (const key of named[area]!)
        if (!(await server.deps.storage.exists(key))) await server.deps.storage.put(key, PDF_BYTES, 1024)
    }
    return named
  }

  it('deletes only the files no row names, once they are past the grace', async () => {
    const named = await namedKeys()
    for (const area of Object.keys(fileOwners)) expect(named[area], area).toHaveLength(1)

    const orphans = Object.keys(fileOwners).map((area) => newStorageKey(orgId, area, 'pdf'))
    const unknownArea = `org/${orgId}/mystery/${randomUUID()}.pdf`
    for (const key of [...orphans, unknownArea]) await server.deps.storage.put(key, PDF_BYTES, 1024)

    // Fresh uploads may still be waiting for their row: nothing goes.
    expect(await sweepOrphanFiles(server.deps)).toBe(0)
    for (const key of orphans) expect(await server.deps.storage.exists(key)).toBe(true)

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000)
    expect(await sweepOrphanFiles(server.deps, later)).toBe(orphans.length)
    for (const key of orphans) expect(await server.deps.storage.exists(key), key).toBe(false)
    for (const key of Object.values(named).flat())
      expect(await server.deps.storage.exists(key), key).toBe(true)
    expect(await server.deps.storage.exists(unknownArea)).toBe(true)
    expect(await sweepOrphanFiles(server.deps, later)).toBe(0)
  })
})
