import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import https from 'node:https'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { newTask, type Person, taskTeam } from '../../../test/task-helpers.ts'
import { createDeps } from '../../bootstrap.ts'
import { isPublicAddress } from '../../platform/public-address.ts'
import { pushSubscriptions } from './schema.ts'
import { deliverDuePushes } from './service.ts'

// http_ece ships no types; only decrypt is needed.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: Buffer }): Buffer
}

interface Received {
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * A push service on 127.0.0.1 over HTTPS that records every request. Paths starting /push/gone answer
 * 410, /push/missing 404, /push/broken 500; others 201.
 */
async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-push-'))
  const keyFile = path.join(dir, 'key.pem')
  const certFile = path.join(dir, 'cert.pem')
  // biome-ignore format: one openssl call, read as one line
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '1',
    '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' })
  const cert = fs.readFileSync(certFile)
  const received: Received[] = []
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      const url = req.url ?? ''
      const status = url.startsWith('/push/gone')
        ? 410
        : url.startsWith('/push/missing')
          ? 404
          : url.startsWith('/push/broken')
            ? 500
            : 201
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    cert,
    origin: `https://127.0.0.1:${port}`,
    received,
    async close() {
      await new Promise((resolve) => server.close(resolve))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1')
  ecdh.generateKeys()
  const authSecret = crypto.randomBytes(16)
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  }
}

let server: TestServer
let push: Awaited<ReturnType<typeof startPushService>>
let meera: Person
let arjun: Person
let kavya: Person
let ravi: Person

beforeAll(async () => {
  push = await startPushService()
  // The local push service lives on 127.0.0.1, which only this test server is told to allow.
  server = await startTestServer({}, { pushNetwork: { ca: push.cert, allowAddresses: ['127.0.0.1'] } })
  ;({ meera, arjun, kavya, ravi } = await taskTeam(server, ['meera', 'arjun', 'kavya', 'ravi']))
})
afterAll(async () => {
  await server.close()
  await push.close()
})

const subscriptionsOf = (userId: string) =>
  server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))

async function subscribe(p: Person, endpoint: string, keys = browserKeys().keys) {
  const res = await p.api.post('/notifications/subscribe', { subscription: { endpoint, keys } })
  expect(res.statusCode, res.body).toBe(201)
}

/** Outbox rows of kind push written after `afterId`. */
async function pushRowsAfter(afterId: number) {
  const { rows } = await server.deps.database.pool.query(
    `select id, attempts, delivered_at, last_error from outbox where kind = 'push' and id > $1 order by id`,
    [afterId],
  )
  return rows as { id: number; attempts: number; delivered_at: Date | null; last_error: string | null }[]
}

interface DeliveryRow {
  delivery_id: number
  attempts: number
  next_attempt_at: Date
  created_at: Date
  last_error: string | null
}
/** The push deliveries still waiting for an endpoint. */
async function deliveriesTo(endpoint: string) {
  const { rows } = await server.deps.database.pool.query(
    `select d.delivery_id, d.attempts, d.next_attempt_at, d.created_at, d.last_error
     from push_deliveries d join push_subscriptions s using (subscription_id) where s.endpoint = $1
     order by d.delivery_id`,
    [endpoint],
  )
  return rows as DeliveryRow[]
}
const hitsOf = (endpoint: string) => push.received.filter((r) => `${push.origin}${r.url}` === endpoint).length
async function lastOutboxId() {
  const { rows } = await server.deps.database.pool.query('select coalesce(max(id), 0)::int as id from outbox')
  return rows[0].id as number
}

