import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories } from '../src/modules/categories/schema.ts'
import { users } from '../src/modules/users/schema.ts'
import { client, createOrg, createUser, login, startTestServer, type TestServer } from './helpers.ts'
import { planChecker } from './query-plans.ts'

/**
 * With 200,000 tasks (and as many notifications) in one organisation, no task or
 * notification endpoint reads its table sequentially. The SQL is captured from the real endpoints
 * (a spy on pool.query), then EXPLAINed with its own parameters, so the test follows the code.
 */

const TASKS = 200_000
const NOTIFICATIONS = 200_000
const USERNAMES = 300

let server: TestServer
let api: ReturnType<typeof client>
let someTaskId: string
let someAttachment: string
let categoryName: string
let indexed: Record<'tasks' | 'notifications' | 'members', ReturnType<typeof planChecker>>

beforeAll(async () => {
  server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '300000' })
  const pool = server.deps.database.pool
  indexed = {
    tasks: planChecker(server, ['tasks', 'task_members'], 'tasks_'),
    notifications: planChecker(server, ['notifications'], 'notifications_'),
    members: planChecker(server, ['tasks', 'task_members'], 'task_members_'),
  }

  const orgId = (await createOrg(server)).orgId
  const cats = await server.deps.db
    .insert(categories)
    .values(
      ['Electrical', 'Civil', 'Mechanical', 'Admin'].map((n, i) => ({
        orgId,
        categoryName: n,
        categoryColor: `#00000${i}`,
      })),
    )
    .returning()
  categoryName = cats[0]!.categoryName
  // The caller is u17 of the generated usernames u1..u300.
  const me = await createUser(server, orgId, { fullName: 'Load Tester' })
  await server.deps.db.update(users).set({ username: 'u17' }).where(eq(users.userId, me.userId))
  api = client(server, (await login(server, me.email)).accessToken)

  // One statement: chains of one to three users, a CC on every fifth task, 60% finished, 20% deleted,
  // 10% in progress and 10% pending approval, dates spread over years, four categories and none.
  await pool.query(
    `insert into tasks (org_id, title, project, client, assignment_chain, cc, deadline, added_date,
       category_id, status, submitted_at, approved_at, deletion_date, attachment)
     select $1::uuid,
       'Task ' || g || ' ' || md5(g::text),
       case when g % 4 = 0 then 'Project ' || (g % 97) end,
       case when g % 3 = 0 then 'Client ' || (g % 89) end,
       case g % 3
         when 0 then array[u.a]
         when 1 then array[u.a, u.b]
         else array[u.a, u.b, u.c]
       end,
       case when g % 5 = 0 then array[u.d] else '{}'::text[] end,
       case when g % 2 = 0 then date '2024-01-01' + (g % 700) end,
       timestamptz '2020-01-01' + make_interval(mins => g * 7),
       case when g % 5 = 4 then null else ($2::uuid[])[g % 4 + 1] end,
       s.status,
       case when s.status in ('Pending Approval', 'Completed') then timestamptz '2020-01-02' + make_interval(mins => g * 7) end,
       case when s.status = 'Completed' then timestamptz '2020-01-03' + make_interval(mins => g * 7) end,
       case when s.status = 'Deleted' then timestamptz '2020-01-04' + make_interval(mins => g * 7) end,
       case when abs(hashtext(g || 'f')) % 9 = 0 and s.status <> 'Deleted' then 'org/' || $1 || '/attachment/' || md5(g::text)::uuid || '.pdf' end
     from generate_series(1, ${TASKS}) g,
       lateral (select case when g % 10 < 6 then 'Completed' when g % 10 < 8 then 'Deleted'
                            when g % 10 = 8 then 'In Progress' else 'Pending Approval' end::task_status as status) s,
       -- pseudo-random members, so that every username is spread over every kind of task
       lateral (select 'u' || (abs(hashtext(g || 'a')) % ${USERNAMES} + 1) as a,
                       'u' || (abs(hashtext(g || 'b')) % ${USERNAMES} + 1) as b,
                       'u' || (abs(hashtext(g || 'c')) % ${USERNAMES} + 1) as c,
                       'u' || (abs(hashtext(g || 'd')) % ${USERNAMES} + 1) as d) u`,
    [orgId, cats.map((c) => c.categoryId)],
  )
  // The member rows the triggers wrote, all-visible as autovacuum would leave them.
  await pool.query('vacuum analyze task_members')
  await pool.query('analyze')
  const { rows } = await pool.query(
    `select task_id, attachment from tasks
     where 'u17' = any(assignment_chain || cc) and status <> 'Deleted' and attachment is not null limit 1`,
  )
  someTaskId = rows[0].task_id
  someAttachment = rows[0].attachment

  // Notifications: the caller and nine colleagues share them, a twentieth of them unread.
  const colleagues = [me.userId]
  for (let i = 0; i < 9; i++) colleagues.push((await createUser(server, orgId)).userId)
  await pool.query(
    `insert into notifications (org_id, user_id, type, message, link, entity_type, entity_id,
       triggering_user_id, is_read, created_at)
     select $1::uuid, ($2::uuid[])[g % 10 + 1], 'TASK_COMMENT', 'Message ' || g, '/?task=' || g, 'TASK',
       g::text, ($2::uuid[])[(g + 1) % 10 + 1], (g / 10) % 20 <> 0, timestamptz '2020-01-01' + make_interval(mins => g)
     from generate_series(1, ${NOTIFICATIONS}) g`,
    [orgId, colleagues],
  )
  await pool.query('vacuum analyze notifications')
}, 180_000)
afterAll(() => server?.close())

