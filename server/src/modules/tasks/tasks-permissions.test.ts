import { taskMessages } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  deactivate,
  fileOnDisk,
  newTask,
  type Person,
  pdf,
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

/** Meera → Arjun, CC Kavya. */
const assigned = () =>
  newTask(meera, { title: 'Check meters', assignTo: arjun.username, cc: JSON.stringify([kavya.username]) })

function expectForbidden(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(403)
  expect(JSON.parse(res.body).error).toBe(taskMessages.notAllowed)
}

describe('who may act on a task, with every user registered', () => {
  it('approve and reject: the creator only', async () => {
    const task = await pendingTask(meera, arjun, { cc: JSON.stringify([kavya.username]) })
    for (const p of [arjun, kavya]) {
      expectForbidden(await p.api.approve(task.task_id))
      expectForbidden(await p.api.reject(task.task_id, 'no'))
    }
    expect((await meera.api.task(task.task_id)).status).toBe('Pending Approval')
  })

  it('edit: the creator only', async () => {
    const task = await assigned()
    for (const p of [arjun, kavya]) expectForbidden(await p.api.update(task.task_id, { title: 'Mine now' }))
    const ok = await meera.api.update(task.task_id, { title: 'Check all meters', assignTo: arjun.username })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().message).toBe(taskMessages.updated)
    expect(ok.json().task.title).toBe('Check all meters')
    expect(Date.parse(ok.json().task.edited_at)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('mark as complete: the assignee only', async () => {
    const task = await assigned()
    for (const p of [meera, kavya]) expectForbidden(await p.api.complete(task.task_id))
    expect((await meera.api.task(task.task_id)).status).toBe('In Progress')
  })

  it('delete: the creator only, In Progress or Pending Approval', async () => {
    const open = await assigned()
    for (const p of [arjun, kavya]) expectForbidden(await p.api.remove(open.task_id))
    const waiting = await pendingTask(meera, arjun)
    expectForbidden(await arjun.api.remove(waiting.task_id))
    expect((await meera.api.remove(waiting.task_id)).statusCode).toBe(200)
  })

  it('someone earlier in a forwarded chain is neither creator nor assignee', async () => {
    const task = await assigned()
    expect((await arjun.api.forward(task.task_id, ravi.username)).statusCode).toBe(200)
    // Arjun is now in the middle of the chain.
    expectForbidden(await arjun.api.complete(task.task_id))
    expectForbidden(await arjun.api.update(task.task_id, { title: 'x' }))
    expectForbidden(await arjun.api.remove(task.task_id))
    expect((await ravi.api.complete(task.task_id)).statusCode).toBe(200)
    expectForbidden(await arjun.api.approve(task.task_id))
    expectForbidden(await ravi.api.approve(task.task_id))
    expect((await meera.api.approve(task.task_id)).statusCode).toBe(200)
  })
})

describe('"no longer a registered user": the other end of the chain may act', () => {
  it('with the creator deactivated, the assignee may edit and delete', async () => {
    const creator = await person(server, orgId, { fullName: 'Leaving Creator' })
    const task = await newTask(creator, { title: 'Orphan', assignTo: arjun.username }, { attachment: pdf() })
    expectForbidden(await arjun.api.update(task.task_id, { title: 'Orphan, edited' }))
    await deactivate(server, admin, creator.userId)

    const seen = await arjun.api.task(task.task_id)
    expect(seen.creator_registered).toBe(false)
    expect(seen.assignee_registered).toBe(true)
    const edited = await arjun.api.update(task.task_id, { title: 'Orphan, edited' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().task.title).toBe('Orphan, edited')
    // Others in the organisation gain nothing.
    expect((await kavya.api.remove(task.task_id)).statusCode).toBe(404)

    const deleted = await arjun.api.remove(task.task_id)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await arjun.api.task(task.task_id)).status).toBe('Deleted')
    expect(fileOnDisk(server, task.attachment)).toBe(false)
  })

  it('with the creator deactivated, the assignee still cannot approve their own submission', async () => {
    const creator = await person(server, orgId, { fullName: 'Another Leaver' })
    const task = await pendingTask(creator, arjun)
    await deactivate(server, admin, creator.userId)
    expectForbidden(await arjun.api.approve(task.task_id))
    // …but may delete it.
    expect((await arjun.api.remove(task.task_id)).statusCode).toBe(200)
  })

  it('with the assignee deactivated, the creator may complete', async () => {
    const assignee = await person(server, orgId, { fullName: 'Leaving Assignee' })
    const task = await newTask(meera, { title: 'Handover', assignTo: assignee.username })
    expectForbidden(await meera.api.complete(task.task_id))
    await deactivate(server, admin, assignee.userId)

    expect((await meera.api.task(task.task_id)).assignee_registered).toBe(false)
    const res = await meera.api.complete(task.task_id, { completionFeedback: 'Finished it myself' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await meera.api.approve(task.task_id)).statusCode).toBe(200)
    expect((await meera.api.task(task.task_id)).status).toBe('Completed')
  })
})

describe('edits of a task with a deactivated assignee or CC user', () => {
  it('the creator may still edit it as the form sends it back, keeping them; new names must be registered', async () => {
    const assignee = await person(server, orgId, { fullName: 'Gone Assignee' })
    const copied = await person(server, orgId, { fullName: 'Gone Copied' })
    const task = await newTask(meera, {
      title: 'Before',
      assignTo: assignee.username,
      cc: JSON.stringify([copied.username, kavya.username]),
    })
    await deactivate(server, admin, assignee.userId)
    await deactivate(server, admin, copied.userId)

    // The edit form sends the current assignee and CC back unchanged.
    const res = await meera.api.update(task.task_id, {
      title: 'After',
      assignTo: assignee.username,
      cc: JSON.stringify([copied.username, kavya.username]),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().task).toMatchObject({
      title: 'After',
      assignment_chain: [meera.username, assignee.username],
      cc: [copied.username, kavya.username],
      assignee_registered: false,
    })
    // Dropping the gone CC user is fine; adding them back, or assigning to someone gone, is not.
    const dropped = await meera.api.update(task.task_id, {
      title: 'After',
      cc: JSON.stringify([kavya.username]),
    })
    expect(dropped.json().task.cc).toEqual([kavya.username])
    const readded = await meera.api.update(task.task_id, {
      title: 'After',
      cc: JSON.stringify([copied.username]),
    })
    expect(readded.statusCode).toBe(400)
    expect(errorOf(readded)).toBe(taskMessages.unknownUser)
    const other = await newTask(meera, { title: 'Other', assignTo: arjun.username })
    const toGone = await meera.api.update(other.task_id, { title: 'Other', assignTo: assignee.username })
    expect(toGone.statusCode).toBe(400)
    // Reassigning the orphaned task to a registered user works and appends to the chain.
    const moved = await meera.api.update(task.task_id, { title: 'After', assignTo: ravi.username })
    expect(moved.json().task.assignment_chain).toEqual([meera.username, assignee.username, ravi.username])
  })
})

describe('the assignment chain grows on forward and reassignment', () => {
  it('forward by the current assignee appends to the chain', async () => {
    const task = await assigned()
    const res = await arjun.api.forward(task.task_id, ravi.username)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().task.assignment_chain).toEqual([meera.username, arjun.username, ravi.username])
    expect(await ravi.api.activeIds()).toContain(task.task_id)
    // Arjun stays on the task (Delegated), and Ravi may pass it on again.
    expect(await arjun.api.activeIds()).toContain(task.task_id)
    expect((await ravi.api.forward(task.task_id, meera.username)).statusCode).toBe(200)
    expect((await meera.api.task(task.task_id)).assignment_chain).toEqual([
      meera.username,
      arjun.username,
      ravi.username,
      meera.username,
    ])
  })

  it('forward by anyone but the current assignee is 403; bad targets are refused', async () => {
    const task = await assigned()
    for (const p of [meera, kavya]) expectForbidden(await p.api.forward(task.task_id, ravi.username))
    const unknown = await arjun.api.forward(task.task_id, 'no-such-user')
    expect(unknown.statusCode).toBe(400)
    expect(errorOf(unknown)).toBe(taskMessages.unknownUser)
    expect((await arjun.api.forward(task.task_id, arjun.username)).statusCode).toBe(409)
    expect((await arjun.api.task(task.task_id)).assignment_chain).toEqual([meera.username, arjun.username])
  })

  it('an edit that reassigns appends the new assignee; one that keeps it leaves the chain alone', async () => {
    const task = await assigned()
    const same = await meera.api.update(task.task_id, { title: 'Same assignee', assignTo: arjun.username })
    expect(same.json().task.assignment_chain).toEqual([meera.username, arjun.username])
    // Without assignTo the assignee is kept too.
    const kept = await meera.api.update(task.task_id, { title: 'No assignTo' })
    expect(kept.json().task.assignment_chain).toEqual([meera.username, arjun.username])

    const moved = await meera.api.update(task.task_id, { title: 'Reassigned', assignTo: ravi.username })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().task.assignment_chain).toEqual([meera.username, arjun.username, ravi.username])
    expectForbidden(await arjun.api.complete(task.task_id))
    expect((await ravi.api.complete(task.task_id)).statusCode).toBe(200)
  })

  it('an edit replaces the attachment (old file deleted) or removes it', async () => {
    const task = await newTask(meera, { title: 'With file' }, { attachment: pdf('one.pdf') })
    const replaced = await meera.api.update(
      task.task_id,
      { title: 'With file' },
      { attachment: pdf('two.pdf') },
    )
    expect(replaced.statusCode, replaced.body).toBe(200)
    const newKey = replaced.json().task.attachment
    expect(newKey).not.toBe(task.attachment)
    expect(fileOnDisk(server, task.attachment)).toBe(false)
    expect(fileOnDisk(server, newKey)).toBe(true)
    // Editing other fields keeps it.
    const untouched = await meera.api.update(task.task_id, { title: 'Renamed' })
    expect(untouched.json().task.attachment).toBe(newKey)
    const removed = await meera.api.update(task.task_id, { title: 'Renamed', removeAttachment: 'true' })
    expect(removed.json().task.attachment).toBeNull()
    expect(fileOnDisk(server, newKey)).toBe(false)
  })
})

