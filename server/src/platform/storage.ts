import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { SNIFF_BYTES } from './file-types.ts'

export interface StoredObject {
  size: number
  /** The first bytes, for recognising the type. */
  head: Uint8Array
}

export interface DownloadOptions {
  contentType: string
  /** The Content-Disposition header the download carries. */
  disposition: string
}

/**
 * Where files live: the local disk by default, or an S3-compatible store (`s3-storage.ts`), chosen by
 * STORAGE (docs/scaling.md).
 */
export interface Storage {
  /** Streams `body` into `key`; throws FileTooLargeError (and stores nothing) past `maxBytes`. */
  put(key: string, body: Readable | Buffer, maxBytes: number): Promise<StoredObject>
  read(key: string): Promise<{ stream: Readable; size: number } | null>
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Every key written before `before`, in no particular order: what the orphan sweep looks at. */
  keysOlderThan(before: Date): AsyncIterable<string>
  /** A short-lived link straight from the store, where the store can give one; else the server streams. */
  downloadUrl?(key: string, options: DownloadOptions): Promise<string>
}

export class FileTooLargeError extends Error {}

/**
 * A pass-through that counts the bytes of an upload, failing with FileTooLargeError past `maxBytes`,
 * and keeps its first bytes for recognising the type: what every store's `put` answers.
 */
export function byteCounter(maxBytes: number) {
  let size = 0
  const head: number[] = []
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      if (size > maxBytes) return callback(new FileTooLargeError())
      for (let i = 0; head.length < SNIFF_BYTES && i < chunk.length; i++) head.push(chunk[i]!)
      callback(null, chunk)
    },
  })
  return {
    stream,
    tooLarge: () => size > maxBytes,
    stored: (): StoredObject => ({ size, head: Uint8Array.from(head) }),
  }
}

/** Keys are server-made paths such as `org/<uuid>/displayPicture/<uuid>.webp`. */
export function newStorageKey(orgId: string, area: string, extension: string): string {
  return `org/${orgId}/${area}/${randomUUID()}.${extension}`
}

const KEY_PATTERN = /^org\/[0-9a-f-]{36}\/[A-Za-z]+\/[0-9a-f-]{36}\.[a-z0-9]{1,10}$/

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key)
}

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isWellFormedKey(key)) throw new Error(`Malformed storage key: ${key}`)
    return path.join(this.root, key)
  }

  async put(key: string, body: Readable | Buffer, maxBytes: number): Promise<StoredObject> {
    const target = this.pathOf(key)
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    const temp = `${target}.${randomUUID()}.part`
    const counter = byteCounter(maxBytes)
    const source = Buffer.isBuffer(body) ? [body] : body
    const out = fs.createWriteStream(temp, { flags: 'wx' })
    try {
      await pipeline(source, counter.stream, out)
      // A stream cut short by the multipart size limit ends without error: check it here too.
      if ((body as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError()
      await fs.promises.rename(temp, target)
    } catch (error) {
      // The pipeline rejects as soon as the source fails, possibly before the file has even been
      // opened: removing it before the stream has closed would leave the .part file behind.
      if (!out.closed) await once(out, 'close').catch(() => {})
      await fs.promises.rm(temp, { force: true })
      throw error
    }
    return counter.stored()
  }

  async read(key: string) {
    try {
      const file = this.pathOf(key)
      const stat = await fs.promises.stat(file)
      return { stream: fs.createReadStream(file), size: stat.size }
    } catch {
      return null
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true })
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.promises.access(this.pathOf(key))
      return true
    } catch {
      return false
    }
  }

  async *keysOlderThan(before: Date): AsyncIterable<string> {
    const files = await fs.promises
      .readdir(path.join(this.root, 'org'), { recursive: true })
      .catch(() => [] as string[])
    for (const file of files) {
      const key = `org/${file.split(path.sep).join('/')}`
      if (!isWellFormedKey(key)) continue
      const stat = await fs.promises.stat(path.join(this.root, key)).catch(() => null)
      if (stat?.isFile() && stat.mtime < before) yield key
    }
  }
}
