import {
  defaultChannels,
  notificationPreferenceMessages,
  notificationTypeInfo,
  notificationTypes,
} from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { type MailSink, startMailSink } from '../../../test/mail-sink.ts'
import { newTask, type Person, taskTeam } from '../../../test/task-helpers.ts'
import { notify } from './service.ts'

const PATH = '/users/me/notification-preferences'

let sink: MailSink
let server: TestServer
let meera: Person
let arjun: Person
let kavya: Person

beforeAll(async () => {
  sink = await startMailSink()
  server = await startTestServer({ SMTP_URL: sink.url, PUBLIC_URL: 'https://daftar.example.test/' })
  ;({ meera, arjun, kavya } = await taskTeam(server, ['meera', 'arjun', 'kavya']))
})
afterAll(async () => {
  await server?.close()
  await sink?.close()
})

/** A raw message's body with quoted-printable undone (soft breaks and =XX bytes). */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

const mailsTo = (p: Person) => sink.received.filter((m) => m.to.includes(p.email))

async function typesOf(p: Person, entityId: string) {
  const { notifications } = (await p.api.get('/notifications?limit=50')).json()
  return notifications
    .filter((n: { entity_id: string }) => n.entity_id === entityId)
    .map((n: { type: string }) => n.type)
}

async function pushRowsOf(p: Person) {
  const { rows } = await server.deps.database.pool.query(
    `select d.payload from push_deliveries d join push_subscriptions s using (subscription_id) where s.user_id = $1`,
    [p.userId],
  )
  return rows as { payload: { body: string; tag: string } }[]
}

describe('GET /users/me/notification-preferences', () => {
  it('answers every notification type with its label, the defaults and the locked channels', async () => {
    const res = await meera.api.get(PATH)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.daily_digest).toBe(false)
    expect(body.preferences.map((p: { type: string }) => p.type)).toEqual(notificationTypes)
    for (const p of body.preferences) {
      const info = notificationTypeInfo[p.type as keyof typeof notificationTypeInfo]
      expect(p).toEqual({
        type: p.type,
        label: info.label,
        ...defaultChannels,
        locked: info.inAppLocked ? ['in_app'] : [],
      })
    }
    const locked = body.preferences
      .filter((p: { locked: string[] }) => p.locked.length)
      .map((p: { type: string }) => p.type)
    expect(locked).toEqual(['TASK_ASSIGNED', 'TASK_SUBMITTED', 'APPROVAL_WAITING', 'APPROVAL_PENDING'])
  })

  it('needs a signed-in user', async () => {
    expect((await server.app.inject({ url: `/api${PATH}` })).statusCode).toBe(401)
    expect((await server.app.inject({ method: 'PUT', url: `/api${PATH}`, payload: {} })).statusCode).toBe(401)
  })
})

