import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createOrg, createUser, login, otpFrom, startTestServer, type TestServer } from './helpers.ts'
import { type MailSink, startMailSink } from './mail-sink.ts'

let sink: MailSink
let server: TestServer

beforeAll(async () => {
  sink = await startMailSink()
  server = await startTestServer({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Daftar <no-reply@daftar.test>',
  })
})
afterAll(async () => {
  await server?.close()
  await sink?.close()
})

/** The text body of a raw message, with quoted-printable soft line breaks undone. */
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r?\n/g, '')

describe('mail over SMTP', () => {
  it('delivers the forgot-password OTP to the account’s address, and the code resets the password', async () => {
    const orgId = (await createOrg(server)).orgId
    const user = await createUser(server, orgId)
    const res = await client(server).post('/auth/forgot-password', { identifier: user.email })
    expect(res.statusCode).toBe(200)
    await server.deps.outbox.drain()

    const mails = sink.received.filter((m) => m.to.includes(user.email))
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.from).toBe('no-reply@daftar.test')
    expect(mail.raw).toMatch(new RegExp(`^To: ${user.email.replace(/[.]/g, '\\.')}\\r?$`, 'mi'))
    const otp = otpFrom(bodyOf(mail.raw))
    expect(otp).toMatch(/^\d{6}$/)

    const reset = await client(server).post('/auth/reset-password', {
      identifier: user.email,
      otp,
      newPassword: 'smtp-reset-1',
    })
    expect(reset.statusCode).toBe(200)
    await login(server, user.email, 'smtp-reset-1')
  })

  it('sends nothing for an identifier without an account', async () => {
    const before = sink.received.length
    const res = await client(server).post('/auth/forgot-password', { identifier: 'nobody@nowhere.test' })
    expect(res.statusCode).toBe(200)
    await server.deps.outbox.drain()
    expect(sink.received.length).toBe(before)
  })
})
