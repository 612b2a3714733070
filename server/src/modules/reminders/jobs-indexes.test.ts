import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrg, createUser, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createDueTasks } from '../recurring/job.ts'
import { sendTaskReminders } from './reminders.ts'

/**
 * The jobs run every JOBS_INTERVAL_SECONDS on every instance: with 100,000 tasks (a tenth open) and
 * 20,000 recurring tasks, none of their queries reads tasks or recurring_tasks sequentially. The SQL
 * is captured from the jobs themselves (a spy on pool.query) and EXPLAINed with its own parameters.
 */
const TASKS = 100_000
const SERIES = 20_000

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)]

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '300000' })
  const pool = server.deps.database.pool
  const orgId = (await createOrg(server)).orgId
  const owner = await createUser(server, orgId)
  await pool.query(
    `insert into tasks (org_id, title, assignment_chain, deadline, status, submitted_at)
     select $1::uuid, 'Task ' || g, array['u' || (g % 50)],
       date '2020-01-01' + (g % 3000),
       (case when g % 10 = 0 then 'In Progress' when g % 10 = 1 then 'Pending Approval' else 'Completed' end)::task_status,
       case when g % 10 = 1 then timestamptz '2020-01-01' + make_interval(hours => g) end
     from generate_series(1, ${TASKS}) g`,
    [orgId],
  )
  await pool.query(
    `insert into recurring_tasks (org_id, owner_id, title, assigned_to, cc, rule, starts_on, next_due_on, active)
     select $1::uuid, $2::uuid, 'Series ' || g, '{}', '{}', 'FREQ=DAILY', date '2020-01-01',
       date '2030-01-01' + (g % 1000), g % 7 <> 0
     from generate_series(1, ${SERIES}) g`,
    [orgId, owner.userId],
  )
  await pool.query('vacuum analyze tasks')
  await pool.query('vacuum analyze recurring_tasks')
}, 180_000)
afterAll(() => server?.close())

/** Runs `job`, EXPLAINs every query it sent that reads `tables`; returns the indexes they used. */
async function plansOf(job: () => Promise<unknown>, tables: string[]) {
  const pool = server.deps.database.pool
  const captured: { text: string; values: unknown[] }[] = []
  type Query = (...args: unknown[]) => Promise<unknown>
  const capture =
    (query: Query): Query =>
    (...args) => {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
      const text = typeof config === 'string' ? config : config.text
      captured.push({ text, values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) })
      return query(...args)
    }
  // Queries outside a transaction go through pool.query, those inside through a client of the pool.
  const target = pool as unknown as { query: Query; connect: (...a: unknown[]) => Promise<{ query: Query }> }
  const [query, connect] = [target.query, target.connect]
  target.query = capture(query.bind(pool))
  target.connect = async (...a: unknown[]) => {
    // pool.query checks a client out with a callback: that one is already captured above.
    if (a.length) return connect.apply(pool, a)
    const client = await connect.call(pool)
    const own = client.query
    client.query = capture(own.bind(client))
    const release = (client as unknown as { release: (...a: unknown[]) => void }).release
    ;(client as unknown as { release: (...a: unknown[]) => void }).release = (...a) => {
      client.query = own
      ;(client as unknown as { release: (...a: unknown[]) => void }).release = release
      release.apply(client, a)
    }
    return client
  }
  try {
    await job()
  } finally {
    target.query = query
    target.connect = connect
  }
  const reading = captured.filter((q) =>
    tables.some((t) => new RegExp(`(from|join)\\s+"?${t}"?\\b`, 'i').test(q.text)),
  )
  expect(reading.length).toBeGreaterThan(0)
  const used = new Set<string>()
  for (const q of reading) {
    // The reminders' claims insert; their plan is what their select reads.
    const { rows } = await pool.query(`explain (format json) ${q.text}`, q.values)
    const raw = rows[0]['QUERY PLAN']
    const all = nodes((typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode)
    const seq = all.filter((n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? ''))
    expect(
      seq,
      `${q.text}\n${JSON.stringify(all.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]))}`,
    ).toEqual([])
    for (const n of all) if (n['Index Name']) used.add(n['Index Name'])
  }
  return [...used]
}

describe(`the jobs on ${TASKS.toLocaleString('en-IN')} tasks and ${SERIES.toLocaleString('en-IN')} series`, () => {
  it('the reminders read open tasks by deadline and waiting ones by submission', async () => {
    const used = await plansOf(
      () => sendTaskReminders(server.deps, new Date('2024-06-12T05:00:00Z')),
      ['tasks'],
    )
    expect(used).toEqual(expect.arrayContaining(['tasks_open_deadline_idx', 'tasks_waiting_idx']))
  })

  it('the recurring-tasks job reads the due series from their index', async () => {
    const used = await plansOf(
      () => createDueTasks(server.deps, new Date('2029-06-12T05:00:00Z')),
      ['recurring_tasks'],
    )
    expect(used).toContain('recurring_tasks_due_idx')
  })
})
