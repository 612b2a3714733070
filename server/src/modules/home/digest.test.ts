import { todayIn } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/helpers.ts'
import { type MailSink, startMailSink } from '../../../test/mail-sink.ts'
import { newTask, type Person, taskTeam } from '../../../test/task-helpers.ts'
import { createDeps } from '../../bootstrap.ts'
import { sendDailyDigests } from './digest.ts'

/**
 * The daily digest on a fake clock: the job is given `now` (docs/decisions.md, "Notification
 * preferences and mail"). The organisation's calendar is Asia/Kolkata (the default TIME_ZONE).
 */

let sink: MailSink
let server: TestServer
let team: Awaited<ReturnType<typeof setUp>>

const today = todayIn('Asia/Kolkata')
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** An instant of the organisation's day, e.g. at(today, '08:30'). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`)

const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
const mailsTo = (p: Person) => sink.received.filter((m) => m.to.includes(p.email)).map((m) => decoded(m.raw))

async function digestOn(p: Person, on: boolean) {
  const res = await p.api.put('/users/me/notification-preferences', { preferences: [], daily_digest: on })
  expect(res.statusCode, res.body).toBe(200)
}

async function setUp() {
  const people = await taskTeam(server, ['meera', 'arjun', 'kavya', 'ravi'])
  const { meera, arjun, ravi } = people
  const dueToday = await newTask(meera, {
    title: 'Pay the electricity bill',
    assignTo: arjun.username,
    deadline: today,
  })
  const overdue = await newTask(meera, {
    title: 'File the GST return',
    assignTo: arjun.username,
    deadline: plusDays(today, -3),
  })
  await newTask(meera, { title: 'Later', assignTo: arjun.username, deadline: plusDays(today, 5) })
  await newTask(meera, { title: "Ravi's own", assignTo: ravi.username, deadline: today })
  const submitted = await newTask(meera, { title: 'Fix the door', assignTo: arjun.username })
  const done = await arjun.api.complete(submitted.task_id)
  expect(done.statusCode, done.body).toBe(200)
  for (const p of [meera, arjun, people.kavya]) await digestOn(p, true)
  return { ...people, dueToday, overdue, submitted }
}

beforeAll(async () => {
  sink = await startMailSink()
  server = await startTestServer({ SMTP_URL: sink.url, PUBLIC_URL: 'https://daftar.example.test' })
  team = await setUp()
}, 60_000)
afterAll(async () => {
  await server?.close()
  await sink?.close()
})

describe('the daily digest', () => {
  it('waits for 08:00 organisation time', async () => {
    expect(await sendDailyDigests(server.deps, at(today, '07:59'))).toEqual({ sent: 0, empty: 0 })
    await server.deps.outbox.drain()
    expect(mailsTo(team.arjun)).toEqual([])
  })

  it('from 08:00 mails each user who asked what is due today, overdue and waiting for their approval', async () => {
    const run = await sendDailyDigests(server.deps, at(today, '08:00'))
    expect(run.sent).toBe(2) // Arjun and Meera; Kavya has nothing, Ravi did not ask
    expect(run.empty).toBe(1)
    await server.deps.outbox.drain()

    const [arjuns] = mailsTo(team.arjun)
    expect(mailsTo(team.arjun)).toHaveLength(1)
    expect(arjuns).toContain('Content-Type: text/html')
    expect(arjuns).toContain('Due today (1)')
    expect(arjuns).toContain(
      `- Pay the electricity bill (From Meera Iyer): https://daftar.example.test/tasks?task=${team.dueToday.task_id}`,
    )
    expect(arjuns).toContain('Overdue (1)')
    expect(arjuns).toContain('File the GST return')
    expect(arjuns).not.toContain('Later')
    expect(arjuns).not.toContain('waiting for my approval')
    expect(arjuns).toContain(`href="https://daftar.example.test/tasks?task=${team.overdue.task_id}"`)

    const [meeras] = mailsTo(team.meera)
    expect(meeras).toContain('Tasks waiting for my approval (1)')
    expect(meeras).toContain('Fix the door')
    expect(meeras).not.toContain('Due today')

    expect(mailsTo(team.kavya)).toEqual([])
    expect(mailsTo(team.ravi)).toEqual([])
  })

  it('sends once a day, however often the job runs', async () => {
    for (const time of ['08:05', '12:00', '23:59'])
      expect(await sendDailyDigests(server.deps, at(today, time))).toEqual({ sent: 0, empty: 0 })
    await server.deps.outbox.drain()
    expect(mailsTo(team.arjun)).toHaveLength(1)
    expect(mailsTo(team.meera)).toHaveLength(1)
  })

  it('stops when the user turns it off', async () => {
    await digestOn(team.meera, false)
    const tomorrow = plusDays(today, 1)
    await sendDailyDigests(server.deps, at(tomorrow, '08:10'))
    await server.deps.outbox.drain()
    expect(mailsTo(team.meera)).toHaveLength(1)
    expect(mailsTo(team.arjun)).toHaveLength(2)
  })

  it('two instances running it at the same moment send one digest per user', async () => {
    const second = await createDeps(server.config, server.database, server.deps.log)
    const day = plusDays(today, 2)
    const runs = await Promise.all([
      sendDailyDigests(server.deps, at(day, '08:00')),
      sendDailyDigests(second, at(day, '08:00')),
      sendDailyDigests(server.deps, at(day, '08:00')),
    ])
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(1)
    await server.deps.outbox.drain()
    await second.outbox.drain()
    expect(mailsTo(team.arjun)).toHaveLength(3)
    await second.outbox.stop()
  })
})
