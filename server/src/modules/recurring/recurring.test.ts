import { addDays, type RecurringTask, todayIn } from '@daftar/domain'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, createOrg, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { category, type Person, person } from '../../../test/task-helpers.ts'
import { tasks } from '../tasks/schema.ts'
import { createDueTasks, DATES_PER_RUN, runSeries } from './job.ts'
import { recurringOccurrences, recurringTasks } from './schema.ts'

let server: TestServer
let owner: Person
let asha: Person
let admin: Person
let bystander: Person
let outsider: Person
const today = () => todayIn('Asia/Kolkata')
const weekdayCode = (day: string) =>
  ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${day}T00:00:00Z`).getUTCDay()]
/** 10:00 in Kolkata on `day`: the jobs' injected clock. */
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+05:30`)

beforeAll(async () => {
  server = await startTestServer()
  const org = await createOrg(server)
  owner = await person(server, org.orgId, { fullName: 'Owner' })
  asha = await person(server, org.orgId, { fullName: 'Asha' })
  admin = await person(server, org.orgId, { fullName: 'Admin', isAdmin: true })
  bystander = await person(server, org.orgId, { fullName: 'Bystander' })
  outsider = await person(server, (await createOrg(server)).orgId, { fullName: 'Outsider', isAdmin: true })
})
afterAll(() => server.close())

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Weekly report',
  description: 'Send it to the client',
  assigned_to: [asha.userId],
  cc: [],
  rule: `FREQ=WEEKLY;BYDAY=${weekdayCode(today())}`,
  starts_on: today(),
  deadline_days: 2,
  ...over,
})

async function create(who: Person, over: Record<string, unknown> = {}): Promise<RecurringTask> {
  const res = await client(server, who.token).post('/recurring-tasks', body(over))
  expect(res.statusCode, res.body).toBe(201)
  return res.json().recurring_task
}

const tasksOf = (seriesId: string) =>
  server.deps.db
    .select({ id: tasks.taskId, start: tasks.startDate, deadline: tasks.deadline, late: tasks.createdLate })
    .from(tasks)
    .where(eq(tasks.seriesId, seriesId))
    .orderBy(tasks.startDate)

const seriesRow = async (seriesId: string) =>
  (await server.deps.db.select().from(recurringTasks).where(eq(recurringTasks.seriesId, seriesId)))[0]!
/** The days from `start` on, `n` of them. */
const daysFrom = (start: string, n: number) => Array.from({ length: n }, (_, i) => addDays(start, i))

