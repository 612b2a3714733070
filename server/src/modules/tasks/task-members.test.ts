import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/helpers.ts'
import { newTask, type Person, taskTeam } from '../../../test/task-helpers.ts'

/**
 * task_members (the index the task lists read, docs/decisions.md "Performance") is written
 * by triggers on `tasks`: after every step of a task's life it holds exactly its chain and CC, with the
 * task's status and the date its list sorts by.
 */

let server: TestServer
let meera: Person
let arjun: Person
let kavya: Person
let ravi: Person

beforeAll(async () => {
  server = await startTestServer()
  ;({ meera, arjun, kavya, ravi } = await taskTeam(server, ['meera', 'arjun', 'kavya', 'ravi']))
})
afterAll(() => server.close())

interface Member {
  username: string
  status: string
  org_id: string
  listed_at: Date | null
}

async function members(taskId: string): Promise<Member[]> {
  const { rows } = await server.deps.database.pool.query(
    'select username, status, org_id, listed_at from task_members where task_id = $1 order by username',
    [taskId],
  )
  return rows
}

/** The task's own row, for the dates the member rows must copy. */
async function taskRow(taskId: string) {
  const { rows } = await server.deps.database.pool.query(
    'select org_id, status, added_date, approved_at, deletion_date from tasks where task_id = $1',
    [taskId],
  )
  return rows[0]
}

/** Every member row agrees with the task, and the usernames are exactly `expected`. */
async function expectMembers(taskId: string, expected: Person[]) {
  const rows = await members(taskId)
  const task = await taskRow(taskId)
  expect(rows.map((r) => r.username)).toEqual(expected.map((p) => p.username).sort())
  const listedAt =
    task.status === 'Completed'
      ? task.approved_at
      : task.status === 'Deleted'
        ? task.deletion_date
        : task.added_date
  for (const r of rows) {
    expect(r).toMatchObject({ status: task.status, org_id: task.org_id })
    expect(r.listed_at?.getTime()).toBe(listedAt.getTime())
  }
}

describe('task_members follows the task', () => {
  it('create, edit (new CC and assignee), forward, complete, approve', async () => {
    const task = await newTask(meera, { assignTo: arjun.username, cc: JSON.stringify([kavya.username]) })
    await expectMembers(task.task_id, [meera, arjun, kavya])

    const edited = await meera.api.update(task.task_id, {
      title: 'A task',
      assignTo: ravi.username,
      cc: JSON.stringify([]),
    })
    expect(edited.statusCode, edited.body).toBe(200)
    // Arjun stays in the chain; Kavya, no longer CC, leaves.
    await expectMembers(task.task_id, [meera, arjun, ravi])

    expect((await ravi.api.forward(task.task_id, kavya.username)).statusCode).toBe(200)
    await expectMembers(task.task_id, [meera, arjun, ravi, kavya])

    expect((await kavya.api.complete(task.task_id, { completionFeedback: 'Done' })).statusCode).toBe(200)
    expect((await members(task.task_id))[0]!.status).toBe('Pending Approval')
    await expectMembers(task.task_id, [meera, arjun, ravi, kavya])

    expect((await meera.api.approve(task.task_id)).statusCode).toBe(200)
    await expectMembers(task.task_id, [meera, arjun, ravi, kavya])
    expect((await members(task.task_id))[0]).toMatchObject({ status: 'Completed' })
    expect(
      (await arjun.api.get('/tasks/finished')).json().tasks.map((t: { task_id: string }) => t.task_id),
    ).toContain(task.task_id)
  })

  it('a self-assigned task has one member; delete moves it to the deleted list', async () => {
    const task = await newTask(meera, { cc: JSON.stringify([meera.username]) })
    await expectMembers(task.task_id, [meera])
    expect((await meera.api.remove(task.task_id)).statusCode).toBe(200)
    await expectMembers(task.task_id, [meera])
    expect((await members(task.task_id))[0]).toMatchObject({ status: 'Deleted' })
    const deleted = await meera.api.get('/tasks/deleted')
    expect(deleted.json().tasks.map((t: { task_id: string }) => t.task_id)).toContain(task.task_id)
    expect(await meera.api.activeIds()).not.toContain(task.task_id)
  })

  it('rejecting sends it back to the open list; removing the row removes its members', async () => {
    const task = await newTask(meera, { assignTo: arjun.username })
    expect((await arjun.api.complete(task.task_id, { completionFeedback: 'Done' })).statusCode).toBe(200)
    expect((await meera.api.reject(task.task_id, 'Again')).statusCode).toBe(200)
    await expectMembers(task.task_id, [meera, arjun])
    expect((await members(task.task_id))[0]).toMatchObject({ status: 'In Progress' })
    expect(await arjun.api.activeIds()).toContain(task.task_id)

    await server.deps.database.pool.query('delete from tasks where task_id = $1', [task.task_id])
    expect(await members(task.task_id)).toEqual([])
  })
})