describe('VAPID key and subscriptions', () => {
  it('GET /notifications/vapid-public-key gives the stored P-256 public key', async () => {
    const res = await meera.api.get('/notifications/vapid-public-key')
    expect(res.statusCode).toBe(200)
    const { publicKey } = res.json()
    const raw = Buffer.from(publicKey, 'base64url')
    expect(raw).toHaveLength(65)
    expect(raw[0]).toBe(4)
    const { rows } = await server.deps.database.pool.query(
      `select value from app_secrets where name = 'vapid'`,
    )
    expect(JSON.parse(rows[0].value).publicKey).toBe(publicKey)
    expect((await server.app.inject({ url: '/api/notifications/vapid-public-key' })).statusCode).toBe(401)
  })

  it('subscribe stores one row per endpoint, re-subscribing updates it; unsubscribe removes it', async () => {
    const endpoint = `${push.origin}/push/${crypto.randomUUID()}`
    const first = browserKeys().keys
    await subscribe(meera, endpoint, first)
    const second = browserKeys().keys
    await subscribe(meera, endpoint, second)
    const rows = (await subscriptionsOf(meera.userId)).filter((r) => r.endpoint === endpoint)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ p256dh: second.p256dh, auth: second.auth })

    // Someone else cannot drop Meera's subscription.
    expect((await arjun.api.post('/notifications/unsubscribe', { endpoint })).statusCode).toBe(200)
    expect((await subscriptionsOf(meera.userId)).map((r) => r.endpoint)).toContain(endpoint)

    const res = await meera.api.post('/notifications/unsubscribe', { endpoint })
    expect(res.statusCode).toBe(200)
    expect((await subscriptionsOf(meera.userId)).map((r) => r.endpoint)).not.toContain(endpoint)
  })

  it('an endpoint another user holds is not taken over; once they sign out it is free', async () => {
    const endpoint = `${push.origin}/push/${crypto.randomUUID()}`
    await subscribe(meera, endpoint)
    const taken = await kavya.api.post('/notifications/subscribe', {
      subscription: { endpoint, keys: browserKeys().keys },
    })
    expect(taken.statusCode).toBe(409)
    expect((await subscriptionsOf(meera.userId)).map((r) => r.endpoint)).toContain(endpoint)
    expect((await subscriptionsOf(kavya.userId)).map((r) => r.endpoint)).not.toContain(endpoint)
    await meera.api.post('/notifications/unsubscribe', { endpoint })
    await subscribe(kavya, endpoint)
    expect((await subscriptionsOf(kavya.userId)).map((r) => r.endpoint)).toContain(endpoint)
    await kavya.api.post('/notifications/unsubscribe', { endpoint })
  })

  it('refuses malformed subscriptions with 400', async () => {
    const keys = browserKeys().keys
    const bad = [
      { subscription: { endpoint: 'http://127.0.0.1/push/x', keys } },
      { subscription: { endpoint: 'not a url', keys } },
      { subscription: { endpoint: `${push.origin}/push/x` } },
      { subscription: { endpoint: `${push.origin}/push/x`, keys: { p256dh: '', auth: keys.auth } } },
      {},
    ]
    for (const body of bad) {
      const res = await meera.api.post('/notifications/subscribe', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(res)).toEqual(expect.any(String))
    }
    expect((await meera.api.post('/notifications/unsubscribe', {})).statusCode).toBe(400)
  })
})

