import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isClientDisconnect } from '../src/platform/errors.ts'
import { LocalDiskStorage, type Storage } from '../src/platform/storage.ts'
import { startTestServer, type TestServer } from './helpers.ts'
import {
  countRows,
  createClient,
  PDF_BYTES,
  type RegisterOrg,
  registerOrg,
  sendMultipart,
  storedFiles,
} from './registers-helpers.ts'

// A client going away mid-upload is not logged as a server error.

const lines: { level: number; msg: string }[] = []
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    done()
  },
})

let server: TestServer
let org: RegisterOrg
let port: number

beforeAll(async () => {
  server = await startTestServer({}, { log: pino({ level: 'info' }, sink) })
  org = await registerOrg(server, 'Disconnect Org')
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  port = (server.app.server.address() as net.AddressInfo).port
})
afterAll(() => server.close())

describe('client disconnects', () => {
  it('an upload cut off by the client is logged as a disconnect, not an error, and stores nothing', async () => {
    const clientId = await createClient(server, org.admin.token)
    const boundary = '----cutoff'
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="entityType"\r\n\r\nCLIENT\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="entityId"\r\n\r\n${clientId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="documentFile"; filename="a.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n'
    const before = storedFiles(server)
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/documents/upload HTTP/1.1\r\nHost: x\r\n' +
            `Authorization: Bearer ${org.admin.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n`,
        )
        socket.write(head)
        socket.write(Buffer.alloc(64 * 1024, 0x20))
        setTimeout(() => {
          socket.destroy()
          resolve()
        }, 200)
      })
    })
    // Give the server time to notice.
    for (let i = 0; i < 40 && !lines.some((l) => l.msg === 'client disconnected'); i++)
      await new Promise((r) => setTimeout(r, 50))
    expect(lines.some((l) => l.msg === 'client disconnected')).toBe(true)
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
    expect(storedFiles(server)).toEqual(before)
  })

  it('tells a disconnect from a real failure', () => {
    expect(isClientDisconnect(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(true)
    expect(isClientDisconnect(new Error('x'), { aborted: true })).toBe(true)
    expect(isClientDisconnect(new Error('relation "x" does not exist'))).toBe(false)
  })
})

describe('a full disk during an upload', () => {
  it('answers 507 with a clear error and leaves no file and no row', async () => {
    const inner = new LocalDiskStorage(path.join(os.tmpdir(), `daftar-full-${Date.now()}`))
    const full: Storage = {
      read: (key) => inner.read(key),
      delete: (key) => inner.delete(key),
      exists: (key) => inner.exists(key),
      keysOlderThan: (before) => inner.keysOlderThan(before),
      async put(_key, body) {
        if (!Buffer.isBuffer(body)) body.resume()
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
      },
    }
    const disk = await startTestServer({}, { storage: full })
    try {
      const team = await registerOrg(disk, 'Full Disk Org')
      const clientId = await createClient(disk, team.admin.token)
      const before = await countRows(disk, 'documents', team.orgId)
      const res = await sendMultipart(
        disk,
        team.admin.token,
        '/documents/upload',
        { entityType: 'CLIENT', entityId: clientId },
        { documentFile: { name: 'a.pdf', type: 'application/pdf', data: PDF_BYTES } },
      )
      expect(res.statusCode).toBe(507)
      expect(res.json().error).toBe('The server has no space left for files. Please tell your administrator.')
      expect(await countRows(disk, 'documents', team.orgId)).toBe(before)
      expect(storedFiles(disk)).toEqual([])
    } finally {
      await disk.close()
    }
  })
})
