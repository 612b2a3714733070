/**
 * The response schemas are the guard on what leaves the server (docs/architecture.md, "One contract"):
 * here every service of auth, users, admin, categories, notifications, push and the task lists returns, on top of its
 * real answer, the secrets a whole database row would carry (a password hash, token and OTP hashes,
 * push keys) in every object it answers. Each answer must still carry exactly the fields its schema
 * names, so a route without a schema, or a field added to an answer by mistake, fails here.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { notify } from '../src/modules/notifications/service.ts'
import {
  client,
  createOrg,
  createUser,
  login,
  multipart,
  PASSWORD,
  PNG_1PX,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.ts'

const SECRET = 'leaked-secret-value'
const secrets = {
  passwordHash: SECRET,
  password_hash: SECRET,
  tokenHash: SECRET,
  otpHash: SECRET,
  p256dh: SECRET,
  privateKey: SECRET,
  orgId: SECRET,
}

/** The value with the secrets added to every object in it, as a careless `select()` would give. */
function withSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSecrets)
  if (value && typeof value === 'object' && value.constructor === Object)
    return {
      ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withSecrets(v)])),
      ...secrets,
    }
  return value
}

/** The module with each named function's answer passed through withSecrets. */
function leaking<M extends Record<string, unknown>>(real: M, names: string[]): M {
  const wrapped: Record<string, unknown> = { ...real }
  for (const name of names) {
    const fn = real[name] as (...args: unknown[]) => Promise<unknown>
    wrapped[name] = async (...args: unknown[]) => withSecrets(await fn(...args))
  }
  return wrapped as M
}

vi.mock('../src/modules/auth/service.ts', async (importOriginal) => {
  const real = leaking(await importOriginal<Record<string, unknown>>(), [
    'login',
    'refresh',
    'logout',
    'forgotPassword',
  ])
  // A real reset needs the mailed code; the route's answer is what is under test.
  return { ...real, resetPassword: async () => withSecrets({ message: 'Password has been reset.' }) }
})
vi.mock('../src/modules/users/service.ts', async (importOriginal) =>
  leaking(await importOriginal<Record<string, unknown>>(), [
    'listUsers',
    'getCurrentUser',
    'updateProfile',
    'changePassword',
  ]),
)
vi.mock('../src/modules/admin/service.ts', async (importOriginal) =>
  leaking(await importOriginal<Record<string, unknown>>(), [
    'getSettings',
    'updateOrganisation',
    'updateUserAccess',
  ]),
)
vi.mock('../src/modules/categories/service.ts', async (importOriginal) =>
  leaking(await importOriginal<Record<string, unknown>>(), [
    'listCategories',
    'createCategory',
    'updateCategory',
    'deleteCategory',
  ]),
)
vi.mock('../src/modules/notifications/service.ts', async (importOriginal) =>
  leaking(await importOriginal<Record<string, unknown>>(), [
    'listNotifications',
    'unreadCount',
    'markRead',
    'markAllRead',
  ]),
)
vi.mock('../src/modules/push/service.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  // A real subscription needs a push service to accept the endpoint; the answer is what is under test.
  subscribe: async () => withSecrets({ message: 'Subscribed to push notifications.' }),
  unsubscribe: async () => withSecrets({ message: 'Unsubscribed from push notifications.' }),
}))

/** A task answer with the secrets in every task, comment and person (not as people's usernames). */
function withTaskSecrets(value: unknown): unknown {
  const leak = (o: object) => ({ ...o, ...secrets })
  const task = (t: { comments?: object[] }) => ({ ...leak(t), comments: t.comments?.map(leak) })
  const people = (p: Record<string, object>) =>
    Object.fromEntries(Object.entries(p).map(([username, person]) => [username, leak(person)]))
  const answer = value as { tasks?: object[]; people: Record<string, object> }
  return answer.tasks
    ? { ...leak(answer), tasks: answer.tasks.map(task), people: people(answer.people) }
    : { ...task(answer as { comments?: object[] }), people: people(answer.people) }
}
vi.mock('../src/modules/tasks/queries.ts', async (importOriginal) => {
  const real = await importOriginal<Record<string, (...args: unknown[]) => Promise<unknown>>>()
  const wrapped = { ...real }
  for (const name of ['listActiveTasks', 'listClosedTasks', 'getTask'])
    wrapped[name] = async (...args: unknown[]) => withTaskSecrets(await real[name]!(...args))
  return wrapped
})

