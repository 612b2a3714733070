import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { fileTooLargeMessage, MAX_FILE_BYTES, type Task, taskMessages } from '@daftar/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrg, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createClient, createProject, grant } from '../../../test/registers-helpers.ts'
import {
  category,
  deactivate,
  fileOnDisk,
  newTask,
  type Person,
  pdf,
  person,
  storedFiles,
  taskTeam,
} from '../../../test/task-helpers.ts'
import { users } from '../users/schema.ts'

let server: TestServer
let admin: Person
let meera: Person
let arjun: Person
let kavya: Person
let bystander: Person
let foreigner: Person

beforeAll(async () => {
  server = await startTestServer()
  ;({ admin, meera, arjun, kavya, bystander } = await taskTeam(server, [
    'admin',
    'meera',
    'arjun',
    'kavya',
    'bystander',
  ]))
  foreigner = await person(server, (await createOrg(server)).orgId, { fullName: 'Farid Foreign' })
})
afterAll(() => server.close())

describe('links a caller may open', () => {
  it('marks the project and client readable only for admins and those on their access lists', async () => {
    const clientId = await createClient(server, admin.token, { name: 'Guarded Client' })
    const projectId = await createProject(server, admin.token, clientId, { name: 'Guarded Project' })
    const task = await newTask(admin, {
      projectId,
      assignTo: meera.username,
      cc: JSON.stringify([arjun.username]),
    })
    expect(task).toMatchObject({ project_readable: true, client_readable: true })
    // Meera has no access: she sees the names but may not follow them, in the list and the detail.
    const listed = (await meera.api.get('/tasks')).json().tasks.find((t: Task) => t.task_id === task.task_id)
    expect(listed).toMatchObject({
      project: 'Guarded Project',
      project_readable: false,
      client_readable: false,
    })
    expect(await meera.api.task(task.task_id)).toMatchObject({
      project_readable: false,
      client_readable: false,
    })
    // Arjun is granted the project alone: the project opens, the client does not.
    await grant(server, admin.token, arjun.userId, 'PROJECT', projectId)
    expect(await arjun.api.task(task.task_id)).toMatchObject({
      project_readable: true,
      client_readable: false,
    })
    const arjunsRow = (await arjun.api.get('/tasks'))
      .json()
      .tasks.find((t: Task) => t.task_id === task.task_id)
    expect(arjunsRow).toMatchObject({ project_readable: true, client_readable: false })
    // The admin, on no access list, opens both from the list.
    const adminsRow = (await admin.api.get('/tasks'))
      .json()
      .tasks.find((t: Task) => t.task_id === task.task_id)
    expect(adminsRow).toMatchObject({ project_readable: true, client_readable: true })
  })
})

