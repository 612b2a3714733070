import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  createOrg,
  createUser,
  login,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/helpers.ts'
import { users } from '../users/schema.ts'
import { ALREADY_READ, notify } from './service.ts'

let server: TestServer
let orgId: string

beforeAll(async () => {
  server = await startTestServer()
  orgId = (await createOrg(server)).orgId
})
afterAll(() => server.close())

interface Notification {
  notification_id: number
  message: string
  is_read: boolean
  created_at: string
  link: string | null
  type: string
  entity_type: string | null
  entity_id: string | null
  triggering_username: string | null
  triggering_user_fullname: string | null
  triggering_user_display_photo: string | null
}

async function person(fullName?: string) {
  const user = await createUser(server, orgId, { fullName })
  const api = client(server, (await login(server, user.email)).accessToken)
  return { user, api }
}

/** Sends `count` notifications to `to`, numbered 1..count, one statement each (so they are ordered). */
async function send(to: TestUser, count: number, from?: TestUser, prefix = 'Note') {
  for (let i = 1; i <= count; i++) {
    await notify(server.deps.db, {
      orgId: to.orgId,
      userIds: [to.userId],
      type: 'TASK_ASSIGNED',
      message: `${prefix} ${i}`,
      link: `/tasks/${i}`,
      entityType: 'TASK',
      entityId: `task-${i}`,
      triggeringUserId: from?.userId ?? null,
    })
  }
}

describe('GET /notifications', () => {
  it('pages newest first, 10 by default, with the spec’s fields', async () => {
    const { user, api } = await person()
    const sender = await createUser(server, orgId, { fullName: 'Sanjay Sender' })
    const photo = `org/${orgId}/displayPicture/00000000-0000-4000-8000-000000000001.png`
    await server.deps.db.update(users).set({ displayPhoto: photo }).where(eq(users.userId, sender.userId))
    await send(user, 12, sender)

    const first = await api.get('/notifications')
    expect(first.statusCode).toBe(200)
    const body = first.json()
    expect(body.currentPage).toBe(1)
    expect(body.totalPages).toBe(2)
    expect(body.notifications).toHaveLength(10)
    expect(body.notifications.map((x: Notification) => x.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Note ${12 - i}`),
    )
    const newest: Notification = body.notifications[0]
    expect(newest).toEqual({
      notification_id: expect.any(Number),
      message: 'Note 12',
      is_read: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      link: '/tasks/12',
      type: 'TASK_ASSIGNED',
      entity_type: 'TASK',
      entity_id: 'task-12',
      triggering_username: sender.username,
      triggering_user_fullname: 'Sanjay Sender',
      triggering_user_display_photo: photo,
    })

    const second = (await api.get('/notifications?page=2')).json()
    expect(second.currentPage).toBe(2)
    expect(second.notifications.map((x: Notification) => x.message)).toEqual(['Note 2', 'Note 1'])

    const small = (await api.get('/notifications?page=3&limit=5')).json()
    expect(small).toMatchObject({ currentPage: 3, totalPages: 3 })
    expect(small.notifications.map((x: Notification) => x.message)).toEqual(['Note 2', 'Note 1'])

    // Past the last page: no row, and still the count (asked alone when no row carries it).
    const beyond = (await api.get('/notifications?page=9')).json()
    expect(beyond).toMatchObject({ notifications: [], totalPages: 2 })
  })

  it('shows null triggering fields for a system notification, and one page when there are none', async () => {
    const { user, api } = await person()
    expect((await api.get('/notifications')).json()).toEqual({
      currentPage: 1,
      totalPages: 1,
      notifications: [],
    })
    await send(user, 1)
    const [only] = (await api.get('/notifications')).json().notifications
    expect(only).toMatchObject({
      triggering_username: null,
      triggering_user_fullname: null,
      triggering_user_display_photo: null,
    })
  })

  it('shows only the caller’s own notifications', async () => {
    const a = await person()
    const b = await person()
    await send(a.user, 2, undefined, 'For A')
    await send(b.user, 1, undefined, 'For B')
    const messages = (await a.api.get('/notifications'))
      .json()
      .notifications.map((x: Notification) => x.message)
    expect(messages).toEqual(['For A 2', 'For A 1'])
  })

  it('never notifies the user who triggered the event', async () => {
    const { user, api } = await person()
    await notify(server.deps.db, {
      orgId,
      userIds: [user.userId],
      type: 'TASK_UPDATED',
      message: 'self',
      triggeringUserId: user.userId,
    })
    expect((await api.get('/notifications')).json().notifications).toEqual([])
  })

  it('refuses a bad page or limit with 400', async () => {
    const { api } = await person()
    expect((await api.get('/notifications?page=0')).statusCode).toBe(400)
    expect((await api.get('/notifications?limit=abc')).statusCode).toBe(400)
    expect((await api.get('/notifications?limit=1000')).statusCode).toBe(400)
  })

  it('needs a token', async () => {
    expect((await client(server).get('/notifications')).statusCode).toBe(401)
    expect((await client(server).get('/notifications/unread-count')).statusCode).toBe(401)
  })
})

describe('reading notifications', () => {
  it('counts unread, marks one read, and says so the second time', async () => {
    const { user, api } = await person()
    await send(user, 3)
    expect((await api.get('/notifications/unread-count')).json()).toEqual({ unreadCount: 3 })
    const [newest] = (await api.get('/notifications')).json().notifications as Notification[]

    const first = await api.put(`/notifications/${newest!.notification_id}/read`)
    expect(first.statusCode).toBe(200)
    expect(first.json().message).not.toBe(ALREADY_READ)
    expect((await api.get('/notifications/unread-count')).json()).toEqual({ unreadCount: 2 })
    const after = (await api.get('/notifications')).json().notifications as Notification[]
    expect(after.map((x) => x.is_read)).toEqual([true, false, false])

    const second = await api.put(`/notifications/${newest!.notification_id}/read`)
    expect(second.statusCode).toBe(200)
    expect(second.json().message).toBe('Notification was already marked as read or no update was needed.')
    expect((await api.get('/notifications/unread-count')).json()).toEqual({ unreadCount: 2 })
  })

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const owner = await person()
    const snoop = await person()
    await send(owner.user, 1)
    const [theirs] = (await owner.api.get('/notifications')).json().notifications as Notification[]
    const res = await snoop.api.put(`/notifications/${theirs!.notification_id}/read`)
    expect(res.statusCode).toBe(404)
    expect((await owner.api.get('/notifications/unread-count')).json()).toEqual({ unreadCount: 1 })
  })

  it('answers 404 for an unknown or malformed id', async () => {
    const { api } = await person()
    expect((await api.put('/notifications/999999999/read')).statusCode).toBe(404)
    expect((await api.put('/notifications/abc/read')).statusCode).toBe(404)
    expect((await api.put('/notifications/-1/read')).statusCode).toBe(404)
  })

  it('marks all of the caller’s notifications read, and nobody else’s', async () => {
    const me = await person()
    const other = await person()
    await send(me.user, 4)
    await send(other.user, 2)
    const res = await me.api.put('/notifications/read-all')
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toEqual(expect.any(String))
    expect((await me.api.get('/notifications/unread-count')).json()).toEqual({ unreadCount: 0 })
    const mine = (await me.api.get('/notifications')).json().notifications as Notification[]
    expect(mine.every((x) => x.is_read)).toBe(true)
    expect((await other.api.get('/notifications/unread-count')).json()).toEqual({ unreadCount: 2 })
    // Nothing left to mark: still a success.
    expect((await me.api.put('/notifications/read-all')).statusCode).toBe(200)
  })
})
