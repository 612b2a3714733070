import fs from 'node:fs'
import path from 'node:path'
import type { Task } from '@daftar/domain'
import { expect } from 'vitest'
import { client, createOrg, createUser, login, multipart, type TestServer, type TestUser } from './helpers.ts'

/** A signed-in user with an API client for the task endpoints. */
export interface Person extends TestUser {
  token: string
  fullName: string
  api: ReturnType<typeof taskClient>
}

export async function person(
  server: TestServer,
  orgId: string,
  options: Parameters<typeof createUser>[2] = {},
): Promise<Person> {
  const fullName = options.fullName ?? 'Test Person'
  const user = await createUser(server, orgId, { ...options, fullName })
  const token = (await login(server, user.email)).accessToken
  return { ...user, token, fullName, api: taskClient(server, token) }
}

type Files = Parameters<typeof multipart>[1]

/** A PDF's first bytes are enough for the type sniffing of uploads. */
export const pdf = (name = 'file.pdf', size = 64) => {
  const data = Buffer.alloc(size, 0x20)
  data.write('%PDF-1.4\n')
  return { name, type: 'application/pdf', data }
}

export function taskClient(server: TestServer, token: string) {
  const api = client(server, token)
  const form = (method: 'post' | 'put', url: string, fields: Record<string, string>, files: Files = {}) => {
    const body = multipart(fields, files)
    return (headers: Record<string, string> = {}) =>
      api[method](url, body.payload, { ...body.headers, ...headers })
  }
  return {
    ...api,
    create: (fields: Record<string, string>, files: Files = {}) => form('post', '/tasks', fields, files)(),
    update: (
      id: string,
      fields: Record<string, string>,
      files: Files = {},
      headers?: Record<string, string>,
    ) => form('put', `/tasks/${id}`, fields, files)(headers),
    complete: (id: string, fields: Record<string, string> = {}, files: Files = {}) =>
      form('put', `/tasks/${id}/complete`, fields, files)(),
    approve: (id: string) => api.put(`/tasks/${id}/approve`, {}),
    reject: (id: string, rejectionComment?: string) =>
      api.put(`/tasks/${id}/reject`, rejectionComment === undefined ? {} : { rejectionComment }),
    forward: (id: string, assignTo: string) => api.put(`/tasks/${id}/forward`, { assignTo }),
    remove: (id: string) => api.delete(`/tasks/${id}`),
    comment: (taskId: string, text: string) => api.post('/comments', { task_id: taskId, comment_text: text }),
    /** The task as the caller sees it (asserting it is visible). */
    async task(id: string): Promise<Task & { people: Record<string, unknown> }> {
      const res = await api.get(`/tasks/${id}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    },
    /** Ids of the caller's active tasks. */
    async activeIds(): Promise<string[]> {
      const res = await api.get('/tasks')
      expect(res.statusCode, res.body).toBe(200)
      return res.json().tasks.map((t: Task) => t.task_id)
    },
  }
}

/** Creates a task as `creator` (201 asserted) and returns it. */
export async function newTask(
  creator: Person,
  fields: Record<string, string> = {},
  files: Files = {},
): Promise<Task> {
  const res = await creator.api.create({ title: 'A task', ...fields }, files)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().task
}

/** Creator assigns to assignee, assignee submits: a task Pending Approval. */
export async function pendingTask(creator: Person, assignee: Person, fields: Record<string, string> = {}) {
  const task = await newTask(creator, { assignTo: assignee.username, ...fields })
  const res = await assignee.api.complete(task.task_id, { completionFeedback: 'Done' })
  expect(res.statusCode, res.body).toBe(200)
  return task
}

export function fileOnDisk(server: TestServer, key: string | null): boolean {
  if (!key) return false
  return fs.existsSync(path.join(server.config.filesDir, key))
}

/** Deactivates a user as an org admin: the user is then "no longer a registered user" (docs/product.md, "Who may do what on a task"). */
export async function deactivate(server: TestServer, admin: Person, userId: string) {
  const res = await client(server, admin.token).put(`/admin/users/${userId}`, { is_active: false })
  expect(res.statusCode, res.body).toBe(200)
}

/** Creates a category as an admin and returns its id. */
export async function category(server: TestServer, admin: Person, name: string, color = '#1e88e5') {
  const res = await client(server, admin.token).post('/categories', {
    category_name: name,
    category_color: color,
  })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json()
  return (body.category?.category_id ?? body.category_id) as string
}

/** Every regular file under the storage root (relative paths, sorted). */
export function storedFiles(server: TestServer): string[] {
  const root = server.config.filesDir
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort()
}

const cast = {
  admin: { isAdmin: true, fullName: 'Anita Admin' },
  meera: { fullName: 'Meera Iyer' },
  arjun: { fullName: 'Arjun Rao' },
  kavya: { fullName: 'Kavya Nair' },
  ravi: { fullName: 'Ravi Kumar' },
  bystander: { fullName: 'Bala Bystander' },
} as const

/** A fresh organisation with the named people of the task tests, each signed in. */
export async function taskTeam<Name extends keyof typeof cast>(
  server: TestServer,
  names: Name[],
): Promise<{ orgId: string } & Record<Name, Person>> {
  const orgId = (await createOrg(server)).orgId
  const people = {} as Record<Name, Person>
  for (const name of names) people[name] = await person(server, orgId, cast[name])
  return { orgId, ...people }
}