describe('PUT /users/me/notification-preferences', () => {
  it('stores the changed types and the digest switch; the others keep their defaults', async () => {
    const res = await kavya.api.put(PATH, {
      preferences: [
        { type: 'TASK_COMMENT', in_app: false, push: false, email: true },
        { type: 'TASK_ASSIGNED', in_app: true, push: false, email: true },
      ],
      daily_digest: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(notificationPreferenceMessages.saved)
    const after = (await kavya.api.get(PATH)).json()
    expect(after.daily_digest).toBe(true)
    const byType = Object.fromEntries(after.preferences.map((p: { type: string }) => [p.type, p]))
    expect(byType.TASK_COMMENT).toMatchObject({ in_app: false, push: false, email: true })
    expect(byType.TASK_ASSIGNED).toMatchObject({ in_app: true, push: false, email: true })
    expect(byType.TASK_CC).toMatchObject(defaultChannels)
    // Changing one type later leaves the others as they were.
    await kavya.api.put(PATH, {
      preferences: [{ type: 'TASK_COMMENT', in_app: true, push: false, email: false }],
      daily_digest: false,
    })
    const again = Object.fromEntries(
      (await kavya.api.get(PATH)).json().preferences.map((p: { type: string }) => [p.type, p]),
    )
    expect(again.TASK_COMMENT).toMatchObject({ in_app: true, push: false, email: false })
    expect(again.TASK_ASSIGNED).toMatchObject({ in_app: true, push: false, email: true })
  })

  it('saves cleanly when the same user saves ten times at once (no duplicate key, one answer stored)', async () => {
    const team = await taskTeam(server, ['ravi'])
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      preferences: [
        { type: 'TASK_UPDATED', in_app: i % 2 === 0, push: i % 2 === 0, email: i % 2 === 0 },
        { type: 'REPORT_RECEIVED', in_app: true, push: false, email: i % 2 === 1 },
      ],
      daily_digest: i % 2 === 0,
    }))
    const answers = await Promise.all(bodies.map((b) => team.ravi.api.put(PATH, b)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
    const { rows } = await server.deps.database.pool.query(
      'select type from notification_preferences where user_id = $1 order by type',
      [team.ravi.userId],
    )
    expect(rows.map((r: { type: string }) => r.type)).toEqual(['REPORT_RECEIVED', 'TASK_UPDATED'])
  })

  it('refuses turning off in-app for approvals and assignments with a clear 400, and stores nothing', async () => {
    for (const type of ['TASK_ASSIGNED', 'TASK_SUBMITTED', 'APPROVAL_PENDING'] as const) {
      const res = await arjun.api.put(PATH, {
        preferences: [
          { type: 'TASK_CC', in_app: false, push: false, email: false },
          { type, in_app: false, push: true, email: false },
        ],
        daily_digest: true,
      })
      expect(res.statusCode, type).toBe(400)
      expect(errorOf(res)).toBe(notificationPreferenceMessages.lockedInApp(notificationTypeInfo[type].label))
    }
    const after = (await arjun.api.get(PATH)).json()
    expect(after.daily_digest).toBe(false)
    expect(after.preferences.find((p: { type: string }) => p.type === 'TASK_CC')).toMatchObject(
      defaultChannels,
    )
  })

  it('refuses unknown types, repeated types and malformed bodies', async () => {
    const bad = [
      {},
      { preferences: [], daily_digest: 'yes' },
      { preferences: [{ type: 'NOT_A_TYPE', in_app: true, push: true, email: true }], daily_digest: false },
      { preferences: [{ type: 'TASK_CC', in_app: true, push: true }], daily_digest: false },
      {
        preferences: [
          { type: 'TASK_CC', in_app: true, push: true, email: true },
          { type: 'TASK_CC', in_app: false, push: true, email: true },
        ],
        daily_digest: false,
      },
    ]
    for (const body of bad) {
      const res = await arjun.api.put(PATH, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(res)).toEqual(expect.any(String))
    }
  })

  it("one user can neither read nor change another's preferences", async () => {
    await meera.api.put(PATH, {
      preferences: [{ type: 'ANNOUNCEMENT', in_app: false, push: false, email: true }],
      daily_digest: true,
    })
    // A user id in the body or the address names nobody: the caller's own rows are the only ones.
    const res = await arjun.api.put(PATH, {
      user_id: meera.userId,
      preferences: [{ type: 'ANNOUNCEMENT', in_app: true, push: true, email: false }],
      daily_digest: false,
    })
    expect(res.statusCode).toBe(200)
    expect((await arjun.api.get(`/users/${meera.userId}/notification-preferences`)).statusCode).toBe(404)
    const meeras = (await meera.api.get(PATH)).json()
    expect(meeras.daily_digest).toBe(true)
    expect(meeras.preferences.find((p: { type: string }) => p.type === 'ANNOUNCEMENT')).toMatchObject({
      in_app: false,
      push: false,
      email: true,
    })
    const arjuns = (await arjun.api.get(PATH)).json()
    expect(arjuns.daily_digest).toBe(false)
    expect(arjuns.preferences.find((p: { type: string }) => p.type === 'ANNOUNCEMENT')).toMatchObject({
      in_app: true,
      push: true,
      email: false,
    })
  })
})

describe('notifications follow the preferences', () => {
  it('in-app off: no row in the list; push off: no push; e-mail on: a mail with the absolute link', async () => {
    const team = await taskTeam(server, ['meera', 'arjun', 'ravi'])
    const { arjun: a, ravi: r } = team
    // Arjun: CC without in-app and push, but by mail. Ravi: defaults.
    await a.api.put(PATH, {
      preferences: [{ type: 'TASK_CC', in_app: false, push: false, email: true }],
      daily_digest: false,
    })
    for (const p of [a, r]) {
      const endpoint = `https://push.example.test/push/${p.username}`
      await server.deps.database.pool.query(
        `insert into push_subscriptions (org_id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, 'k', 'a')`,
        [p.orgId, p.userId, endpoint],
      )
    }
    const task = await newTask(team.meera, {
      title: 'Check the <b>pumps</b> & valves',
      cc: JSON.stringify([a.username, r.username]),
    })
    expect(await typesOf(a, task.task_id)).toEqual([])
    expect(await typesOf(r, task.task_id)).toEqual(['TASK_CC'])
    expect(await pushRowsOf(a)).toEqual([])
    const [ravisPush] = await pushRowsOf(r)
    expect(ravisPush?.payload.body).toContain('Check the <b>pumps</b> & valves')

    await server.deps.outbox.drain()
    expect(mailsTo(r)).toEqual([])
    const mails = mailsTo(a)
    expect(mails).toHaveLength(1)
    const raw = decoded(mails[0]!.raw)
    expect(raw).toMatch(/^Subject: /m)
    expect(raw).toMatch(/Content-Type: multipart\/alternative/)
    expect(raw).toMatch(/Content-Type: text\/plain/)
    expect(raw).toMatch(/Content-Type: text\/html/)
    const url = `https://daftar.example.test/tasks?task=${task.task_id}`
    expect(raw).toContain(`Open in Daftar: ${url}`)
    expect(raw).toContain(`href="${url}"`)
    // The HTML part escapes what users wrote.
    expect(raw).toContain('Check the &#60;b&#62;pumps&#60;/b&#62; &#38; valves')
    expect(raw).toContain(`Hello ${a.fullName},`)
  })

  it('in-app cannot be lost for a locked type even if a row says otherwise', async () => {
    const team = await taskTeam(server, ['meera', 'arjun'])
    await server.deps.database.pool.query(
      `insert into notification_preferences (user_id, type, in_app, push, email) values ($1, 'TASK_ASSIGNED', false, false, false)`,
      [team.arjun.userId],
    )
    const task = await newTask(team.meera, { title: 'Locked', assignTo: team.arjun.username })
    expect(await typesOf(team.arjun, task.task_id)).toEqual(['TASK_ASSIGNED'])
  })

  it('a register request for approval follows the one APPROVAL_PENDING preference', async () => {
    const team = await taskTeam(server, ['meera', 'arjun'])
    await team.arjun.api.put(PATH, {
      preferences: [{ type: 'APPROVAL_PENDING', in_app: true, push: true, email: true }],
      daily_digest: false,
    })
    await notify(server.deps.db, {
      orgId: team.orgId,
      userIds: [team.arjun.userId, team.meera.userId],
      type: 'CLIENT_APPROVAL_PENDING',
      message: 'Meera requested to add client Acme.',
      link: '/admin/approvals/1',
    })
    await server.deps.outbox.drain()
    expect(mailsTo(team.arjun).map((m) => decoded(m.raw))).toEqual([
      expect.stringContaining('Meera requested to add client Acme.'),
    ])
    expect(mailsTo(team.meera)).toEqual([])
  })

  it('reads every recipient’s preferences in one query, however many they are', async () => {
    const team = await taskTeam(server, ['meera', 'arjun', 'kavya', 'ravi'])
    /** The statements `notify` sends for these recipients, counted through a wrapped transaction. */
    async function statementsFor(userIds: string[]) {
      let statements = 0
      await server.deps.db.transaction(async (tx) => {
        const counted = new Proxy(tx, {
          get(target, key, receiver) {
            const value = Reflect.get(target, key, receiver)
            if (key !== 'execute' && key !== 'insert' && key !== 'select') return value
            return (...args: unknown[]) => {
              statements++
              return (value as (...a: unknown[]) => unknown).apply(target, args)
            }
          },
        })
        await notify(counted, { orgId: team.orgId, userIds, type: 'ANNOUNCEMENT', message: 'Hello all' })
      })
      return statements
    }
    const one = await statementsFor([team.arjun.userId])
    const three = await statementsFor([team.arjun, team.kavya, team.ravi].map((p) => p.userId))
    expect(one).toBeGreaterThan(0)
    expect(three).toBe(one)
    for (const p of [team.arjun, team.kavya, team.ravi])
      expect((await p.api.get('/notifications')).json().notifications[0].message).toBe('Hello all')
  })
})