describe('POST /recurring-tasks', () => {
  it('creates the task of today at once, owned by the creator, and answers the next 5 dates', async () => {
    const series = await create(owner)
    expect(series.rule_text).toMatch(/^Weekly on (Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/)
    expect(series.next_occurrences).toEqual([7, 14, 21, 28, 35].map((n) => addDays(today(), n)))
    const made = await tasksOf(series.series_id)
    expect(made).toEqual([
      { id: series.last_created_task_id, start: today(), deadline: addDays(today(), 2), late: false },
    ])
    const task = await asha.api.task(series.last_created_task_id!)
    expect(task).toMatchObject({
      assignment_chain: [owner.username, asha.username],
      series_id: series.series_id,
      details: 'Send it to the client',
    })
    // The assignee is told as for a hand-made task.
    const notes = (await client(server, asha.token).get('/notifications?limit=50')).json().notifications
    expect(
      notes.some(
        (n: { type: string; entity_id: string }) =>
          n.type === 'TASK_ASSIGNED' && n.entity_id === task.task_id,
      ),
    ).toBe(true)
    // The task's detail names its series.
    const line = await client(server, asha.token).get(`/tasks/${task.task_id}/series`)
    expect(line.json().series).toMatchObject({
      series_id: series.series_id,
      next_occurrence: addDays(today(), 7),
    })
  })

  it('refuses a rule outside RFC 5545 as we accept it, and users, categories of another organisation', async () => {
    const api = client(server, owner.token)
    for (const rule of [
      'FREQ=HOURLY',
      'FREQ=WEEKLY;BYDAY=XX',
      'FREQ=DAILY;COUNT=2;UNTIL=20270101',
      'nonsense',
    ])
      expect((await api.post('/recurring-tasks', body({ rule }))).statusCode, rule).toBe(400)
    const foreign = await api.post('/recurring-tasks', body({ assigned_to: [outsider.userId] }))
    expect(foreign.statusCode).toBe(400)
    expect(errorOf(foreign)).toMatch(/not a registered user/)
    const otherCategory = await category(server, outsider, 'Theirs')
    expect((await api.post('/recurring-tasks', body({ category_id: otherCategory }))).statusCode).toBe(400)
    expect(
      (await api.post('/recurring-tasks', body({ assigned_to: [asha.userId, admin.userId] }))).statusCode,
    ).toBe(400)
    expect((await client(server).post('/recurring-tasks', body())).statusCode).toBe(401)
  })
  it('refuses a start more than 31 days back: one request cannot make a colleague weeks of tasks', async () => {
    const api = client(server, owner.token)
    for (const starts_on of [addDays(today(), -32), '2025-01-01', '0050-06-15', '0001-01-01']) {
      const res = await api.post(
        '/recurring-tasks',
        body({ rule: 'FREQ=DAILY', starts_on, assigned_to: [admin.userId] }),
      )
      expect(res.statusCode, starts_on).toBe(400)
      expect(errorOf(res)).toBe('Starts on can be at most 31 days before today.')
    }
    const yearly = await api.post(
      '/recurring-tasks',
      body({ rule: 'FREQ=YEARLY;COUNT=1', starts_on: '0050-06-15' }),
    )
    expect(errorOf(yearly)).toBe('Starts on can be at most 31 days before today.')
    const made = await server.deps.db.execute(
      sql`select count(*)::int as n from recurring_tasks where starts_on < ${addDays(today(), -31)}`,
    )
    expect(made.rows).toEqual([{ n: 0 }])
  })

  it('names the field of a day that is not one, and refuses weekdays on a daily rule', async () => {
    const api = client(server, owner.token)
    const day = await api.post('/recurring-tasks', body({ starts_on: '2026-02-30' }))
    expect(day.statusCode).toBe(400)
    expect(errorOf(day)).toBe('Starts on must be a real date, written YYYY-MM-DD.')
    const daily = await api.post('/recurring-tasks', body({ rule: 'FREQ=DAILY;BYDAY=MO' }))
    expect(daily.statusCode).toBe(400)
    expect(errorOf(daily)).toBe(
      'A daily rule cannot name weekdays (BYDAY): repeat weekly on those days instead.',
    )
  })
})

describe('who may see and change a series', () => {
  it('the owner and admins edit, pause and end it; its assignee reads it; others get 404', async () => {
    const series = await create(owner, { starts_on: addDays(today(), 1), rule: 'FREQ=DAILY' })
    const url = `/recurring-tasks/${series.series_id}`
    // Its assignee sees it but may not change it.
    expect((await client(server, asha.token).get(url)).json().can_edit).toBe(false)
    expect((await client(server, asha.token).put(url, body({ active: false }))).statusCode).toBe(403)
    expect((await client(server, asha.token).delete(url)).statusCode).toBe(403)
    // Someone not on it, and another organisation's admin, do not see it at all.
    for (const who of [bystander, outsider]) {
      expect((await client(server, who.token).get(url)).statusCode).toBe(404)
      expect((await client(server, who.token).put(url, body())).statusCode).toBe(404)
      expect((await client(server, who.token).delete(url)).statusCode).toBe(404)
    }
    const list = (await client(server, bystander.token).get('/recurring-tasks')).json()
    expect(list.recurring_tasks.map((s: RecurringTask) => s.series_id)).not.toContain(series.series_id)
    // The admin pauses it; the owner resumes it.
    const paused = await client(server, admin.token).put(
      url,
      body({ active: false, rule: 'FREQ=DAILY', starts_on: addDays(today(), 1) }),
    )
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json().recurring_task.active).toBe(false)
    const resumed = await client(server, owner.token).put(
      url,
      body({ rule: 'FREQ=DAILY;INTERVAL=2', starts_on: addDays(today(), 1) }),
    )
    expect(resumed.json().recurring_task).toMatchObject({ active: true, rule_text: 'Every 2 days' })
    // A stale version is refused.
    expect((await client(server, owner.token).put(url, body(), { 'if-match': '"1"' })).statusCode).toBe(412)
  })

  it('an edit keeps a start saved long ago, and may not move it further back than 31 days', async () => {
    const series = await create(owner)
    const url = `/recurring-tasks/${series.series_id}`
    // As if it had been running for 60 days.
    const longAgo = addDays(today(), -60)
    await server.deps.db
      .update(recurringTasks)
      .set({ startsOn: longAgo })
      .where(eq(recurringTasks.seriesId, series.series_id))
    const api = client(server, owner.token)
    const kept = await api.put(url, body({ starts_on: longAgo, title: 'Weekly report, renamed' }))
    expect(kept.statusCode, kept.body).toBe(200)
    const moved = await api.put(url, body({ starts_on: addDays(longAgo, -1) }))
    expect(moved.statusCode).toBe(400)
    expect(errorOf(moved)).toBe('Starts on can be at most 31 days before today.')
    expect((await api.put(url, body({ starts_on: addDays(today(), -31) }))).statusCode).toBe(200)
  })

  it('ending a series keeps the tasks it created', async () => {
    const series = await create(owner)
    const taskId = series.last_created_task_id!
    const res = await client(server, owner.token).delete(`/recurring-tasks/${series.series_id}`)
    expect(res.statusCode, res.body).toBe(200)
    const task = await asha.api.task(taskId)
    expect(task).toMatchObject({ status: 'In Progress', series_id: null })
    expect((await client(server, owner.token).get(`/recurring-tasks/${series.series_id}`)).statusCode).toBe(
      404,
    )
  })
})

