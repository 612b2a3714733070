import { addDays, todayIn } from '@daftar/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createOrg, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { newTask, type Person, pendingTask, person } from '../../../test/task-helpers.ts'
import { tasks } from '../tasks/schema.ts'
import { isWorkingDay, nextWorkingDay, REMIND_BATCH, sendTaskReminders } from './reminders.ts'

let server: TestServer
let boss: Person
let asha: Person
/** `hour`:00 in Kolkata on `day`: the job's injected clock. */
const at = (day: string, hour = 9) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+05:30`)
/** A Wednesday well ahead, so that the tasks' deadlines are the only ones the job sees. */
let wed: string

beforeAll(async () => {
  server = await startTestServer()
  const org = await createOrg(server)
  boss = await person(server, org.orgId, { fullName: 'Boss' })
  asha = await person(server, org.orgId, { fullName: 'Asha' })
  wed = addDays(todayIn('Asia/Kolkata'), 400)
  while (new Date(`${wed}T00:00:00Z`).getUTCDay() !== 3) wed = addDays(wed, 1)
})
afterAll(() => server.close())

async function remindersOf(who: Person, taskId: string) {
  const res = await client(server, who.token).get('/notifications?limit=50')
  return (
    res.json().notifications as { type: string; entity_id: string; message: string; link: string }[]
  ).filter(
    (n) => n.entity_id === taskId && ['TASK_DUE_SOON', 'TASK_OVERDUE', 'APPROVAL_WAITING'].includes(n.type),
  )
}

describe('working days', () => {
  it('are Monday to Friday; the one after a Friday is the Monday', () => {
    expect(isWorkingDay('2026-11-28')).toBe(false)
    expect(isWorkingDay('2026-11-27')).toBe(true)
    expect(nextWorkingDay('2026-11-27')).toBe('2026-11-30')
  })
})

describe('the task reminders job (an injected clock)', () => {
  it('due soon the working day before and on the day, overdue the day after, each once', async () => {
    const task = await newTask(boss, { assignTo: asha.username, deadline: addDays(wed, 1) })
    // Before the morning nothing goes; the day before the deadline, one reminder however often it runs.
    expect(await sendTaskReminders(server.deps, at(wed, 6))).toBe(0)
    await sendTaskReminders(server.deps, at(wed))
    await sendTaskReminders(server.deps, at(wed, 15))
    let mine = await remindersOf(asha, task.task_id)
    expect(mine.map((n) => n.type)).toEqual(['TASK_DUE_SOON'])
    expect(mine[0]!.link).toBe(`/tasks?task=${task.task_id}`)
    // The creator is not the assignee: not reminded.
    expect(await remindersOf(boss, task.task_id)).toEqual([])
    await sendTaskReminders(server.deps, at(addDays(wed, 1)))
    await sendTaskReminders(server.deps, at(addDays(wed, 2)))
    await sendTaskReminders(server.deps, at(addDays(wed, 3)))
    mine = await remindersOf(asha, task.task_id)
    expect(mine.map((n) => n.type).sort()).toEqual(['TASK_DUE_SOON', 'TASK_DUE_SOON', 'TASK_OVERDUE'])
    expect(mine.find((n) => n.type === 'TASK_OVERDUE')!.message).toMatch(/is overdue/)
  })

  it('a Monday deadline is reminded on the Friday before', async () => {
    const friday = addDays(wed, 2)
    const monday = addDays(wed, 5)
    const task = await newTask(boss, { assignTo: asha.username, deadline: monday })
    await sendTaskReminders(server.deps, at(addDays(wed, 1)))
    expect(await remindersOf(asha, task.task_id)).toEqual([])
    await sendTaskReminders(server.deps, at(friday))
    expect((await remindersOf(asha, task.task_id)).map((n) => n.type)).toEqual(['TASK_DUE_SOON'])
  })

  it('APPROVAL_WAITING to the approver after 2 days, once', async () => {
    const task = await pendingTask(boss, asha)
    const submitted = await server.deps.db
      .update(tasks)
      .set({ submittedAt: at(wed, 11) })
      .where(eq(tasks.taskId, task.task_id))
      .returning()
    expect(submitted).toHaveLength(1)
    await sendTaskReminders(server.deps, at(addDays(wed, 2), 10))
    expect(await remindersOf(boss, task.task_id)).toEqual([])
    await sendTaskReminders(server.deps, at(addDays(wed, 2), 12))
    await sendTaskReminders(server.deps, at(addDays(wed, 3), 12))
    expect((await remindersOf(boss, task.task_id)).map((n) => n.type)).toEqual(['APPROVAL_WAITING'])
    expect(await remindersOf(asha, task.task_id)).toEqual([])
  })

  it('two instances running at once send each reminder once', async () => {
    const due = addDays(wed, 7)
    const list = await Promise.all(
      [1, 2, 3, 4].map(() => newTask(boss, { assignTo: asha.username, deadline: due })),
    )
    await Promise.all([
      sendTaskReminders(server.deps, at(due)),
      sendTaskReminders(server.deps, at(due)),
      sendTaskReminders(server.deps, at(due)),
    ])
    for (const task of list)
      expect((await remindersOf(asha, task.task_id)).map((n) => n.type)).toEqual(['TASK_DUE_SOON'])
    const claims = await server.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from task_reminders where kind = 'due_today' and for_date = ${due}`,
    )
    expect(claims.rows[0]!.n).toBe(4)
  })

  it('reminds every task when more are due than one batch holds, each once, with two instances at once', async () => {
    // Weeks after the other tests' deadlines, so that none of theirs is overdue within the lookback.
    const due = addDays(wed, 35)
    const count = REMIND_BATCH * 2 + 17
    const { rows } = await server.deps.database.pool.query<{ org_id: string }>(
      'select org_id from users where user_id = $1',
      [asha.userId],
    )
    // Straight into the table (the API would take a minute for these); the member rows follow by trigger.
    await server.deps.database.pool.query(
      `insert into tasks (org_id, title, assignment_chain, deadline, status)
       select $1::uuid, 'Batch ' || g, array[$2::text, $3::text], $4::date, 'In Progress'::task_status
       from generate_series(1, $5::int) g`,
      [rows[0]!.org_id, boss.username, asha.username, due, count],
    )
    // Two instances at once, then a third run: each reminder goes once, and none is left behind.
    const sent = await Promise.all([
      sendTaskReminders(server.deps, at(due)),
      sendTaskReminders(server.deps, at(due)),
    ])
    const late = await sendTaskReminders(server.deps, at(due))
    expect(sent[0] + sent[1] + late).toBe(count)
    expect(await sendTaskReminders(server.deps, at(due))).toBe(0)
    const told = await server.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications
        where user_id = ${asha.userId} and type = 'TASK_DUE_SOON' and message like 'The task ''Batch %'`,
    )
    expect(told.rows[0]!.n).toBe(count)
  })
})
