import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  deactivate,
  newTask,
  type Person,
  pendingTask,
  person,
  taskTeam,
} from '../../../test/task-helpers.ts'

let server: TestServer
let orgId: string
let admin: Person
let meera: Person
let arjun: Person
let kavya: Person
let ravi: Person

beforeAll(async () => {
  server = await startTestServer()
  ;({ orgId, admin, meera, arjun, kavya, ravi } = await taskTeam(server, [
    'admin',
    'meera',
    'arjun',
    'kavya',
    'ravi',
  ]))
})
afterAll(() => server.close())

interface Notification {
  notification_id: number
  message: string
  is_read: boolean
  link: string | null
  type: string
  entity_type: string | null
  entity_id: string | null
  triggering_username: string | null
  triggering_user_fullname: string | null
  triggering_user_display_photo: string | null
}

async function inbox(p: Person): Promise<Notification[]> {
  const res = await p.api.get('/notifications?limit=50')
  expect(res.statusCode, res.body).toBe(200)
  return res.json().notifications
}

/** The notifications `p` has about one task, oldest first. */
async function about(p: Person, taskId: string) {
  return (await inbox(p)).filter((n) => n.entity_id === taskId).reverse()
}
const typesAbout = async (p: Person, taskId: string) => (await about(p, taskId)).map((n) => n.type)

/** Meera → Arjun, CC Kavya. */
const assigned = (title = 'Paint the gate') =>
  newTask(meera, { title, assignTo: arjun.username, cc: JSON.stringify([kavya.username]) })

