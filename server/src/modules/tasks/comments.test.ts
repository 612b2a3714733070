import { type Comment, taskListRow, taskMessages } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrg, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { newTask, type Person, pendingTask, person, taskTeam } from '../../../test/task-helpers.ts'

let server: TestServer
let meera: Person
let arjun: Person
let kavya: Person
let bystander: Person
let foreigner: Person

beforeAll(async () => {
  server = await startTestServer()
  ;({ meera, arjun, kavya, bystander } = await taskTeam(server, ['meera', 'arjun', 'kavya', 'bystander']))
  foreigner = await person(server, (await createOrg(server)).orgId, { fullName: 'Farid Foreign' })
})
afterAll(() => server.close())

const assigned = () =>
  newTask(meera, { title: 'Order cables', assignTo: arjun.username, cc: JSON.stringify([kavya.username]) })

describe('POST /comments', () => {
  it('adds a comment that everyone on the task sees inline in GET /tasks/{id}, oldest first', async () => {
    const task = await assigned()
    const first = await arjun.api.comment(task.task_id, '  Supplier quoted 4 weeks.  ')
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({
      message: taskMessages.commentAdded,
      comment: {
        comment_id: expect.any(String),
        task_id: task.task_id,
        username: arjun.username,
        comment_text: 'Supplier quoted 4 weeks.',
        created_at: expect.any(String),
      },
    })
    expect((await kavya.api.comment(task.task_id, 'Try the other supplier')).statusCode).toBe(201)
    expect((await meera.api.comment(task.task_id, 'Agreed')).statusCode).toBe(201)

    for (const p of [meera, arjun, kavya]) {
      const comments: Comment[] = (await p.api.task(task.task_id)).comments
      expect(comments.map((c) => [c.username, c.comment_text])).toEqual([
        [arjun.username, 'Supplier quoted 4 weeks.'],
        [kavya.username, 'Try the other supplier'],
        [meera.username, 'Agreed'],
      ])
      expect(
        comments.every((c) => c.task_id === task.task_id && !Number.isNaN(Date.parse(c.created_at))),
      ).toBe(true)
    }
    // Every mutation is audited (docs/architecture.md, "Server").
    const audit = await server.deps.database.pool.query(
      `select actor_user_id from audit_events where entity_id = $1 and action = 'TASK_COMMENT' order by id`,
      [task.task_id],
    )
    expect(audit.rows.map((r: { actor_user_id: string }) => r.actor_user_id)).toEqual([
      arjun.userId,
      kavya.userId,
      meera.userId,
    ])
    // The list endpoint stays light: a row carries what the lists show, no comments or details.
    const listed = (await meera.api.get('/tasks'))
      .json()
      .tasks.find((t: { task_id: string }) => t.task_id === task.task_id)
    expect(Object.keys(listed).sort()).toEqual(Object.keys(taskListRow.shape).sort())
    expect(listed).not.toHaveProperty('comments')
  })

  it('refuses a blank comment with 400', async () => {
    const task = await assigned()
    for (const text of ['', '   ', '\n\t']) {
      const res = await arjun.api.comment(task.task_id, text)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Comment cannot be empty.')
    }
    const missing = await arjun.api.post('/comments', { task_id: task.task_id })
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing)).toBe(taskMessages.commentBlank)
    expect((await arjun.api.task(task.task_id)).comments).toEqual([])
  })

  it('allows comments while Pending Approval, refuses them on Completed and Deleted tasks (409)', async () => {
    const task = await pendingTask(meera, arjun)
    expect((await meera.api.comment(task.task_id, 'Looking at it')).statusCode).toBe(201)
    expect((await meera.api.approve(task.task_id)).statusCode).toBe(200)
    const onCompleted = await arjun.api.comment(task.task_id, 'One more thing')
    expect(onCompleted.statusCode).toBe(409)
    expect(errorOf(onCompleted)).toBe(taskMessages.commentClosed)

    const doomed = await assigned()
    expect((await meera.api.remove(doomed.task_id)).statusCode).toBe(200)
    const onDeleted = await kavya.api.comment(doomed.task_id, 'Why?')
    expect(onDeleted.statusCode).toBe(409)
    expect(errorOf(onDeleted)).toBe(taskMessages.commentClosed)

    expect((await meera.api.task(task.task_id)).comments.map((c) => c.comment_text)).toEqual([
      'Looking at it',
    ])
  })

  it('answers 404 to users outside the task and for unknown tasks', async () => {
    const task = await assigned()
    for (const p of [bystander, foreigner]) {
      const res = await p.api.comment(task.task_id, 'Let me in')
      expect(res.statusCode).toBe(404)
    }
    const unknown = await meera.api.comment('00000000-0000-4000-8000-000000000000', 'Hello')
    expect(unknown.statusCode).toBe(404)
    const malformed = await meera.api.comment('not-a-uuid', 'Hello')
    expect(malformed.statusCode).toBe(400)
    expect((await meera.api.task(task.task_id)).comments).toEqual([])
  })

  // A double click or a retry: one comment, one round of notifications, and every repeat answered as a
  // success with the first comment.
  for (const parallel of [2, 20]) {
    it(`keeps one comment and notifies once for ${parallel} identical POSTs sent at once`, async () => {
      const task = await assigned()
      const text = `Cables arrive Monday (${parallel})`
      const answers = await Promise.all(
        Array.from({ length: parallel }, () => arjun.api.comment(task.task_id, text)),
      )
      const codes = answers.map((a) => a.statusCode).sort()
      expect(codes.filter((c) => c === 201)).toHaveLength(1)
      expect(codes.filter((c) => c === 200)).toHaveLength(parallel - 1)
      const ids = new Set(answers.map((a) => a.json().comment.comment_id))
      expect(ids.size).toBe(1)
      expect(answers.every((a) => a.json().message === taskMessages.commentAdded)).toBe(true)
      expect((await meera.api.task(task.task_id)).comments.map((c) => c.comment_text)).toEqual([text])
      const notices = await server.deps.database.pool.query(
        `select user_id from notifications where entity_id = $1 and type = 'TASK_COMMENT'`,
        [task.task_id],
      )
      // Meera and Kavya, once each.
      expect(notices.rows.map((r: { user_id: string }) => r.user_id).sort()).toEqual(
        [meera.userId, kavya.userId].sort(),
      )
    })
  }

  it('adds the same words again from another person, or on another task', async () => {
    const task = await assigned()
    const other = await assigned()
    expect((await arjun.api.comment(task.task_id, 'Done')).statusCode).toBe(201)
    expect((await kavya.api.comment(task.task_id, 'Done')).statusCode).toBe(201)
    expect((await arjun.api.comment(other.task_id, 'Done')).statusCode).toBe(201)
    expect((await arjun.api.comment(task.task_id, 'Done, and checked')).statusCode).toBe(201)
    expect((await meera.api.task(task.task_id)).comments).toHaveLength(3)
  })
})