describe('concurrency: stale edits and simultaneous decisions', () => {
  it('a stale If-Match answers 412 and changes nothing; a current one succeeds', async () => {
    const task = await assigned()
    const first = await meera.api.update(task.task_id, { title: 'First edit' }, {}, { 'if-match': '1' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().task.version).toBe(2)
    const stale = await meera.api.update(task.task_id, { title: 'Stale edit' }, {}, { 'if-match': '1' })
    expect(stale.statusCode).toBe(412)
    expect((await meera.api.task(task.task_id)).title).toBe('First edit')
    const current = await meera.api.update(task.task_id, { title: 'Second edit' }, {}, { 'if-match': '"2"' })
    expect(current.statusCode, current.body).toBe(200)
    expect(current.json().task.title).toBe('Second edit')
  })

  it('two approvals at once: exactly one succeeds and the other answers 409', async () => {
    const task = await pendingTask(meera, arjun)
    const results = await Promise.all([meera.api.approve(task.task_id), meera.api.approve(task.task_id)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const audit = await server.deps.database.pool.query(
      `select count(*)::int as n from audit_events where entity_id = $1 and action = 'TASK_APPROVE'`,
      [task.task_id],
    )
    expect(audit.rows[0].n).toBe(1)
  })

  it('approve and reject at once: one wins, the task ends in one consistent state', async () => {
    const task = await pendingTask(meera, arjun)
    const [approve, reject] = await Promise.all([
      meera.api.approve(task.task_id),
      meera.api.reject(task.task_id, 'Wait'),
    ])
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409])
    const after = await meera.api.task(task.task_id)
    expect(after.status).toBe(approve.statusCode === 200 ? 'Completed' : 'In Progress')
  })
})
