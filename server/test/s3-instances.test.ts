/**
 * Files in an S3 store (docs/scaling.md, "Files"): what one server instance receives, another serves,
 * by a short-lived link straight from the store. In-process on either database; on PostgreSQL also as
 * two real server processes on one database and one bucket, as behind a load balancer.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_PASSWORD, demoUsers } from '../src/seed/seed.ts'
import { compiled } from './compiled.ts'
import { client, createOrg, createUser, login, multipart, PNG_1PX, startTestServer } from './helpers.ts'
import { createDatabaseFromTemplate, dropDatabase } from './postgres.ts'
import { s3Env, startS3 } from './s3.ts'

let s3: Awaited<ReturnType<typeof startS3>>
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3.close())

const photo = () =>
  multipart(
    { full_name: 'Photo Person' },
    { display_photo: { name: 'me.png', type: 'image/png', data: PNG_1PX } },
  )

describe('a server keeping its files in S3', () => {
  it('stores an upload in the bucket, not on its disk, and serves it by a presigned link', async () => {
    const server = await startTestServer(s3Env(s3.endpoint))
    try {
      const { orgId } = await createOrg(server, { name: 'S3 Org' })
      const person = await createUser(server, orgId)
      const { accessToken } = await login(server, person.email)
      const body = photo()
      const put = await client(server, accessToken).put(`/users/${person.userId}`, body.payload, body.headers)
      expect(put.statusCode, put.body).toBe(200)
      const key = put.json().user.display_photo as string
      expect(fs.existsSync(path.join(server.config.filesDir, key))).toBe(false)
      const signed = await client(server, accessToken).get(
        `/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=displayPicture`,
      )
      const file = await server.app.inject({ method: 'GET', url: signed.json().url })
      expect(file.statusCode).toBe(302)
      const location = file.headers.location as string
      expect(location.startsWith(s3.endpoint)).toBe(true)
      const bytes = Buffer.from(await (await fetch(location)).arrayBuffer())
      expect(bytes.equals(PNG_1PX)).toBe(true)
      // A link that was not signed by the server still gives nothing.
      const forged = await server.app.inject({
        method: 'GET',
        url: `/api/files/${key}?expires=9999999999&sig=x`,
      })
      expect(forged.statusCode).toBe(404)
    } finally {
      await server.close()
    }
  }, 120_000)
})

/** Starts the compiled server as its own process; resolves with its address once it listens. */
function startProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const root = path.resolve(import.meta.dirname, '../..')
  const child = spawn(process.execPath, [compiled.main], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000)
    const read = (chunk: Buffer) => {
      output += chunk
      const match = /Daftar is running at http:\/\/localhost:(\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ url: `http://127.0.0.1:${match[1]}`, child })
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)))
  })
}

describe.runIf(inject('templateDatabaseUrl'))('two server processes, one PostgreSQL, one bucket', () => {
  const children: ChildProcess[] = []
  let databaseUrl = ''
  afterAll(async () => {
    await Promise.all(
      children.map((child) => new Promise((done) => child.once('exit', done).kill('SIGTERM'))),
    )
    if (databaseUrl) await dropDatabase(databaseUrl, new URL(databaseUrl).pathname.slice(1))
  })

  it('a photo uploaded through one is served by the other', async () => {
    databaseUrl = await createDatabaseFromTemplate(inject('templateDatabaseUrl')!)
    const common = { ...s3Env(s3.endpoint), DATABASE_URL: databaseUrl }
    const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-instance-'))
    const first = await startProcess({ ...common, DATA_DIR: dataDir(), SEED_DEMO: 'true' })
    children.push(first.child)
    const second = await startProcess({ ...common, DATA_DIR: dataDir(), SEED_DEMO: 'false' })
    children.push(second.child)

    const demo = demoUsers[0]!
    const signIn = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: demo.username, password: DEMO_PASSWORD }),
    })
    expect(signIn.status).toBe(200)
    const auth = { authorization: `Bearer ${((await signIn.json()) as { accessToken: string }).accessToken}` }
    const me = (await (await fetch(`${first.url}/api/users/me`, { headers: auth })).json()) as {
      user_id: string
    }
    const body = photo()
    const put = await fetch(`${first.url}/api/users/${me.user_id}`, {
      method: 'PUT',
      headers: { ...auth, ...body.headers },
      body: body.payload,
    })
    expect(put.status).toBe(200)
    const key = ((await put.json()) as { user: { display_photo: string } }).user.display_photo

    const signed = await fetch(
      `${second.url}/api/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=displayPicture`,
      { headers: auth },
    )
    expect(signed.status).toBe(200)
    const file = await fetch(`${second.url}${((await signed.json()) as { url: string }).url}`)
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1PX)).toBe(true)
  }, 240_000)
})
