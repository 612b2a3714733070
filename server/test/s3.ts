/** An S3 protocol server on this machine for the tests (s3rver), with the bucket Daftar uses. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

export async function startS3(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  await admin.send(new CreateBucketCommand({ Bucket: 'daftar' }))
  admin.destroy()
  return {
    endpoint,
    close: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

export const s3Settings = (endpoint: string) => ({
  endpoint,
  region: 'us-east-1',
  bucket: 'daftar',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
})

/** The configuration a server needs to keep its files in that bucket. */
export const s3Env = (endpoint: string): Record<string, string> => ({
  STORAGE: 's3',
  S3_ENDPOINT: endpoint,
  S3_BUCKET: 'daftar',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
})