describe('the recurring-tasks job (an injected clock)', () => {
  it('creates each date once; missed dates are created late, or only the latest', async () => {
    const start = addDays(today(), 30)
    const each = await create(owner, { rule: 'FREQ=DAILY', starts_on: start, deadline_days: 0 })
    const latest = await create(owner, { rule: 'FREQ=DAILY', starts_on: start, catch_up: 'latest' })
    expect(await tasksOf(each.series_id)).toEqual([])
    await createDueTasks(server.deps, at(start))
    expect((await tasksOf(each.series_id)).map((t) => [t.start, t.late])).toEqual([[start, false]])
    // The server was down for three days: each missed date once, marked late; 'latest' only today's.
    const later = addDays(start, 3)
    await createDueTasks(server.deps, at(later))
    await createDueTasks(server.deps, at(later))
    expect((await tasksOf(each.series_id)).map((t) => [t.start, t.late])).toEqual([
      [start, false],
      [addDays(start, 1), true],
      [addDays(start, 2), true],
      [later, false],
    ])
    expect((await tasksOf(latest.series_id)).map((t) => t.start)).toEqual([start, later])
  })

  it("'Monthly on the last day' creates each month's task on its own last day: February's, April's 30th", async () => {
    const year = Number(today().slice(0, 4)) + 1
    const last = (month: number) =>
      `${year}-${String(month).padStart(2, '0')}-${new Date(Date.UTC(year, month, 0)).getUTCDate()}`
    const series = await create(owner, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
      starts_on: `${year}-01-01`,
      deadline_days: 1,
    })
    expect(series.rule_text).toBe('Monthly on the last day')
    expect(series.next_occurrences).toEqual([1, 2, 3, 4, 5].map(last))
    const made: string[] = []
    for (const month of [1, 2, 3, 4]) {
      // The day before: nothing yet. The last day: its task, on time, due the next day.
      await createDueTasks(server.deps, at(addDays(last(month), -1)))
      expect((await tasksOf(series.series_id)).map((t) => t.start)).toEqual(made)
      await createDueTasks(server.deps, at(last(month)))
      made.push(last(month))
      const tasks = await tasksOf(series.series_id)
      expect(tasks.map((t) => t.start)).toEqual(made)
      expect(tasks.at(-1)).toMatchObject({ deadline: addDays(last(month), 1), late: false })
    }
    expect(made[1]).toMatch(/-02-2[89]$/)
    expect(made[3]).toBe(`${year}-04-30`)
  })

  it('two instances running at once create each date once', async () => {
    const start = addDays(today(), 60)
    const series = await Promise.all(
      [1, 2, 3].map(() => create(owner, { rule: 'FREQ=DAILY', starts_on: start })),
    )
    const day = addDays(start, 4)
    await Promise.all([createDueTasks(server.deps, at(day)), createDueTasks(server.deps, at(day))])
    for (const s of series)
      expect((await tasksOf(s.series_id)).map((t) => t.start)).toEqual(
        [0, 1, 2, 3, 4].map((n) => addDays(start, n)),
      )
    const dupes = await server.deps.db.execute(
      sql`select series_id, start_date from tasks where series_id is not null group by 1, 2 having count(*) > 1`,
    )
    expect(dupes.rows).toEqual([])
  })

  it('a run that fails half-way is finished by the next one, without doubles', async () => {
    const start = addDays(today(), 90)
    const series = await create(owner, { rule: 'FREQ=DAILY', starts_on: start })
    const day = addDays(start, 3)
    let claims = 0
    await createDueTasks(server.deps, at(day), {
      afterClaim: (id) => {
        if (id === series.series_id && ++claims === 2) throw new Error('the server stopped')
      },
    })
    expect((await tasksOf(series.series_id)).map((t) => t.start)).toEqual([start])
    await createDueTasks(server.deps, at(day))
    expect((await tasksOf(series.series_id)).map((t) => t.start)).toEqual(
      [0, 1, 2, 3].map((n) => addDays(start, n)),
    )
  })

  it('a paused series creates nothing, and its answer keeps the last task created', async () => {
    const start = addDays(today(), 120)
    const series = await create(owner, { rule: 'FREQ=DAILY', starts_on: start })
    await createDueTasks(server.deps, at(start))
    const [first] = await tasksOf(series.series_id)
    await client(server, owner.token).put(
      `/recurring-tasks/${series.series_id}`,
      body({ rule: 'FREQ=DAILY', starts_on: start, active: false }),
    )
    await createDueTasks(server.deps, at(addDays(start, 2)))
    expect(await tasksOf(series.series_id)).toHaveLength(1)
    const answer = (await client(server, owner.token).get(`/recurring-tasks/${series.series_id}`)).json()
    expect(answer.last_created_task_id).toBe(first!.id)
    expect(answer.next_occurrences).toEqual([])
  })

  it('a series resumed does not make up the dates of its pause', async () => {
    const series = await create(owner, {
      rule: 'FREQ=DAILY',
      starts_on: addDays(today(), -3),
      catch_up: 'each',
    })
    // Saved with its start 3 days back: those dates are created at once, marked late.
    expect((await tasksOf(series.series_id)).map((t) => [t.start, t.late])).toEqual([
      [addDays(today(), -3), true],
      [addDays(today(), -2), true],
      [addDays(today(), -1), true],
      [today(), false],
    ])
    const url = `/recurring-tasks/${series.series_id}`
    const again = body({ rule: 'FREQ=DAILY', starts_on: addDays(today(), -3) })
    await client(server, owner.token).put(url, { ...again, active: false })
    await createDueTasks(server.deps, at(addDays(today(), 2)))
    expect(await tasksOf(series.series_id)).toHaveLength(4)
    // Resumed (today, by the real clock): the next date is tomorrow, and the job owes nothing before it.
    const resumed = await client(server, owner.token).put(url, again)
    expect(resumed.json().recurring_task.next_occurrences[0]).toBe(addDays(today(), 1))
    await createDueTasks(server.deps, at(addDays(today(), 1)))
    expect((await tasksOf(series.series_id)).map((t) => t.start).at(-1)).toBe(addDays(today(), 1))
    expect(await tasksOf(series.series_id)).toHaveLength(5)
  })

  it("'each' creates a long run of missed dates in batches, each run going on where the last stopped", async () => {
    const start = addDays(today(), 400)
    const series = await create(owner, { rule: 'FREQ=DAILY', starts_on: start, deadline_days: 0 })
    const day = addDays(start, DATES_PER_RUN + 4)
    // The series alone (runSeries), not the job: other tests' series would be due on these days too.
    await runSeries(server.deps, await seriesRow(series.series_id), day)
    const first = await tasksOf(series.series_id)
    expect(first.map((t) => t.start)).toEqual(daysFrom(start, DATES_PER_RUN))
    expect(first.every((t) => t.late)).toBe(true)
    // Left at the first date not created, none skipped.
    expect((await seriesRow(series.series_id)).nextDueOn).toBe(addDays(start, DATES_PER_RUN))
    await runSeries(server.deps, await seriesRow(series.series_id), day)
    const all = await tasksOf(series.series_id)
    expect(all.map((t) => t.start)).toEqual(daysFrom(start, DATES_PER_RUN + 5))
    expect(all.at(-1)).toMatchObject({ start: day, late: false })
    expect((await seriesRow(series.series_id)).nextDueOn).toBe(addDays(day, 1))
  })

  it("'latest' creates the latest due date, today, however many dates were missed", async () => {
    const start = addDays(today(), 1000)
    const series = await create(owner, { rule: 'FREQ=DAILY', starts_on: start, catch_up: 'latest' })
    const day = addDays(start, 450)
    await runSeries(server.deps, await seriesRow(series.series_id), day)
    expect((await tasksOf(series.series_id)).map((t) => [t.start, t.late])).toEqual([[day, false]])
    const skipped = await server.deps.db
      .select({ date: recurringOccurrences.occurrenceDate })
      .from(recurringOccurrences)
      .where(and(eq(recurringOccurrences.seriesId, series.series_id), isNull(recurringOccurrences.taskId)))
    expect(skipped).toHaveLength(450)
    expect((await seriesRow(series.series_id)).nextDueOn).toBe(addDays(day, 1))
  })
})
