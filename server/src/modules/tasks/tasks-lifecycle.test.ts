import { fileTooLargeMessage, MAX_FILE_BYTES, type Task, taskMessages } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { fileOnDisk, newTask, type Person, pdf, storedFiles, taskTeam } from '../../../test/task-helpers.ts'

let server: TestServer
let meera: Person
let arjun: Person
let kavya: Person

beforeAll(async () => {
  server = await startTestServer()
  ;({ meera, arjun, kavya } = await taskTeam(server, ['meera', 'arjun', 'kavya']))
})
afterAll(() => server.close())

/** Meera assigns a task with an attachment to Arjun, CC Kavya. */
const assigned = (fields: Record<string, string> = {}) =>
  newTask(
    meera,
    { title: 'Wire the panel', assignTo: arjun.username, cc: JSON.stringify([kavya.username]), ...fields },
    { attachment: pdf('brief.pdf') },
  )

/** Arjun submits it with a completion file. */
async function submitted() {
  const task = await assigned()
  const res = await arjun.api.complete(
    task.task_id,
    { completionFeedback: '  Wired and tested. ' },
    { completionFile: pdf('report.pdf', 300) },
  )
  expect(res.statusCode, res.body).toBe(200)
  return arjun.api.task(task.task_id)
}

const presign = (p: Person, key: string, bucketType: string) =>
  p.api.get(`/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=${bucketType}`)