/** Every query of the endpoint reads `table` through an index; returns the body and the indexes used. */
const expectNoSeqScan = (
  url: string,
  table: 'tasks' | 'notifications' = 'tasks',
  method: 'GET' | 'PUT' = 'GET',
) => indexed[table](api, url, method)

describe(`task queries on ${TASKS.toLocaleString('en-IN')} tasks`, () => {
  it('holds the data it claims', async () => {
    const { rows } = await server.deps.database.pool.query('select count(*)::int as n from tasks')
    expect(rows[0].n).toBe(TASKS)
  })

  it('GET /tasks finds the caller’s open tasks in the member index, not through the arrays', async () => {
    const { body, scans } = await indexed.members(api, '/tasks')
    expect(body.tasks.length).toBeGreaterThan(100)
    expect(scans).toEqual(['Index Only Scan task_members_list_idx'])
    const { used } = await expectNoSeqScan('/tasks')
    expect(used).toEqual(['tasks_pkey'])
    // The Due filter (the home's task cards' 'View all') reads the same ranges, In Progress only.
    for (const due of ['overdue', 'today']) {
      const filtered = await indexed.members(api, `/tasks?due=${due}`)
      expect(filtered.scans).toEqual(['Index Only Scan task_members_list_idx'])
      expect((await expectNoSeqScan(`/tasks?due=${due}`)).used).toEqual(['tasks_pkey'])
    }
    expect((await api.get('/tasks?due=overdue')).json().tasks.length).toBeGreaterThan(10)
  })

  it('the finished and deleted pages and their counts are read index-only from task_members', async () => {
    for (const url of ['/tasks/finished?page=40', '/tasks/deleted?page=3&sortBy=firstDeleted']) {
      const { body, scans } = await indexed.members(api, url)
      expect(body.tasks).toHaveLength(20)
      expect(scans).toEqual(['Index Only Scan task_members_list_idx'])
    }
    // The page's order is the member index's: newest first, then by id.
    const page = (await api.get('/tasks/finished?page=2')).json().tasks as { approved_at: string }[]
    const times = page.map((t) => Date.parse(t.approved_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('GET /tasks/finished: plain, deep, searched, by category and oldest first', async () => {
    const plain = await expectNoSeqScan('/tasks/finished')
    expect(plain.body.tasks).toHaveLength(20)
    expect(plain.body.totalPages).toBeGreaterThan(10)
    expect(plain.used.length).toBeGreaterThan(0)
    await expectNoSeqScan(`/tasks/finished?page=${plain.body.totalPages}`)
    await expectNoSeqScan('/tasks/finished?page=7&sortBy=firstFinished')
    const searched = await expectNoSeqScan('/tasks/finished?searchQuery=project%201')
    expect(searched.body.tasks.length).toBeGreaterThan(0)
    await expectNoSeqScan('/tasks/finished?searchQuery=nothing-matches-this')
    const byCategory = await expectNoSeqScan(`/tasks/finished?selectedCategory=${categoryName}`)
    expect(byCategory.body.tasks.length).toBeGreaterThan(0)
    expect(
      byCategory.body.tasks.every((t: { category_name: string }) => t.category_name === categoryName),
    ).toBe(true)
    await expectNoSeqScan(
      `/tasks/finished?selectedCategory=${categoryName}&searchQuery=client&sortBy=firstFinished`,
    )
    await expectNoSeqScan('/tasks/finished?selectedCategory=No%20such%20category')
  })

  it('GET /tasks/deleted: plain, deep and searched', async () => {
    const plain = await expectNoSeqScan('/tasks/deleted')
    expect(plain.body.tasks).toHaveLength(20)
    await expectNoSeqScan(`/tasks/deleted?page=${plain.body.totalPages}`)
    await expectNoSeqScan(
      `/tasks/deleted?searchQuery=u42&sortBy=firstDeleted&selectedCategory=${categoryName}`,
    )
  })

  it('GET /tasks/{id}, /tasks/finished/{id} and the attachment check of get-presigned-url', async () => {
    const one = await expectNoSeqScan(`/tasks/${someTaskId}`)
    expect(one.body.task_id).toBe(someTaskId)
    expect(one.used).toEqual(['tasks_pkey'])
    const finished = await server.deps.database.pool.query(
      `select task_id from tasks where 'u17' = any(cc) and status = 'Completed' limit 1`,
    )
    await expectNoSeqScan(`/tasks/finished/${finished.rows[0].task_id}`)
    const presign = await expectNoSeqScan(
      `/get-presigned-url?key=${encodeURIComponent(someAttachment)}&bucketType=attachment`,
    )
    expect(presign.used).toEqual(['tasks_attachment_idx'])
  })
})

describe(`notification queries on ${NOTIFICATIONS.toLocaleString('en-IN')} notifications`, () => {
  it('GET /notifications, a deep page, the unread count and read-all use indexes', async () => {
    const first = await expectNoSeqScan('/notifications', 'notifications')
    expect(first.body.notifications).toHaveLength(10)
    // The page walks the index newest first and stops after ten (a bitmap scan would sort them all);
    // the count reads the index alone.
    expect(first.scans).toEqual([
      'Index Only Scan notifications_user_idx',
      'Index Scan notifications_user_idx',
    ])
    const times = first.body.notifications.map((n: { created_at: string }) => Date.parse(n.created_at))
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a))
    expect(first.body.totalPages).toBe(NOTIFICATIONS / 10 / 10)
    await expectNoSeqScan('/notifications?page=1500&limit=10', 'notifications')
    const unread = await expectNoSeqScan('/notifications/unread-count', 'notifications')
    expect(unread.body.unreadCount).toBe(NOTIFICATIONS / 10 / 20)
    await expectNoSeqScan('/notifications/read-all', 'notifications', 'PUT')
  })
})