const USER = [
  'designation',
  'display_photo',
  'employee_id',
  'full_name',
  'is_accountant',
  'isadmin',
  'user_id',
  'username',
]
const ME = [
  ...USER,
  'can_open_accounts',
  'email',
  'mobile',
  'orgCurrentUserCount',
  'orgName',
  'orgUserLimit',
  'version',
].sort()
const ADMIN_USER = [...USER, 'created_at', 'email', 'is_active', 'mobile', 'version'].sort()
const BILLING = [
  'address',
  'bank_account_name',
  'bank_account_number',
  'bank_branch',
  'bank_ifsc',
  'bank_name',
  'gstin',
  'upi_id',
]
const CATEGORY = ['category_color', 'category_id', 'category_name', 'version']
const NOTIFICATION = [
  'created_at',
  'entity_id',
  'entity_type',
  'is_read',
  'link',
  'message',
  'notification_id',
  'triggering_user_display_photo',
  'triggering_user_fullname',
  'triggering_username',
  'type',
]
const TASK = [
  'added_date',
  'approved_at',
  'assignee_registered',
  'assignment_chain',
  'attachment',
  'category_color',
  'category_id',
  'category_name',
  'cc',
  'client',
  'client_id',
  'client_readable',
  'comments',
  'completion_feedback',
  'completion_file',
  'created_late',
  'creator_registered',
  'deadline',
  'deletion_date',
  'details',
  'edited_at',
  'project',
  'project_id',
  'project_readable',
  'rejection_comments',
  'series_id',
  'start_date',
  'status',
  'submitted_at',
  'task_id',
  'title',
  'version',
]
/** A task as the lists answer it: what they show; the rest comes with the detail. */
const TASK_LIST_ROW = [
  'added_date',
  'assignment_chain',
  'category_color',
  'category_name',
  'cc',
  'client',
  'client_id',
  'client_readable',
  'deadline',
  'project',
  'project_id',
  'project_readable',
  'status',
  'task_id',
  'title',
]
const TASK_PERSON = ['employee_id', 'full_name', 'username']
const COMMENT = ['comment_id', 'comment_text', 'created_at', 'task_id', 'username']
const MESSAGE = ['message']

const keys = (value: object) => Object.keys(value).sort()

let server: TestServer
let admin: TestUser
let colleague: TestUser
let token: string

beforeAll(async () => {
  server = await startTestServer()
  const org = await createOrg(server, { name: 'Response Schema Org', userLimit: 10 })
  admin = await createUser(server, org.orgId, { isAdmin: true, fullName: 'Asha Admin' })
  colleague = await createUser(server, org.orgId, { fullName: 'Chetan Colleague' })
  token = (await login(server, admin.email)).accessToken
})
afterAll(() => server.close())

const api = (t = token) => client(server, t)

type Json = Record<string, unknown>

/** The answer's JSON, after checking its status and that no secret is anywhere in its text. */
function answer<T = Json>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.body).not.toContain(SECRET)
  return res.json() as T
}