describe('web push delivery', () => {
  it('encrypts the notification for the subscription, signed with the VAPID key', async () => {
    const browser = browserKeys()
    const id = crypto.randomUUID()
    await subscribe(arjun, `${push.origin}/push/${id}`, browser.keys)
    const before = await lastOutboxId()

    const task = await newTask(meera, { title: 'Replace fuse', assignTo: arjun.username })
    await server.deps.outbox.drain()

    const requests = push.received.filter((r) => r.url === `/push/${id}`)
    expect(requests).toHaveLength(1)
    const request = requests[0]!
    expect(request.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(request.headers.ttl)).toBeGreaterThan(0)

    const payload = JSON.parse(
      ece
        .decrypt(request.body, {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.authSecret,
        })
        .toString('utf8'),
    )
    const [notification] = (await arjun.api.get('/notifications')).json().notifications
    expect(notification).toMatchObject({ type: 'TASK_ASSIGNED', entity_id: task.task_id })
    expect(payload).toEqual({
      title: 'Daftar',
      body: "Meera Iyer assigned you the task 'Replace fuse'.",
      link: `/tasks?task=${task.task_id}`,
      tag: `notification-${notification.notification_id}`,
    })
    expect(payload.body).toBe(notification.message)
    expect(payload.link).toBe(notification.link)

    // VAPID: 'vapid t=<jwt>, k=<public key>', the JWT signed by that key for this push service.
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization))
    expect(match).not.toBeNull()
    const [, jwt, k] = match!
    expect(k).toBe(server.deps.push.publicKey)
    const raw = Buffer.from(k!, 'base64url')
    const publicKey = crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
    expect(decodeProtectedHeader(jwt!).alg).toBe('ES256')
    await jwtVerify(jwt!, publicKey, { audience: push.origin })
    expect(decodeJwt(jwt!).sub).toBe(server.config.VAPID_SUBJECT)

    const rows = await pushRowsAfter(before)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.delivered_at !== null)).toBe(true)
    // Delivered: nothing waits any more.
    expect(await deliveriesTo(`${push.origin}/push/${id}`)).toEqual([])
  })

  it('pushes to every browser of the recipient and to nobody else', async () => {
    const phone = `${push.origin}/push/${crypto.randomUUID()}`
    const laptop = `${push.origin}/push/${crypto.randomUUID()}`
    const creators = `${push.origin}/push/${crypto.randomUUID()}`
    await subscribe(ravi, phone)
    await subscribe(ravi, laptop)
    await subscribe(meera, creators)
    await newTask(meera, { title: 'Two browsers', cc: JSON.stringify([ravi.username]) })
    await server.deps.outbox.drain()
    const urls = push.received.map((r) => `${push.origin}${r.url}`)
    expect(urls).toContain(phone)
    expect(urls).toContain(laptop)
    expect(urls).not.toContain(creators)
    await ravi.api.post('/notifications/unsubscribe', { endpoint: phone })
    await ravi.api.post('/notifications/unsubscribe', { endpoint: laptop })
  })

  it('endpoints answering 410 or 404 lose their subscription; the others are kept', async () => {
    const gone = `${push.origin}/push/gone-${crypto.randomUUID()}`
    const missing = `${push.origin}/push/missing-${crypto.randomUUID()}`
    const working = `${push.origin}/push/${crypto.randomUUID()}`
    for (const endpoint of [gone, missing, working]) await subscribe(kavya, endpoint)
    const before = await lastOutboxId()
    await newTask(meera, { title: 'CC to a gone browser', cc: JSON.stringify([kavya.username]) })
    await server.deps.outbox.drain()

    const reached = push.received.map((r) => `${push.origin}${r.url}`)
    expect(reached).toEqual(expect.arrayContaining([gone, missing, working]))
    const left = (await subscriptionsOf(kavya.userId)).map((r) => r.endpoint)
    expect(left).not.toContain(gone)
    expect(left).not.toContain(missing)
    expect(left).toContain(working)
    // A gone browser is not a failure: nothing is left to retry.
    expect((await pushRowsAfter(before)).every((r) => r.delivered_at !== null)).toBe(true)
    for (const endpoint of [gone, missing, working]) expect(await deliveriesTo(endpoint)).toEqual([])
  })

  it('an endpoint answering 500 keeps the in-app notification; the push is retried later', async () => {
    const endpoint = `${push.origin}/push/broken-${crypto.randomUUID()}`
    await subscribe(ravi, endpoint)
    const before = await lastOutboxId()
    const task = await newTask(meera, { title: 'Push service down', assignTo: ravi.username })
    const sent = Date.now()
    await server.deps.outbox.drain()

    expect(hitsOf(endpoint)).toBe(1)
    const [notification] = (await ravi.api.get('/notifications')).json().notifications
    expect(notification).toMatchObject({ type: 'TASK_ASSIGNED', entity_id: task.task_id, is_read: false })
    expect((await ravi.api.get('/notifications/unread-count')).json().unreadCount).toBeGreaterThan(0)

    // The outbox event is done (it does not send to every browser again); the delivery waits a minute.
    const rows = await pushRowsAfter(before)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.delivered_at).not.toBeNull()
    const [delivery] = await deliveriesTo(endpoint)
    expect(delivery).toMatchObject({
      attempts: 1,
      last_error: expect.stringMatching(/500|Received unexpected/),
    })
    const wait = new Date(delivery!.next_attempt_at).getTime() - sent
    expect(wait).toBeGreaterThan(50_000)
    expect(wait).toBeLessThan(70_000 + 10_000)
    // The subscription is kept for the retry.
    expect((await subscriptionsOf(ravi.userId)).map((r) => r.endpoint)).toContain(endpoint)
    await ravi.api.post('/notifications/unsubscribe', { endpoint })
  })
})

