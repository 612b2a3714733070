import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  errorOf,
  login,
  multipart,
  PNG_1PX,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts'

let server: TestServer
let orgId: string
let token: string
let colleagueToken: string
let outsiderToken: string
let key: string

beforeAll(async () => {
  server = await startTestServer()
  orgId = (await createOrg(server)).orgId
  const owner = await createUser(server, orgId)
  const colleague = await createUser(server, orgId)
  const outsider = await createUser(server, (await createOrg(server)).orgId)
  token = (await login(server, owner.email)).accessToken
  colleagueToken = (await login(server, colleague.email)).accessToken
  outsiderToken = (await login(server, outsider.email)).accessToken
  const body = multipart(
    { full_name: 'Photo Owner' },
    { display_photo: { name: 'me.png', type: 'image/png', data: PNG_1PX } },
  )
  const res = await client(server, token).put(`/users/${owner.userId}`, body.payload, body.headers)
  expect(res.statusCode).toBe(200)
  key = res.json().user.display_photo
  expect(fs.existsSync(path.join(server.config.filesDir, key))).toBe(true)
})
afterAll(() => server.close())

const presign = (t: string, params: Record<string, string>) =>
  client(server, t).get(`/get-presigned-url?${new URLSearchParams(params)}`)

/** Fetches a signed URL as a browser would: no bearer token, the signature is the credential. */
const fetchUrl = (url: string) => server.app.inject({ method: 'GET', url })

async function signedUrl(params: Record<string, string> = {}): Promise<string> {
  const res = await presign(token, { key, bucketType: 'displayPicture', ...params })
  expect(res.statusCode).toBe(200)
  return res.json().url
}

describe('GET /get-presigned-url', () => {
  it('signs a key for its owner and for a colleague of the same organisation', async () => {
    const url = await signedUrl()
    expect(url).toMatch(/^\/api\/files\/org\//)
    expect((await presign(colleagueToken, { key, bucketType: 'displayPicture' })).statusCode).toBe(200)
  })

  it('answers 404 for a key of another organisation', async () => {
    const res = await presign(outsiderToken, { key, bucketType: 'displayPicture' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).not.toHaveProperty('url')
  })

  it('answers 404 for a well-formed key nobody owns', async () => {
    const orphan = `org/${orgId}/displayPicture/${randomUUID()}.png`
    expect((await presign(token, { key: orphan, bucketType: 'displayPicture' })).statusCode).toBe(404)
  })

  it('answers 404 for a malformed or path-traversing key', async () => {
    for (const bad of ['../../etc/passwd', `org/${orgId}/displayPicture/../../x.png`, 'x']) {
      expect((await presign(token, { key: bad, bucketType: 'displayPicture' })).statusCode).toBe(404)
    }
  })

  it('answers 404 when the key is asked for under another bucket type', async () => {
    expect((await presign(token, { key, bucketType: 'attachment' })).statusCode).toBe(404)
  })

  it('answers 400 for an unknown bucket type or a missing key', async () => {
    const unknown = await presign(token, { key, bucketType: 'secrets' })
    expect(unknown.statusCode).toBe(400)
    expect(errorOf(unknown)).toEqual(expect.any(String))
    expect((await presign(token, { bucketType: 'displayPicture' })).statusCode).toBe(400)
  })

  it('needs a token', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=displayPicture`,
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /files/<key> (the signed URL)', () => {
  it('serves the file without a token, sandboxed and not sniffable', async () => {
    const res = await fetchUrl(await signedUrl())
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(PNG_1PX)).toBe(true)
    expect(res.headers['content-type']).toBe('image/png')
    expect(String(res.headers['content-security-policy'])).toMatch(/(^|;)\s*sandbox\b/)
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(String(res.headers['content-disposition'])).toMatch(/^inline/)
  })

  it('download=true makes the browser save the file', async () => {
    const url = await signedUrl({ download: 'true' })
    const res = await fetchUrl(url)
    expect(res.statusCode).toBe(200)
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/)
    // The disposition is covered by the signature: dropping it from the URL breaks the link.
    const inline = new URL(url, 'http://x')
    inline.searchParams.delete('download')
    expect((await fetchUrl(`${inline.pathname}${inline.search}`)).statusCode).toBe(404)
  })

  it('refuses a tampered signature', async () => {
    const url = new URL(await signedUrl(), 'http://x')
    const sig = url.searchParams.get('sig')!
    url.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)
    const res = await fetchUrl(`${url.pathname}${url.search}`)
    expect(res.statusCode).toBe(404)
    expect(res.rawPayload.includes(PNG_1PX)).toBe(false)
    url.searchParams.delete('sig')
    expect((await fetchUrl(`${url.pathname}${url.search}`)).statusCode).toBe(404)
  })

  it('refuses a signature used for another key', async () => {
    // A second stored file in the same organisation: its own URL works, the first key's signature does not.
    const other = `org/${orgId}/displayPicture/${randomUUID()}.png`
    await server.deps.storage.put(other, PNG_1PX, 1024)
    expect((await fetchUrl(server.deps.urls.sign(other))).statusCode).toBe(200)
    const url = new URL(await signedUrl(), 'http://x')
    const res = await fetchUrl(`/api/files/${other}${url.search}`)
    expect(res.statusCode).toBe(404)
  })

  it('refuses an expired URL', async () => {
    const expired = server.deps.urls.sign(key, { now: Date.now() - 3600_000 })
    const res = await fetchUrl(expired)
    expect(res.statusCode).toBe(404)
    expect(res.rawPayload.includes(PNG_1PX)).toBe(false)
    const longAgo = new URL(expired, 'http://x')
    longAgo.searchParams.set('expires', String(Math.floor(Date.now() / 1000) + 3600))
    expect((await fetchUrl(`${longAgo.pathname}${longAgo.search}`)).statusCode).toBe(404)
  })

  it('answers 404 for a validly signed key whose file is gone', async () => {
    const gone = `org/${orgId}/displayPicture/${randomUUID()}.png`
    expect((await fetchUrl(server.deps.urls.sign(gone))).statusCode).toBe(404)
  })
})
