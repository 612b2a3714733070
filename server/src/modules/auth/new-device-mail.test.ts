import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createOrg,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/helpers.ts'
import { type MailSink, startMailSink } from '../../../test/mail-sink.ts'

// A sign-in from a device and address never seen before on the account mails its owner, through the
// outbox and SMTP as every mail goes (docs/security.md, "V6 Authentication").

let sink: MailSink
let server: TestServer

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

beforeAll(async () => {
  sink = await startMailSink()
  server = await startTestServer({ SMTP_URL: sink.url })
})
afterAll(async () => {
  await server?.close()
  await sink?.close()
})

async function signIn(user: TestUser, userAgent: string, ip: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
    payload: { identifier: user.email, password: user.password },
  })
  expect(res.statusCode).toBe(200)
  await server.deps.outbox.drain()
}

const newDeviceMails = (user: TestUser) =>
  sink.received.filter(
    (m) => m.to.includes(user.email) && m.raw.includes('New sign-in to your Daftar account'),
  )

describe('new-device mail', () => {
  it('is sent for a browser or address not seen before, and not for a known one or the first sign-in', async () => {
    const user = await createUser(server, (await createOrg(server)).orgId)
    await signIn(user, FIREFOX_WINDOWS, '10.40.0.1')
    expect(newDeviceMails(user)).toHaveLength(0)
    await signIn(user, FIREFOX_WINDOWS, '10.40.0.1')
    expect(newDeviceMails(user)).toHaveLength(0)

    await signIn(user, CHROME_ANDROID, '10.40.0.1')
    expect(newDeviceMails(user)).toHaveLength(1)
    const body = newDeviceMails(user)[0]!.raw.replace(/=\r?\n/g, '')
    expect(body).toContain('Chrome on Android')
    expect(body).toContain('10.40.0.1')

    // A known browser from a new address is new too; then both are known.
    await signIn(user, FIREFOX_WINDOWS, '10.40.0.2')
    expect(newDeviceMails(user)).toHaveLength(2)
    await signIn(user, CHROME_ANDROID, '10.40.0.1')
    await signIn(user, FIREFOX_WINDOWS, '10.40.0.2')
    expect(newDeviceMails(user)).toHaveLength(2)
  })

  it('is not sent for a failed sign-in from a new device', async () => {
    const user = await createUser(server, (await createOrg(server)).orgId)
    await signIn(user, FIREFOX_WINDOWS, '10.41.0.1')
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.41.0.9',
      headers: { 'user-agent': CHROME_ANDROID },
      payload: { identifier: user.email, password: 'not-the-password' },
    })
    expect(wrong.statusCode).toBe(401)
    await server.deps.outbox.drain()
    expect(newDeviceMails(user)).toHaveLength(0)
  })
})