describe('push back-off (a fake clock: the jobs are given `now`)', () => {
  const minutes = (from: Date, m: number) => new Date(from.getTime() + m * 60_000)

  it('backs off 1 min, 5 min, 30 min, 2 h and gives up after 5 attempts; a success ends it', async () => {
    const broken = `${push.origin}/push/broken-${crypto.randomUUID()}`
    const working = `${push.origin}/push/${crypto.randomUUID()}`
    await subscribe(kavya, broken)
    await subscribe(kavya, working)
    await newTask(meera, { title: 'Back-off', cc: JSON.stringify([kavya.username]) })
    const t0 = new Date()
    await server.deps.outbox.drain()
    expect(hitsOf(broken)).toBe(1)
    expect(hitsOf(working)).toBe(1)
    expect(await deliveriesTo(working)).toEqual([])

    // Before its time nothing is sent; at its time, one attempt each.
    const schedule = [1, 5, 30, 120]
    let clock = t0
    for (const [index, delay] of schedule.entries()) {
      const early = await deliverDuePushes(server.deps, minutes(clock, delay - 0.5))
      expect(early.sent + early.retried + early.givenUp).toBe(0)
      expect(hitsOf(broken)).toBe(index + 1)
      clock = minutes(clock, delay + 0.1)
      const run = await deliverDuePushes(server.deps, clock)
      expect(hitsOf(broken)).toBe(index + 2)
      if (index < schedule.length - 1) {
        expect(run.retried).toBe(1)
        const [row] = await deliveriesTo(broken)
        expect(row!.attempts).toBe(index + 2)
        const next = new Date(row!.next_attempt_at).getTime() - clock.getTime()
        expect(next).toBe(schedule[index + 1]! * 60_000)
      } else expect(run.givenUp).toBe(1)
    }
    // Five attempts, then nothing more, however long the server runs.
    expect(await deliveriesTo(broken)).toEqual([])
    for (const later of [1, 60, 600, 6000]) await deliverDuePushes(server.deps, minutes(clock, later))
    expect(hitsOf(broken)).toBe(5)
    expect(hitsOf(working)).toBe(1)
    // The subscription itself stays: a later notification tries it again, a few times at most.
    expect((await subscriptionsOf(kavya.userId)).map((r) => r.endpoint)).toContain(broken)
    for (const endpoint of [broken, working]) await kavya.api.post('/notifications/unsubscribe', { endpoint })
  })

  it('gives up on a delivery a day old without sending it', async () => {
    const broken = `${push.origin}/push/broken-${crypto.randomUUID()}`
    await subscribe(arjun, broken)
    await newTask(meera, { title: 'A day late', assignTo: arjun.username })
    await server.deps.outbox.drain()
    expect(hitsOf(broken)).toBe(1)
    expect(await deliveriesTo(broken)).toHaveLength(1)
    const run = await deliverDuePushes(server.deps, new Date(Date.now() + 24 * 3_600_000 + 60_000))
    expect(run.givenUp).toBeGreaterThanOrEqual(1)
    expect(hitsOf(broken)).toBe(1)
    expect(await deliveriesTo(broken)).toEqual([])
    await arjun.api.post('/notifications/unsubscribe', { endpoint: broken })
  })

  it('a retry answered 410 deletes the subscription and every delivery waiting for it', async () => {
    // Stored as if it had worked when it was accepted; it now answers 410 and had failed once before.
    const endpoint = `${push.origin}/push/gone-${crypto.randomUUID()}`
    await subscribe(ravi, endpoint)
    await server.deps.database.pool.query(
      `insert into push_deliveries (org_id, subscription_id, payload, attempts, next_attempt_at)
       select org_id, subscription_id, '{"title":"Daftar","body":"x","link":"/","tag":"t"}'::jsonb, 1, now()
       from push_subscriptions, generate_series(1, 3) where endpoint = $1`,
      [endpoint],
    )
    await deliverDuePushes(server.deps, new Date(Date.now() + 1000))
    expect(hitsOf(endpoint)).toBeGreaterThanOrEqual(1)
    expect((await subscriptionsOf(ravi.userId)).map((r) => r.endpoint)).not.toContain(endpoint)
    const { rows } = await server.deps.database.pool.query(
      `select count(*)::int as n from push_deliveries d left join push_subscriptions s using (subscription_id) where s.subscription_id is null`,
    )
    expect(rows[0].n).toBe(0)
  })

  it('two instances running the retries at once send each delivery once', async () => {
    const second = await createDeps(server.config, server.database, server.deps.log, {
      pushNetwork: { ca: push.cert, allowAddresses: ['127.0.0.1'] },
    })
    const endpoints = Array.from({ length: 6 }, () => `${push.origin}/push/broken-${crypto.randomUUID()}`)
    for (const endpoint of endpoints) await subscribe(meera, endpoint)
    await server.deps.database.pool.query(
      `insert into push_deliveries (org_id, subscription_id, payload, next_attempt_at)
       select org_id, subscription_id, '{"title":"Daftar","body":"x","link":"/","tag":"t"}'::jsonb, now()
       from push_subscriptions, generate_series(1, 5) where endpoint like $1`,
      [`${push.origin}/push/broken-%`],
    )
    const now = new Date(Date.now() + 1000)
    const runs = await Promise.all([deliverDuePushes(server.deps, now), deliverDuePushes(second, now)])
    const attempts = endpoints.reduce((sum, e) => sum + hitsOf(e), 0)
    expect(attempts).toBe(30)
    expect(runs[0].retried + runs[1].retried).toBe(30)
    for (const endpoint of endpoints) {
      const rows = await deliveriesTo(endpoint)
      expect(rows).toHaveLength(5)
      expect(rows.every((r) => r.attempts === 1)).toBe(true)
      await meera.api.post('/notifications/unsubscribe', { endpoint })
    }
    await second.outbox.stop()
  })
})