describe('auth answers carry only their tokens or message', () => {
  it('login and refresh answer the two tokens', async () => {
    const signIn = answer<{ accessToken: string; refreshToken: string }>(
      await client(server).post('/auth/login', { identifier: colleague.email, password: PASSWORD }),
    )
    expect(keys(signIn)).toEqual(['accessToken', 'refreshToken'])
    const refreshed = answer<{ accessToken: string; refreshToken: string }>(
      await client(server).post('/auth/refresh-token', { refreshToken: signIn.refreshToken }),
    )
    expect(keys(refreshed)).toEqual(['accessToken', 'refreshToken'])
    const out = answer(
      await api(refreshed.accessToken).post('/auth/logout', {
        option: 'this',
        refreshToken: refreshed.refreshToken,
      }),
    )
    expect(keys(out)).toEqual(MESSAGE)
  })

  it('forgot and reset password answer a message', async () => {
    const forgot = answer(await client(server).post('/auth/forgot-password', { identifier: colleague.email }))
    expect(keys(forgot)).toEqual(MESSAGE)
    const reset = answer(
      await client(server).post('/auth/reset-password', {
        identifier: colleague.email,
        otp: '123456',
        newPassword: PASSWORD,
      }),
    )
    expect(keys(reset)).toEqual(MESSAGE)
  })
})

describe('user answers carry only the public fields of a user', () => {
  it('GET /users and GET /users/me', async () => {
    const list = answer<Json[]>(await api().get('/users'))
    expect(list.length).toBe(2)
    for (const user of list) expect(keys(user)).toEqual(USER)
    const me = answer(await api().get('/users/me'))
    expect(keys(me)).toEqual(ME)
  })

  it('PUT /users/:id and its password change', async () => {
    const me = answer<{ version: number }>(await api().get('/users/me'))
    const body = multipart(
      { full_name: 'Asha A.' },
      { display_photo: { name: 'me.png', type: 'image/png', data: PNG_1PX } },
    )
    const updated = answer<{ user: { display_photo: string } }>(
      await api().put(`/users/${admin.userId}`, body.payload, {
        ...body.headers,
        'if-match': String(me.version),
      }),
    )
    expect(keys(updated)).toEqual(['message', 'user'])
    expect(keys(updated.user)).toEqual(USER)
    const changed = answer(
      await api().put(`/users/${admin.userId}/change-password`, {
        currentPassword: PASSWORD,
        newPassword: PASSWORD,
      }),
    )
    expect(keys(changed)).toEqual(MESSAGE)
    // The signed URL of the new photo: the route builds it, but its answer is one field as well.
    const key = encodeURIComponent(updated.user.display_photo)
    const signed = answer(await api().get(`/get-presigned-url?key=${key}&bucketType=displayPicture`))
    expect(keys(signed)).toEqual(['url'])
  })
})

describe('admin answers', () => {
  it('GET /admin/settings', async () => {
    const settings = answer(await api().get('/admin/settings'))
    expect(keys(settings)).toEqual(['organisation'])
    expect(keys(settings.organisation as object)).toEqual(
      [
        ...BILLING,
        'accounts_access',
        'name',
        'require_two_factor',
        'userCount',
        'userLimit',
        'version',
      ].sort(),
    )
  })

  it('GET /admin/users', async () => {
    const page = answer(await api().get('/admin/users'))
    expect(keys(page)).toEqual(['currentPage', 'totalPages', 'users'])
    const users = page.users as Json[]
    expect(users.length).toBe(2)
    for (const user of users) expect(keys(user)).toEqual(ADMIN_USER)
  })

  it('PUT /admin/organisation and PUT /admin/users/:id', async () => {
    const org = answer(await api().put('/admin/organisation', { name: 'Response Schema Org' }))
    expect(keys(org)).toEqual(['message', 'organisation'])
    expect(keys(org.organisation as object)).toEqual(
      [...BILLING, 'accounts_access', 'name', 'require_two_factor', 'version'].sort(),
    )
    const access = answer(await api().put(`/admin/users/${colleague.userId}`, { is_accountant: true }))
    expect(keys(access)).toEqual(['message', 'user'])
    expect(keys(access.user as object)).toEqual(ADMIN_USER)
  })
})

describe('category answers', () => {
  it('create, list, update and delete', async () => {
    const input = { category_name: 'Audit', category_color: '#1e88e5' }
    const created = answer<{ category: { category_id: string } }>(await api().post('/categories', input), 201)
    expect(keys(created)).toEqual(['category', 'message'])
    const category = created.category
    expect(keys(category)).toEqual(CATEGORY)
    const list = answer<Json[]>(await api().get('/categories'))
    expect(list.map(keys)).toEqual([CATEGORY])
    const updated = answer(
      await api().put(`/categories/${category.category_id}`, { ...input, category_name: 'Audits' }),
    )
    expect(keys(updated)).toEqual(['category', 'message'])
    expect(keys(updated.category as object)).toEqual(CATEGORY)
    expect(keys(answer(await api().delete(`/categories/${category.category_id}`)))).toEqual(MESSAGE)
  })
})