describe('POST /tasks', () => {
  it('creates an In Progress task assigned to the creator by default, with a chain of one', async () => {
    const res = await meera.api.create({ title: '  Fix the pump ', details: 'Leaking since Monday' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().message).toBe(taskMessages.created)
    const task: Task = res.json().task
    expect(task).toMatchObject({
      task_id: expect.any(String),
      title: 'Fix the pump',
      details: 'Leaking since Monday',
      assignment_chain: [meera.username],
      cc: [],
      status: 'In Progress',
      project: null,
      client: null,
      deadline: null,
      attachment: null,
      comments: [],
      creator_registered: true,
      assignee_registered: true,
      version: 1,
    })
    expect(Date.parse(task.added_date)).toBeGreaterThan(Date.now() - 60_000)
    expect(await meera.api.activeIds()).toContain(task.task_id)
  })

  it('with assignTo and CC: the chain is [creator, assignee] and all three see the task', async () => {
    const task = await newTask(meera, {
      title: 'Survey the site',
      assignTo: arjun.username,
      cc: JSON.stringify([kavya.username]),
      deadline: '2030-01-31',
      startDate: '2030-01-02',
    })
    expect(task.assignment_chain).toEqual([meera.username, arjun.username])
    expect(task.cc).toEqual([kavya.username])
    expect(task.deadline).toBe('2030-01-31')
    expect(task.start_date).toBe('2030-01-02')
    for (const p of [meera, arjun, kavya]) expect(await p.api.activeIds()).toContain(task.task_id)
    const seen = await kavya.api.task(task.task_id)
    expect(Object.keys(seen.people).sort()).toEqual([arjun.username, kavya.username, meera.username].sort())
  })

  it('the list names the creators and assignees of its rows, and not one who is no longer a registered user', async () => {
    const leaver = await person(server, meera.orgId, { fullName: 'Lena Leaver' })
    const task = await newTask(meera, { title: 'Hand over the keys', assignTo: leaver.username })
    const watched = await newTask(arjun, { title: 'Check the meter', assignTo: meera.username })
    await deactivate(server, admin, leaver.userId)
    // Arjun has an employee record: his name links to it.
    const employeeId = randomUUID()
    await server.deps.db.update(users).set({ employeeId }).where(eq(users.userId, arjun.userId))
    const listed = (await meera.api.get('/tasks')).json()
    expect(listed.tasks.map((t: Task) => t.task_id)).toEqual(
      expect.arrayContaining([task.task_id, watched.task_id]),
    )
    expect(listed.people[meera.username]).toEqual({
      username: meera.username,
      full_name: expect.any(String),
      employee_id: null,
    })
    expect(listed.people[arjun.username]).toEqual({
      username: arjun.username,
      full_name: arjun.fullName,
      employee_id: employeeId,
    })
    expect(listed.people).not.toHaveProperty(leaver.username)
    await server.deps.db.update(users).set({ employeeId: null }).where(eq(users.userId, arjun.userId))
  })

  it('a project fixes the client from the project; typed names are title-cased', async () => {
    const clientId = await createClient(server, admin.token, { name: 'Acme Industries' })
    const projectId = await createProject(server, admin.token, clientId, { name: 'Solar Plant' })
    const otherClient = await createClient(server, admin.token, { name: 'Other Client' })
    const fixed = await newTask(meera, {
      project: 'whatever was typed',
      projectId,
      client: 'wrong client',
      clientId: otherClient,
    })
    expect(fixed).toMatchObject({
      project: 'Solar Plant',
      project_id: projectId,
      client: 'Acme Industries',
      client_id: clientId,
    })

    // Title-casing raises first letters and keeps capitals a name carries (ETP, KLD).
    const typed = await newTask(meera, { project: 'rooftop  PHASE two', client: 'bharat electricals' })
    expect(typed).toMatchObject({
      project: 'Rooftop PHASE Two',
      project_id: null,
      client: 'Bharat Electricals',
      client_id: null,
    })
  })

  it('refuses a project or a client of another organisation', async () => {
    const theirAdmin = await person(server, foreigner.orgId, { isAdmin: true })
    const theirClient = await createClient(server, theirAdmin.token, { name: 'Their Client' })
    const theirProject = await createProject(server, theirAdmin.token, theirClient)
    const byProject = await meera.api.create({ title: 'x', projectId: theirProject })
    expect(byProject.statusCode).toBe(400)
    expect(errorOf(byProject)).toBe('The selected project does not exist.')
    const byClient = await meera.api.create({ title: 'x', clientId: theirClient })
    expect(byClient.statusCode).toBe(400)
    expect(errorOf(byClient)).toBe('The selected client does not exist.')
  })

  it('keeps a category of the organisation and refuses one of another organisation', async () => {
    const ours = await category(server, admin, 'Maintenance', '#ff8800')
    const task = await newTask(meera, { category: ours })
    expect(task).toMatchObject({
      category_id: ours,
      category_name: 'Maintenance',
      category_color: '#ff8800',
    })
    const theirAdmin = await person(server, foreigner.orgId, { isAdmin: true })
    const theirs = await category(server, theirAdmin, 'Theirs')
    const res = await meera.api.create({ title: 'x', category: theirs })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('The selected category does not exist.')
  })

  it('refuses an unknown, foreign or deactivated assignee or CC user with 400', async () => {
    const gone = await person(server, meera.orgId, { fullName: 'Gone Away' })
    await deactivate(server, admin, gone.userId)
    const cases: Record<string, string>[] = [
      { assignTo: 'nobody-by-this-name' },
      { assignTo: foreigner.username },
      { assignTo: gone.username },
      { cc: JSON.stringify(['nobody-by-this-name']) },
      { cc: JSON.stringify([arjun.username, foreigner.username]) },
    ]
    const before = (await meera.api.activeIds()).length
    for (const fields of cases) {
      const res = await meera.api.create({ title: 'Bad reference', ...fields })
      expect(res.statusCode, JSON.stringify(fields)).toBe(400)
      expect(errorOf(res)).toBe(taskMessages.unknownUser)
    }
    expect((await meera.api.activeIds()).length).toBe(before)
  })

  it('requires a title and refuses duplicate CC users', async () => {
    const noTitle = await meera.api.create({ title: '   ' })
    expect(noTitle.statusCode).toBe(400)
    expect(errorOf(noTitle)).toBe(taskMessages.titleRequired)
    const twice = await meera.api.create({ title: 'x', cc: JSON.stringify([arjun.username, arjun.username]) })
    expect(twice.statusCode).toBe(400)
    expect(errorOf(twice)).toBe(taskMessages.ccDuplicate)
    const notJson = await meera.api.create({ title: 'x', cc: arjun.username })
    expect(notJson.statusCode).toBe(400)
  })
})

describe('attachments', () => {
  const presign = (p: Person, key: string, bucketType = 'attachment') =>
    p.api.get(`/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=${bucketType}`)

  it('stores the attachment and signs it for the chain and CC only', async () => {
    const file = pdf('Site plan.pdf', 2048)
    const task = await newTask(
      meera,
      { assignTo: arjun.username, cc: JSON.stringify([kavya.username]) },
      { attachment: file },
    )
    expect(task.attachment).toMatch(new RegExp(`^org/${meera.orgId}/attachment/[0-9a-f-]{36}\\.pdf$`))
    expect(fileOnDisk(server, task.attachment)).toBe(true)

    for (const p of [meera, arjun, kavya]) {
      const signed = await presign(p, task.attachment!)
      expect(signed.statusCode, p.fullName).toBe(200)
      const download = await server.app.inject({ method: 'GET', url: signed.json().url })
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-type']).toBe('application/pdf')
      expect(download.rawPayload.equals(file.data)).toBe(true)
      expect(String(download.headers['content-disposition'])).toContain('Site%20plan.pdf')
    }
    for (const p of [bystander, foreigner]) {
      const signed = await presign(p, task.attachment!)
      expect(signed.statusCode, p.fullName).toBe(404)
    }
    // The attachment key is not readable as another bucket type either.
    expect((await presign(bystander, task.attachment!, 'completionFile')).statusCode).toBe(404)
  })

  it('refuses a file above 25 MB with 413 and keeps nothing', async () => {
    const filesBefore = storedFiles(server)
    const before = (await meera.api.activeIds()).length
    const big = { name: 'big.pdf', type: 'application/pdf', data: Buffer.alloc(MAX_FILE_BYTES + 1, 0x20) }
    const res = await meera.api.create({ title: 'Too big' }, { attachment: big })
    expect(res.statusCode).toBe(413)
    expect(errorOf(res)).toBe(fileTooLargeMessage)
    expect((await meera.api.activeIds()).length).toBe(before)
    expect(storedFiles(server)).toEqual(filesBefore)
  })

  it('accepts a file of exactly 25 MB', async () => {
    const exact = { name: 'exact.pdf', type: 'application/pdf', data: Buffer.alloc(MAX_FILE_BYTES, 0x20) }
    exact.data.write('%PDF-1.4\n') // a .pdf must be a PDF (its type comes from its bytes)
    const task = await newTask(meera, { title: 'Exactly the limit' }, { attachment: exact })
    expect(fs.statSync(`${server.config.filesDir}/${task.attachment}`).size).toBe(MAX_FILE_BYTES)
  })
})

describe('visibility', () => {
  it('GET /tasks lists only tasks where the caller is in the chain or CC', async () => {
    const mine = await newTask(meera, { title: 'Private to Meera' })
    const shared = await newTask(meera, { title: 'Shared', cc: JSON.stringify([kavya.username]) })
    expect(await meera.api.activeIds()).toEqual(expect.arrayContaining([mine.task_id, shared.task_id]))
    const kavyas = await kavya.api.activeIds()
    expect(kavyas).toContain(shared.task_id)
    expect(kavyas).not.toContain(mine.task_id)
    expect(await bystander.api.activeIds()).toEqual([])
    expect(await foreigner.api.activeIds()).toEqual([])
  })

  it('GET /tasks/{id} answers 404 to anyone outside the chain and CC, and for a malformed id', async () => {
    const task = await newTask(meera, { assignTo: arjun.username })
    for (const p of [bystander, foreigner, kavya]) {
      const res = await p.api.get(`/tasks/${task.task_id}`)
      expect(res.statusCode, p.fullName).toBe(404)
      expect(errorOf(res)).toBe(taskMessages.notFound)
    }
    expect((await arjun.api.get(`/tasks/${task.task_id}`)).statusCode).toBe(200)
    expect((await meera.api.get('/tasks/not-a-uuid')).statusCode).toBe(404)
    // Outsiders cannot act on it either: every action answers 404 as if it did not exist.
    expect((await bystander.api.remove(task.task_id)).statusCode).toBe(404)
    expect((await foreigner.api.complete(task.task_id)).statusCode).toBe(404)
    expect((await bystander.api.comment(task.task_id, 'hello')).statusCode).toBe(404)
    expect((await bystander.api.update(task.task_id, { title: 'Hijack' })).statusCode).toBe(404)
    expect((await arjun.api.task(task.task_id)).title).toBe('A task')
  })

  it('refuses every task call without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/tasks' })
    expect(res.statusCode).toBe(401)
  })
})
