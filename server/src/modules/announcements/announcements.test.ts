import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { member, notificationsOf, type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Announcements Org')
  other = await registerOrg(server, 'Other Announcements Org')
})
afterAll(() => server.close())

const api = (token: string) => client(server, token)
const titles = async (token: string, page = 1) =>
  (await api(token).get(`/announcements?page=${page}`))
    .json()
    .announcements.map((a: { title: string }) => a.title)

describe('announcements', () => {
  it('an admin publishes to everyone: each other person is notified, and all see it', async () => {
    const res = await api(org.admin.token).post('/announcements', {
      title: '  Office closed on Friday ',
      content: ' Diwali holiday. ',
      is_public: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().message).toBe('Announcement created and notifications sent.')
    for (const person of [org.staff, org.staff2, org.admin2]) {
      const n = (await notificationsOf(server, person.token)).find((x) => x.type === 'ANNOUNCEMENT')
      expect(n).toMatchObject({ message: 'New announcement: Office closed on Friday' })
      expect(await titles(person.token)).toContain('Office closed on Friday')
    }
    expect((await notificationsOf(server, org.admin.token)).some((x) => x.type === 'ANNOUNCEMENT')).toBe(
      false,
    )
    const row = (await api(org.staff.token).get('/announcements')).json().announcements[0]
    expect(row).toMatchObject({
      title: 'Office closed on Friday',
      content: 'Diwali holiday.',
      is_public: true,
      created_by_fullname: 'Anita Admin',
      visible_to: [],
    })
    expect(await titles(other.staff.token)).toEqual([])
  })

  it('to selected users only: others neither see it nor get told, and opening it answers 404', async () => {
    const res = await api(org.admin.token).post('/announcements', {
      title: 'Appraisal meeting',
      content: 'Bring your targets.',
      is_public: false,
      accessPermissions: [{ user_id: org.staff.userId }],
    })
    const id = res.json().announcement_id
    expect(await titles(org.staff.token)).toContain('Appraisal meeting')
    expect(await titles(org.staff2.token)).not.toContain('Appraisal meeting')
    expect((await api(org.staff2.token).get(`/announcements/${id}`)).statusCode).toBe(404)
    expect((await api(org.staff.token).get(`/announcements/${id}`)).json().title).toBe('Appraisal meeting')
    expect((await notificationsOf(server, org.staff2.token)).map((n) => n.message)).not.toContain(
      'New announcement: Appraisal meeting',
    )
    const adminView = (await api(org.admin2.token).get(`/announcements/${id}`)).json()
    expect(adminView.visible_to).toEqual([
      { user_id: org.staff.userId, full_name: 'Sunil Staff', username: org.staff.username },
    ])
    expect((await api(other.admin.token).get(`/announcements/${id}`)).statusCode).toBe(404)
  })

  it('needs a title and content, and a selected user when not public', async () => {
    for (const body of [{ title: 'T' }, { content: 'C' }, { title: ' ', content: 'C' }]) {
      const res = await api(org.admin.token).post('/announcements', body)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe('Title and content are required.')
    }
    const none = await api(org.admin.token).post('/announcements', {
      title: 'T',
      content: 'C',
      is_public: false,
    })
    expect(errorOf(none)).toBe('Select at least one user to show the announcement to.')
    const foreign = await api(org.admin.token).post('/announcements', {
      title: 'T',
      content: 'C',
      is_public: false,
      accessPermissions: [{ user_id: other.staff.userId }],
    })
    expect(foreign.statusCode).toBe(400)
  })

  it('is for admins to create, edit and delete: staff get 403', async () => {
    expect((await api(org.staff.token).post('/announcements', { title: 'T', content: 'C' })).statusCode).toBe(
      403,
    )
    const id = (await api(org.admin.token).post('/announcements', { title: 'Edit me', content: 'C' })).json()
      .announcement_id
    expect(
      (await api(org.staff.token).put(`/announcements/${id}`, { title: 'X', content: 'Y' })).statusCode,
    ).toBe(403)
    expect((await api(org.staff.token).delete(`/announcements/${id}`)).statusCode).toBe(403)
    expect(
      (await api(other.admin.token).put(`/announcements/${id}`, { title: 'X', content: 'Y' })).statusCode,
    ).toBe(404)
    expect((await api(other.admin.token).delete(`/announcements/${id}`)).statusCode).toBe(404)

    const { version } = (await api(org.admin.token).get(`/announcements/${id}`)).json()
    const edited = await api(org.admin.token).put(
      `/announcements/${id}`,
      { title: 'Edited', content: 'New text', is_public: false },
      { 'if-match': String(version) },
    )
    expect(edited.statusCode).toBe(200)
    const stale = await api(org.admin2.token).put(
      `/announcements/${id}`,
      { title: 'Late', content: 'x' },
      { 'if-match': String(version) },
    )
    expect(stale.statusCode).toBe(412)
    // Visibility is chosen at creation only.
    expect((await api(org.admin.token).get(`/announcements/${id}`)).json()).toMatchObject({
      title: 'Edited',
      is_public: true,
    })

    expect((await api(org.admin.token).delete(`/announcements/${id}`)).statusCode).toBe(200)
    expect((await api(org.staff.token).get(`/announcements/${id}`)).statusCode).toBe(404)
  })

  it('pages newest first, ten a page', async () => {
    const feed = await registerOrg(server, 'Feed Org')
    for (let i = 1; i <= 12; i++)
      await api(feed.admin.token).post('/announcements', {
        title: `Note ${String(i).padStart(2, '0')}`,
        content: 'x',
      })
    const first = (await api(feed.staff.token).get('/announcements')).json()
    expect(first).toMatchObject({ totalPages: 2, currentPage: 1 })
    expect(first.announcements).toHaveLength(10)
    expect(first.announcements[0].title).toBe('Note 12')
    expect(await titles(feed.staff.token, 2)).toEqual(['Note 02', 'Note 01'])
    const newcomer = await member(server, feed.orgId, {})
    expect(await titles(newcomer.token)).toHaveLength(10)
  })
})