describe('notifications per task event', () => {
  it('create: TASK_ASSIGNED to the assignee, TASK_CC to the CC, nothing to the creator', async () => {
    const task = await assigned('Paint the gate')
    const [toArjun] = await about(arjun, task.task_id)
    expect(toArjun).toEqual({
      notification_id: expect.any(Number),
      message: "Meera Iyer assigned you the task 'Paint the gate'.",
      is_read: false,
      created_at: expect.any(String),
      link: `/tasks?task=${task.task_id}`,
      type: 'TASK_ASSIGNED',
      entity_type: 'TASK',
      entity_id: task.task_id,
      triggering_username: meera.username,
      triggering_user_fullname: 'Meera Iyer',
      triggering_user_display_photo: null,
    })
    const [toKavya] = await about(kavya, task.task_id)
    expect(toKavya).toMatchObject({
      type: 'TASK_CC',
      message: "Meera Iyer copied you on the task 'Paint the gate'.",
      triggering_username: meera.username,
      link: `/tasks?task=${task.task_id}`,
    })
    expect(await typesAbout(arjun, task.task_id)).toEqual(['TASK_ASSIGNED'])
    expect(await typesAbout(kavya, task.task_id)).toEqual(['TASK_CC'])
    expect(await typesAbout(meera, task.task_id)).toEqual([])
    expect(await typesAbout(ravi, task.task_id)).toEqual([])
  })

  it('a task for oneself, CC’ing oneself, notifies nobody', async () => {
    const task = await newTask(meera, { title: 'Note to self', cc: JSON.stringify([meera.username]) })
    expect(await typesAbout(meera, task.task_id)).toEqual([])
  })

  it('edit: TASK_UPDATED to the others on the task; a new assignee gets TASK_ASSIGNED, a new CC TASK_CC', async () => {
    const task = await assigned()
    // PUT carries the whole form: CC included.
    await meera.api.update(task.task_id, {
      title: 'Paint the gate green',
      assignTo: arjun.username,
      cc: JSON.stringify([kavya.username]),
    })
    expect(await typesAbout(arjun, task.task_id)).toEqual(['TASK_ASSIGNED', 'TASK_UPDATED'])
    expect(await typesAbout(kavya, task.task_id)).toEqual(['TASK_CC', 'TASK_UPDATED'])
    expect((await about(kavya, task.task_id))[1]!.message).toBe(
      "Meera Iyer updated the task 'Paint the gate green'.",
    )

    await meera.api.update(task.task_id, {
      title: 'Paint the gate green',
      assignTo: ravi.username,
      cc: JSON.stringify([kavya.username, admin.username]),
    })
    expect(await typesAbout(ravi, task.task_id)).toEqual(['TASK_ASSIGNED'])
    expect(await typesAbout(admin, task.task_id)).toEqual(['TASK_CC'])
    expect(await typesAbout(arjun, task.task_id)).toEqual(['TASK_ASSIGNED', 'TASK_UPDATED', 'TASK_UPDATED'])
    expect(await typesAbout(meera, task.task_id)).toEqual([])
  })

  it('forward: TASK_ASSIGNED to the new assignee, TASK_UPDATED to the creator', async () => {
    const task = await assigned()
    await arjun.api.forward(task.task_id, ravi.username)
    const [toRavi] = await about(ravi, task.task_id)
    expect(toRavi).toMatchObject({
      type: 'TASK_ASSIGNED',
      message: "Arjun Rao forwarded you the task 'Paint the gate'.",
      triggering_username: arjun.username,
      triggering_user_fullname: 'Arjun Rao',
    })
    expect(await typesAbout(meera, task.task_id)).toEqual(['TASK_UPDATED'])
    expect(await typesAbout(arjun, task.task_id)).toEqual(['TASK_ASSIGNED'])
  })

  it('complete: TASK_SUBMITTED to the creator only', async () => {
    const task = await pendingTask(meera, arjun, { cc: JSON.stringify([kavya.username]) })
    const [toMeera] = await about(meera, task.task_id)
    expect(toMeera).toMatchObject({
      type: 'TASK_SUBMITTED',
      message: "Arjun Rao submitted the task 'A task' for your approval.",
      triggering_username: arjun.username,
    })
    expect(await typesAbout(arjun, task.task_id)).toEqual(['TASK_ASSIGNED'])
    expect(await typesAbout(kavya, task.task_id)).toEqual(['TASK_CC'])
  })

  it('approve: TASK_APPROVED to the assignee, linking to the finished list', async () => {
    const task = await pendingTask(meera, arjun)
    await meera.api.approve(task.task_id)
    const last = (await about(arjun, task.task_id)).at(-1)!
    expect(last).toMatchObject({
      type: 'TASK_APPROVED',
      link: `/finished-tasks?task=${task.task_id}`,
      triggering_username: meera.username,
    })
    expect(await typesAbout(meera, task.task_id)).toEqual(['TASK_SUBMITTED'])
  })

  it('reject: TASK_REJECTED to the assignee, carrying the comment', async () => {
    const task = await pendingTask(meera, arjun, { cc: JSON.stringify([kavya.username]) })
    await meera.api.reject(task.task_id, 'Second coat needed')
    expect(await typesAbout(arjun, task.task_id)).toEqual(['TASK_ASSIGNED', 'TASK_REJECTED'])
    expect((await about(arjun, task.task_id))[1]).toMatchObject({
      message: "Meera Iyer rejected the task 'A task': Second coat needed",
      link: `/tasks?task=${task.task_id}`,
    })
    expect(await typesAbout(kavya, task.task_id)).toEqual(['TASK_CC'])
    expect(await typesAbout(meera, task.task_id)).toEqual(['TASK_SUBMITTED'])
  })

  it('delete: TASK_DELETED to everyone on the task but the one deleting, linking to the deleted list', async () => {
    const task = await assigned('Doomed')
    await meera.api.remove(task.task_id)
    for (const p of [arjun, kavya]) {
      const last = (await about(p, task.task_id)).at(-1)!
      expect(last).toMatchObject({
        type: 'TASK_DELETED',
        message: "Meera Iyer deleted the task 'Doomed'.",
        link: `/deleted-tasks?task=${task.task_id}`,
      })
    }
    expect(await typesAbout(meera, task.task_id)).toEqual([])
  })

  it('comment: TASK_COMMENT to everyone on the task but the commenter', async () => {
    const task = await assigned()
    await kavya.api.comment(task.task_id, 'Use the weatherproof paint')
    for (const p of [meera, arjun]) {
      const last = (await about(p, task.task_id)).at(-1)!
      expect(last).toMatchObject({
        type: 'TASK_COMMENT',
        message: "Kavya Nair commented on 'Paint the gate': Use the weatherproof paint",
        triggering_username: kavya.username,
        triggering_user_fullname: 'Kavya Nair',
      })
    }
    expect(await typesAbout(kavya, task.task_id)).toEqual(['TASK_CC'])
    expect(await typesAbout(ravi, task.task_id)).toEqual([])
  })

  it('a refused action notifies nobody; deactivated users are not notified', async () => {
    const task = await pendingTask(meera, arjun)
    expect((await arjun.api.approve(task.task_id)).statusCode).toBe(403)
    expect(await typesAbout(arjun, task.task_id)).toEqual(['TASK_ASSIGNED'])
    expect(await typesAbout(meera, task.task_id)).toEqual(['TASK_SUBMITTED'])

    const leaver = await person(server, orgId, { fullName: 'Lee Leaver' })
    const other = await newTask(meera, { assignTo: leaver.username })
    await deactivate(server, admin, leaver.userId)
    await meera.api.comment(other.task_id, 'Anyone there?')
    const rows = await server.deps.database.pool.query(
      'select type from notifications where user_id = $1 order by notification_id',
      [leaver.userId],
    )
    expect(rows.rows.map((r: { type: string }) => r.type)).toEqual(['TASK_ASSIGNED'])
  })
})

describe('unread count, read and read-all', () => {
  it('the unread count follows task events, a read and read-all', async () => {
    const fresh = await person(server, orgId, { fullName: 'Nina New' })
    const count = async () => (await fresh.api.get('/notifications/unread-count')).json().unreadCount
    expect(await count()).toBe(0)

    const one = await newTask(meera, { title: 'One', assignTo: fresh.username })
    const two = await newTask(meera, { title: 'Two', cc: JSON.stringify([fresh.username]) })
    await meera.api.comment(one.task_id, 'Ping')
    expect(await count()).toBe(3)

    const [newest] = await inbox(fresh)
    expect(newest).toMatchObject({ type: 'TASK_COMMENT', entity_id: one.task_id, is_read: false })
    const read = await fresh.api.put(`/notifications/${newest!.notification_id}/read`)
    expect(read.statusCode).toBe(200)
    expect(await count()).toBe(2)
    // Someone else cannot read it for them.
    expect((await meera.api.put(`/notifications/${newest!.notification_id}/read`)).statusCode).toBe(404)

    expect((await fresh.api.put('/notifications/read-all')).statusCode).toBe(200)
    expect(await count()).toBe(0)
    expect((await inbox(fresh)).every((n) => n.is_read)).toBe(true)
    expect((await about(fresh, two.task_id)).map((n) => n.type)).toEqual(['TASK_CC'])

    await meera.api.comment(two.task_id, 'Another')
    expect(await count()).toBe(1)
  })
})
