/**
 * `npm run storage:migrate`: copies the files kept on this server's disk (DATA_DIR/files) into the S3
 * bucket the configuration names (STORAGE=s3 and the S3_* settings), and checks each copy by its
 * SHA-256 before counting it. Files already in the bucket with the same checksum are left alone, so
 * the command can be run again after an interruption (docs/scaling.md, "Files").
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { loadConfig } from './config.ts'
import { S3Storage, s3SettingsOf } from './platform/s3-storage.ts'
import { isWellFormedKey, LocalDiskStorage, type Storage } from './platform/storage.ts'

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of stream) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function checksumIn(storage: Storage, key: string): Promise<string | null> {
  const file = await storage.read(key)
  return file ? sha256(file.stream) : null
}

export interface MigrationReport {
  copied: number
  alreadyThere: number
  failed: string[]
}

/** Copies every well-formed key under `root` from the disk to `target`, verifying each. */
export async function migrateFiles(
  root: string,
  target: Storage,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<MigrationReport> {
  const disk = new LocalDiskStorage(root)
  const keys = fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[])
        .map((file) => file.split(path.sep).join('/'))
        .filter(isWellFormedKey)
    : []
  const report: MigrationReport = { copied: 0, alreadyThere: 0, failed: [] }
  for (const [index, key] of keys.entries()) {
    const source = await checksumIn(disk, key)
    if (source && (await checksumIn(target, key)) === source) report.alreadyThere++
    else {
      const file = await disk.read(key)
      await target.put(key, file!.stream, Number.MAX_SAFE_INTEGER)
      if ((await checksumIn(target, key)) === source) report.copied++
      else report.failed.push(key)
    }
    onProgress(index + 1, keys.length)
  }
  return report
}

async function main() {
  const config = loadConfig()
  if (config.STORAGE !== 's3')
    throw new Error('Set STORAGE=s3 and the S3_* settings of the bucket to copy into.')
  const bucket = new S3Storage(s3SettingsOf(config))
  await bucket.check()
  const report = await migrateFiles(config.filesDir, bucket, (done, total) => {
    process.stdout.write(`\r${done} of ${total} files`)
  })
  bucket.destroy()
  console.log(
    `\nCopied ${report.copied}, already there ${report.alreadyThere}, failed ${report.failed.length}.`,
  )
  for (const key of report.failed) console.log(`  checksum differs: ${key}`)
  process.exit(report.failed.length ? 1 : 0)
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