describe('notification and push answers', () => {
  it('list, unread count and marking read', async () => {
    await notify(server.deps.db, {
      orgId: admin.orgId,
      userIds: [admin.userId],
      type: 'TASK_ASSIGNED',
      message: 'A task for you',
      link: '/tasks',
      triggeringUserId: colleague.userId,
    })
    const page = answer(await api().get('/notifications'))
    expect(keys(page)).toEqual(['currentPage', 'notifications', 'totalPages'])
    const [item] = page.notifications as { notification_id: number }[]
    expect(keys(item!)).toEqual(NOTIFICATION)
    expect(keys(answer(await api().get('/notifications/unread-count')))).toEqual(['unreadCount'])
    expect(keys(answer(await api().put(`/notifications/${item!.notification_id}/read`)))).toEqual(MESSAGE)
    expect(keys(answer(await api().put('/notifications/read-all')))).toEqual(MESSAGE)
  })

  it('the push key, subscribe and unsubscribe', async () => {
    expect(keys(answer(await api().get('/notifications/vapid-public-key')))).toEqual(['publicKey'])
    const subscription = {
      endpoint: 'https://push.example.test/abc',
      keys: { p256dh: 'key', auth: 'secret' },
    }
    const subscribed = answer(await api().post('/notifications/subscribe', { subscription }), 201)
    expect(keys(subscribed)).toEqual(MESSAGE)
    const endpoint = subscription.endpoint
    expect(keys(answer(await api().post('/notifications/unsubscribe', { endpoint })))).toEqual(MESSAGE)
  })
})

describe('task answers carry only the fields of a task, its comments and its people', () => {
  it('create, comment, the detail and the lists', async () => {
    const body = multipart({ title: 'Schema task', assignTo: colleague.username })
    const created = answer<{ task: Json & { task_id: string } }>(
      await api().post('/tasks', body.payload, body.headers),
      201,
    )
    expect(keys(created)).toEqual(['message', 'task'])
    expect(keys(created.task)).toEqual([...TASK, 'people'].sort())
    const id = created.task.task_id
    const commented = answer<{ comment: Json }>(
      await api().post('/comments', { task_id: id, comment_text: 'A note' }),
      201,
    )
    expect(keys(commented)).toEqual(['comment', 'message'])
    expect(keys(commented.comment)).toEqual(COMMENT)
    const detail = answer<Json & { comments: Json[]; people: Record<string, Json> }>(
      await api().get(`/tasks/${id}`),
    )
    expect(keys(detail)).toEqual([...TASK, 'people'].sort())
    expect(detail.comments.map(keys)).toEqual([COMMENT])
    expect(Object.keys(detail.people).sort()).toEqual([admin.username, colleague.username].sort())
    for (const person of Object.values(detail.people)) expect(keys(person)).toEqual(TASK_PERSON)
    const list = answer<{ tasks: Json[]; people: Record<string, Json> }>(await api().get('/tasks'))
    expect(keys(list)).toEqual(['people', 'tasks'])
    for (const task of list.tasks) expect(keys(task)).toEqual(TASK_LIST_ROW)
    for (const person of Object.values(list.people)) expect(keys(person)).toEqual(TASK_PERSON)
    expect(keys(answer(await api().delete(`/tasks/${id}`)))).toEqual(MESSAGE)
    const deleted = answer<{ tasks: Json[] }>(await api().get('/tasks/deleted'))
    expect(keys(deleted)).toEqual(['currentPage', 'people', 'tasks', 'totalPages'])
    expect(deleted.tasks.map(keys)).toEqual([TASK_LIST_ROW])
  })
})