describe('push endpoints cannot reach private addresses (SSRF)', () => {
  let guarded: TestServer
  let asha: Person
  let bala: Person

  beforeAll(async () => {
    // Trusts the local push service's certificate, but is not told to allow its private address.
    guarded = await startTestServer({}, { pushNetwork: { ca: push.cert } })
    ;({ meera: asha, arjun: bala } = await taskTeam(guarded, ['meera', 'arjun']))
  })
  afterAll(() => guarded.close())

  it('refuses loopback, private, link-local, metadata and mapped addresses, by literal or by name', async () => {
    const port = new URL(push.origin).port
    const keys = browserKeys().keys
    for (const endpoint of [
      `https://127.0.0.1:${port}/push/a`,
      `https://localhost:${port}/push/a`,
      'https://10.1.2.3/push/a',
      'https://172.20.0.5/push/a',
      'https://192.168.1.1/push/a',
      'https://100.64.0.1/push/a',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/push/a',
      'https://[::1]/push/a',
      'https://[fd00:ec2::254]/push/a',
      'https://[fe80::1]/push/a',
      'https://[::ffff:127.0.0.1]/push/a',
      'https://2130706433/push/a', // 127.0.0.1 written as a number
    ]) {
      const res = await asha.api.post('/notifications/subscribe', { subscription: { endpoint, keys } })
      expect(res.statusCode, endpoint).toBe(400)
      expect(errorOf(res)).toBe('Push endpoints must be https addresses of a public push service.')
    }
  })

  it('checks again at send time: a stored endpoint that now resolves to a private address is never called', async () => {
    const byName = `https://localhost:${new URL(push.origin).port}/push/${crypto.randomUUID()}`
    const byLiteral = `${push.origin}/push/${crypto.randomUUID()}`
    // As if DNS changed after the subscription was accepted.
    for (const endpoint of [byName, byLiteral]) {
      const { keys } = browserKeys()
      await guarded.deps.db
        .insert(pushSubscriptions)
        .values({ orgId: bala.orgId, userId: bala.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    }
    const seen = push.received.length
    await newTask(asha, { title: 'Check the meter', assignTo: bala.username })
    await guarded.deps.outbox.drain()
    expect(push.received.length).toBe(seen)
    const left = await guarded.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, bala.userId))
    expect(left).toEqual([])
  })

  it('tells public addresses from the others', () => {
    for (const ok of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPublicAddress(ok), ok).toBe(true)
    for (const no of ['127.0.0.2', '10.0.0.1', '169.254.169.254', '::1', 'fc00::1', '::ffff:10.0.0.1', 'x'])
      expect(isPublicAddress(no), no).toBe(false)
  })
})
