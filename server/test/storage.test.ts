/**
 * One storage contract, two stores (docs/scaling.md): the data directory's disk and an S3-compatible
 * bucket, served here by s3rver, a real S3 protocol server on this machine.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3Storage } from '../src/platform/s3-storage.ts'
import { FileTooLargeError, LocalDiskStorage, newStorageKey, type Storage } from '../src/platform/storage.ts'
import { migrateFiles } from '../src/storage-migrate.ts'
import { PNG_1PX } from './helpers.ts'
import { s3Settings, startS3 } from './s3.ts'

const ORG = randomUUID()

async function text(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

let s3: Awaited<ReturnType<typeof startS3>>
const stores: Record<string, () => Storage> = {
  disk: () => new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-disk-'))),
  s3: () => new S3Storage(s3Settings(s3.endpoint)),
}

beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3.close())

describe.each(Object.keys(stores))('storage on %s', (kind) => {
  let storage: Storage
  beforeAll(() => {
    storage = stores[kind]!()
  })

  it('keeps a file, reads it back whole, knows its size and first bytes, and deletes it', async () => {
    const key = newStorageKey(ORG, 'documents', 'png')
    const stored = await storage.put(key, PNG_1PX, 1024)
    expect(stored.size).toBe(PNG_1PX.length)
    expect(Buffer.from(stored.head.subarray(0, 4)).toString('hex')).toBe('89504e47')
    expect(await storage.exists(key)).toBe(true)
    const file = await storage.read(key)
    expect(file?.size).toBe(PNG_1PX.length)
    expect((await text(file!.stream)).equals(PNG_1PX)).toBe(true)
    await storage.delete(key)
    expect(await storage.exists(key)).toBe(false)
    expect(await storage.read(key)).toBeNull()
  })

  it('streams a file larger than one part without holding it whole', async () => {
    const key = newStorageKey(ORG, 'documents', 'bin')
    const part = Buffer.alloc(1024 * 1024, 7)
    const body = Readable.from(Array.from({ length: 7 }, () => part))
    const stored = await storage.put(key, body, 8 * 1024 * 1024)
    expect(stored.size).toBe(7 * part.length)
    const back = await text((await storage.read(key))!.stream)
    expect(back.length).toBe(7 * part.length)
    await storage.delete(key)
  })

  it('refuses a file over the limit and keeps nothing of it', async () => {
    const key = newStorageKey(ORG, 'documents', 'bin')
    const body = Readable.from(Array.from({ length: 4 }, () => Buffer.alloc(64 * 1024, 1)))
    await expect(storage.put(key, body, 100 * 1024)).rejects.toBeInstanceOf(FileTooLargeError)
    expect(await storage.exists(key)).toBe(false)
  })

  it('refuses a stream the upload limit cut short, and keeps nothing of it', async () => {
    const key = newStorageKey(ORG, 'documents', 'bin')
    const body = Object.assign(Readable.from([Buffer.alloc(1000, 2)]), { truncated: true })
    await expect(storage.put(key, body, 10_000)).rejects.toBeInstanceOf(FileTooLargeError)
    expect(await storage.exists(key)).toBe(false)
  })

  it('lists the keys written before a time, and only those', async () => {
    const key = newStorageKey(ORG, 'attachment', 'png')
    await storage.put(key, PNG_1PX, 1024)
    const listed = async (before: Date) => {
      const keys: string[] = []
      for await (const k of storage.keysOlderThan(before)) keys.push(k)
      return keys
    }
    expect(await listed(new Date(Date.now() + 60_000))).toContain(key)
    expect(await listed(new Date(Date.now() - 60_000))).not.toContain(key)
    await storage.delete(key)
    expect(await listed(new Date(Date.now() + 60_000))).not.toContain(key)
  })

  it('refuses a key it did not make', async () => {
    await expect(storage.put('../../etc/passwd', PNG_1PX, 1024)).rejects.toThrow(/Malformed/)
  })
})

describe('downloads from S3', () => {
  it('are presigned links, signed to expire in five minutes, that give the bytes with the name asked for', async () => {
    const storage = new S3Storage(s3Settings(s3.endpoint))
    const key = newStorageKey(ORG, 'documents', 'png')
    await storage.put(key, PNG_1PX, 1024)
    const url = await storage.downloadUrl(key, {
      contentType: 'image/png',
      disposition: `attachment; filename*=UTF-8''plan.png`,
    })
    expect(url).toContain('X-Amz-Expires=300')
    expect(url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''plan.png`)
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1PX)).toBe(true)
  })
})

describe('npm run storage:migrate', () => {
  it('copies every file from the disk to the bucket, checked by checksum, and a second run copies nothing', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-migrate-'))
    const disk = new LocalDiskStorage(root)
    const keys = [newStorageKey(ORG, 'documents', 'png'), newStorageKey(ORG, 'displayPicture', 'bin')]
    await disk.put(keys[0]!, PNG_1PX, 1024)
    await disk.put(keys[1]!, Buffer.alloc(3000, 9), 4096)
    fs.writeFileSync(path.join(root, 'stray.txt'), 'not a stored file')
    const bucket = new S3Storage(s3Settings(s3.endpoint))
    const seen: number[] = []
    const first = await migrateFiles(root, bucket, (done) => seen.push(done))
    expect(first).toEqual({ copied: 2, alreadyThere: 0, failed: [] })
    expect(seen).toEqual([1, 2])
    const back = await text((await bucket.read(keys[0]!))!.stream)
    expect(back.equals(PNG_1PX)).toBe(true)
    expect(await migrateFiles(root, bucket)).toEqual({ copied: 0, alreadyThere: 2, failed: [] })
  })
})
