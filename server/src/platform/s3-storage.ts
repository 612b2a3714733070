import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { Config } from '../config.ts'
import {
  byteCounter,
  type DownloadOptions,
  FileTooLargeError,
  isWellFormedKey,
  type Storage,
  type StoredObject,
} from './storage.ts'

export interface S3Settings {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
}

/** The bucket the configuration's S3_* settings name (STORAGE=s3 requires S3_BUCKET). */
export const s3SettingsOf = (config: Config): S3Settings => ({
  endpoint: config.S3_ENDPOINT,
  region: config.S3_REGION,
  bucket: config.S3_BUCKET!,
  accessKeyId: config.S3_ACCESS_KEY_ID,
  secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  forcePathStyle: config.S3_FORCE_PATH_STYLE,
})

/** How long a download link straight from the store lives: long enough to start, no longer. */
const DOWNLOAD_URL_SECONDS = 5 * 60
/** Parts of a streamed upload: the most of a file held in memory at once. */
const PART_BYTES = 5 * 1024 * 1024

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)

/**
 * Files in an S3-compatible object store (docs/scaling.md): every instance reads what any other
 * received. Uploads stream through in parts; downloads are presigned links straight from the store,
 * handed out by /api/files after the same signature check as the disk's.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where the protocol requires them: S3-compatible stores differ in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  private target(key: string) {
    if (!isWellFormedKey(key)) throw new Error(`Malformed storage key: ${key}`)
    return { Bucket: this.settings.bucket, Key: key }
  }

  /** Fails start-up with a clear message when the bucket cannot be reached. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }))
    } catch (error) {
      throw new Error(
        `The S3 bucket '${this.settings.bucket}' cannot be reached: ${(error as Error).message}`,
      )
    }
  }

  async put(key: string, body: Readable | Buffer, maxBytes: number): Promise<StoredObject> {
    const target = this.target(key)
    const counter = byteCounter(maxBytes)
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body
    source.on('error', (error) => counter.stream.destroy(error))
    source.pipe(counter.stream)
    const upload = new Upload({
      client: this.client,
      params: { ...target, Body: counter.stream },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    })
    let failure: unknown = null
    await upload.done().catch((error) => {
      failure = error
    })
    // A stream cut short by the multipart size limit ends without error: check it here too.
    const truncated = (body as Readable & { truncated?: boolean }).truncated
    if (failure || truncated || counter.tooLarge()) {
      await upload.abort().catch(() => {})
      await this.delete(key).catch(() => {})
      if (truncated || counter.tooLarge() || failure instanceof FileTooLargeError)
        throw new FileTooLargeError()
      throw failure
    }
    return counter.stored()
  }

  async read(key: string) {
    try {
      const answer = await this.client.send(new GetObjectCommand(this.target(key)))
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 }
    } catch (error) {
      if (missing(error)) return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.target(key)))
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand(this.target(key)))
      return true
    } catch (error) {
      if (missing(error)) return false
      throw error
    }
  }

  async *keysOlderThan(before: Date): AsyncIterable<string> {
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: 'org/', ContinuationToken: token }),
      )
      for (const object of page.Contents ?? [])
        if (object.Key && isWellFormedKey(object.Key) && object.LastModified && object.LastModified < before)
          yield object.Key
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  async downloadUrl(key: string, options: DownloadOptions): Promise<string> {
    const command = new GetObjectCommand({
      ...this.target(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.disposition,
      ResponseCacheControl: 'private, max-age=300',
    })
    return getSignedUrl(this.client, command, { expiresIn: DOWNLOAD_URL_SECONDS })
  }

  destroy() {
    this.client.destroy()
  }
}