describe('In Progress → Pending Approval', () => {
  it('the assignee completes with a completion file and feedback', async () => {
    const task = await assigned()
    const res = await arjun.api.complete(
      task.task_id,
      { completionFeedback: 'All done' },
      { completionFile: pdf('report.pdf') },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(taskMessages.submitted)
    const after = await meera.api.task(task.task_id)
    expect(after).toMatchObject({
      status: 'Pending Approval',
      completion_feedback: 'All done',
      assignment_chain: [meera.username, arjun.username],
      version: task.version + 1,
    })
    expect(Date.parse(after.submitted_at!)).toBeGreaterThan(Date.now() - 60_000)
    expect(after.completion_file).toMatch(/\/completionFile\/[0-9a-f-]{36}\.pdf$/)
    expect(fileOnDisk(server, after.completion_file)).toBe(true)
    // The chain and CC may read the completion file.
    for (const p of [meera, arjun, kavya]) {
      expect((await presign(p, after.completion_file!, 'completionFile')).statusCode).toBe(200)
    }
    // Pending Approval tasks stay in the active list.
    expect(await meera.api.activeIds()).toContain(task.task_id)
  })

  it('accepts a completion without a file, as JSON too', async () => {
    const task = await assigned()
    const res = await arjun.api.put(`/tasks/${task.task_id}/complete`, { completionFeedback: 'No file' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await meera.api.task(task.task_id)).toMatchObject({
      status: 'Pending Approval',
      completion_file: null,
      completion_feedback: 'No file',
    })
  })

  it('refuses a completion file above 25 MB with 413; the task stays In Progress', async () => {
    const task = await assigned()
    const before = storedFiles(server)
    const big = { name: 'big.pdf', type: 'application/pdf', data: Buffer.alloc(MAX_FILE_BYTES + 1, 0x20) }
    const res = await arjun.api.complete(task.task_id, {}, { completionFile: big })
    expect(res.statusCode).toBe(413)
    expect(errorOf(res)).toBe(fileTooLargeMessage)
    expect((await arjun.api.task(task.task_id)).status).toBe('In Progress')
    expect(storedFiles(server)).toEqual(before)
  })
})

describe('Pending Approval → Completed', () => {
  it('the creator approves: the attachment is deleted, the completion file is kept', async () => {
    const task = await submitted()
    expect(fileOnDisk(server, task.attachment)).toBe(true)
    const res = await meera.api.approve(task.task_id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(taskMessages.approved)

    const finished = await meera.api.get(`/tasks/finished/${task.task_id}`)
    expect(finished.statusCode).toBe(200)
    const after: Task = finished.json()
    expect(after).toMatchObject({
      status: 'Completed',
      attachment: null,
      completion_file: task.completion_file,
      completion_feedback: 'Wired and tested.',
    })
    expect(Date.parse(after.approved_at!)).toBeGreaterThan(Date.now() - 60_000)
    expect(fileOnDisk(server, task.attachment)).toBe(false)
    expect(fileOnDisk(server, task.completion_file)).toBe(true)
    expect((await presign(kavya, task.completion_file!, 'completionFile')).statusCode).toBe(200)
    expect((await presign(kavya, task.attachment!, 'attachment')).statusCode).toBe(404)
    // Gone from the active list; not a deleted task.
    expect(await meera.api.activeIds()).not.toContain(task.task_id)
    expect((await meera.api.get(`/tasks/deleted/${task.task_id}`)).statusCode).toBe(404)
  })
})

describe('Pending Approval → rejected, back with the assignee', () => {
  it('the creator rejects with a comment: In Progress, same assignee, completion file deleted', async () => {
    const task = await submitted()
    const res = await meera.api.reject(task.task_id, 'Label the breakers')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(taskMessages.rejected)
    const after = await arjun.api.task(task.task_id)
    expect(after).toMatchObject({
      status: 'In Progress',
      assignment_chain: [meera.username, arjun.username],
      rejection_comments: 'Label the breakers',
      completion_file: null,
      submitted_at: null,
      attachment: task.attachment,
    })
    expect(fileOnDisk(server, task.completion_file)).toBe(false)
    expect(fileOnDisk(server, task.attachment)).toBe(true)

    // The rejection comment stays visible until the next submission.
    expect((await kavya.api.task(task.task_id)).rejection_comments).toBe('Label the breakers')
    const again = await arjun.api.complete(task.task_id, { completionFeedback: 'Labelled' })
    expect(again.statusCode, again.body).toBe(200)
    expect(await meera.api.task(task.task_id)).toMatchObject({
      status: 'Pending Approval',
      rejection_comments: null,
      completion_feedback: 'Labelled',
    })
    expect((await meera.api.approve(task.task_id)).statusCode).toBe(200)
  })

  it('a rejection without a comment leaves no rejection comment', async () => {
    const task = await submitted()
    expect((await meera.api.reject(task.task_id)).statusCode).toBe(200)
    expect(await arjun.api.task(task.task_id)).toMatchObject({
      status: 'In Progress',
      rejection_comments: null,
    })
  })
})

describe('→ Deleted', () => {
  it('deleting an In Progress task deletes its attachment', async () => {
    const task = await assigned()
    const res = await meera.api.remove(task.task_id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(taskMessages.deleted)
    const deleted = await kavya.api.get(`/tasks/deleted/${task.task_id}`)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toMatchObject({ status: 'Deleted', attachment: null })
    expect(Date.parse(deleted.json().deletion_date)).toBeGreaterThan(Date.now() - 60_000)
    expect(fileOnDisk(server, task.attachment)).toBe(false)
    expect(await arjun.api.activeIds()).not.toContain(task.task_id)
  })

  it('deleting a Pending Approval task deletes the attachment and the completion file', async () => {
    const task = await submitted()
    expect(fileOnDisk(server, task.completion_file)).toBe(true)
    expect((await meera.api.remove(task.task_id)).statusCode).toBe(200)
    expect(await meera.api.task(task.task_id)).toMatchObject({
      status: 'Deleted',
      attachment: null,
      completion_file: null,
    })
    expect(fileOnDisk(server, task.attachment)).toBe(false)
    expect(fileOnDisk(server, task.completion_file)).toBe(false)
  })

  it('Completed and Deleted tasks cannot be deleted (409)', async () => {
    const done = await submitted()
    expect((await meera.api.approve(done.task_id)).statusCode).toBe(200)
    const res = await meera.api.remove(done.task_id)
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toBe(taskMessages.wrongState)
    expect((await meera.api.task(done.task_id)).status).toBe('Completed')
    expect(fileOnDisk(server, done.completion_file)).toBe(true)

    const gone = await assigned()
    expect((await meera.api.remove(gone.task_id)).statusCode).toBe(200)
    expect((await meera.api.remove(gone.task_id)).statusCode).toBe(409)
  })
})

describe('actions in the wrong state answer 409', () => {
  it('approve, reject and complete only where the state machine allows them', async () => {
    const open = await assigned()
    expect((await meera.api.approve(open.task_id)).statusCode).toBe(409)
    expect((await meera.api.reject(open.task_id, 'no')).statusCode).toBe(409)

    const waiting = await submitted()
    expect((await arjun.api.complete(waiting.task_id)).statusCode).toBe(409)
    expect((await meera.api.update(waiting.task_id, { title: 'Edited late' })).statusCode).toBe(409)
    expect((await arjun.api.forward(waiting.task_id, kavya.username)).statusCode).toBe(409)

    expect((await meera.api.approve(waiting.task_id)).statusCode).toBe(200)
    for (const res of [
      await meera.api.approve(waiting.task_id),
      await meera.api.reject(waiting.task_id),
      await arjun.api.complete(waiting.task_id),
      await meera.api.update(waiting.task_id, { title: 'Edited after' }),
    ]) {
      expect(res.statusCode).toBe(409)
    }
    expect((await meera.api.task(waiting.task_id)).title).toBe('Wire the panel')
  })
})
