import type { Task } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/helpers.ts'
import { category, newTask, type Person, pendingTask, taskTeam } from '../../../test/task-helpers.ts'

let server: TestServer
let admin: Person
let meera: Person
let arjun: Person
let ravi: Person
let kavya: Person
let bystander: Person
/** Titles by number: finished 1..23, deleted 1..21. */
const finished = new Map<number, string>()
const deleted = new Map<number, string>()
let activeId: string

const FINISHED = 23
const DELETED = 21
const pad = (i: number) => String(i).padStart(2, '0')

/** Sets a timestamp column so that the order of the lists is fixed: number i is i days after 2024-01-01. */
async function setTimes(column: 'approved_at' | 'deletion_date', ids: Map<number, string>) {
  for (const [i, id] of ids) {
    await server.deps.database.pool.query(
      `update tasks set ${column} = timestamptz '2024-01-01T10:00:00Z' + make_interval(days => $1) where task_id = $2`,
      [i, id],
    )
  }
}

beforeAll(async () => {
  server = await startTestServer()
  ;({ admin, meera, arjun, ravi, kavya, bystander } = await taskTeam(server, [
    'admin',
    'meera',
    'arjun',
    'ravi',
    'kavya',
    'bystander',
  ]))
  const electrical = await category(server, admin, 'Electrical')

  // Finished i: project 'solar plant' when i % 5 == 0, client 'acme industries' when i % 7 == 0,
  // category Electrical when i % 3 == 0; number 23 went to Ravi instead of Arjun; Kavya is CC on 1.
  for (let i = 1; i <= FINISHED; i++) {
    const task = await pendingTask(meera, i === 23 ? ravi : arjun, {
      title: `Finished ${pad(i)}`,
      ...(i % 5 === 0 ? { project: 'solar plant' } : {}),
      ...(i % 7 === 0 ? { client: 'acme industries' } : {}),
      ...(i % 3 === 0 ? { category: electrical } : {}),
      ...(i === 1 ? { cc: JSON.stringify([kavya.username]) } : {}),
    })
    expect((await meera.api.approve(task.task_id)).statusCode).toBe(200)
    finished.set(i, task.task_id)
  }
  await setTimes('approved_at', finished)

  for (let i = 1; i <= DELETED; i++) {
    const task = await newTask(meera, {
      title: `Deleted ${pad(i)}`,
      assignTo: arjun.username,
      ...(i % 3 === 0 ? { category: electrical } : {}),
      ...(i === 2 ? { client: 'Zenith Works' } : {}),
    })
    expect((await meera.api.remove(task.task_id)).statusCode).toBe(200)
    deleted.set(i, task.task_id)
  }
  await setTimes('deletion_date', deleted)
  activeId = (await newTask(meera, { title: 'Finished-looking but active', assignTo: arjun.username }))
    .task_id
}, 120_000)
afterAll(() => server.close())

async function list(p: Person, kind: 'finished' | 'deleted', query: Record<string, string> = {}) {
  const res = await p.api.get(`/tasks/${kind}?${new URLSearchParams(query)}`)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json() as { tasks: Task[]; totalPages: number; currentPage: number }
  return { ...body, titles: body.tasks.map((t) => t.title) }
}

const titles = (prefix: string, numbers: number[]) => numbers.map((i) => `${prefix} ${pad(i)}`)

describe('GET /tasks/finished', () => {
  it('pages 20 at a time, last finished first by default', async () => {
    const page1 = await list(meera, 'finished')
    expect(page1.totalPages).toBe(2)
    expect(page1.currentPage).toBe(1)
    expect(page1.titles).toEqual(
      titles('Finished', [23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]),
    )
    expect(page1.tasks.every((t) => t.status === 'Completed')).toBe(true)
    const page2 = await list(meera, 'finished', { page: '2' })
    expect(page2).toMatchObject({ totalPages: 2, currentPage: 2 })
    expect(page2.titles).toEqual(titles('Finished', [3, 2, 1]))
    // Past the last page: no row, and still the count (asked alone when no row carries it).
    expect(await list(meera, 'finished', { page: '3' })).toMatchObject({ titles: [], totalPages: 2 })
  })

  it('sorts firstFinished and lastFinished', async () => {
    const first = await list(meera, 'finished', { sortBy: 'firstFinished' })
    expect(first.titles.slice(0, 3)).toEqual(titles('Finished', [1, 2, 3]))
    const last = await list(meera, 'finished', { sortBy: 'lastFinished', page: '2' })
    expect(last.titles).toEqual(titles('Finished', [3, 2, 1]))
  })

  it('refuses a sort the list does not have (400, naming its sorts), as every list does', async () => {
    for (const [kind, sortBy, sorts] of [
      ['finished', 'lastDeleted', 'lastFinished, firstFinished'],
      ['deleted', 'dropped_table', 'lastDeleted, firstDeleted'],
      [
        'export',
        'title',
        'lastFinished, firstFinished, lastDeleted, firstDeleted, deadline, firstAdded, lastAdded',
      ],
    ]) {
      const res = await meera.api.get(`/tasks/${kind}?sortBy=${sortBy}`)
      expect(res.statusCode, `${kind} ${sortBy}`).toBe(400)
      expect(res.json().error).toBe(`Sort by must be one of: ${sorts}.`)
    }
  })

  it('searches title, project, client and chain members, case-insensitively', async () => {
    expect((await list(meera, 'finished', { searchQuery: 'finished 1' })).titles.sort()).toEqual(
      titles('Finished', [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    )
    expect((await list(meera, 'finished', { searchQuery: 'SOLAR' })).titles).toEqual(
      titles('Finished', [20, 15, 10, 5]),
    )
    const acme = await list(meera, 'finished', { searchQuery: 'Acme' })
    expect(acme.titles).toEqual(titles('Finished', [21, 14, 7]))
    expect(acme.tasks[0]!.client).toBe('Acme Industries')
    expect((await list(meera, 'finished', { searchQuery: ravi.username.toUpperCase() })).titles).toEqual(
      titles('Finished', [23]),
    )
    // The search term is text, not a pattern.
    expect((await list(meera, 'finished', { searchQuery: '%' })).titles).toEqual([])
    const none = await list(meera, 'finished', { searchQuery: 'no such words' })
    expect(none).toMatchObject({ titles: [], totalPages: 1 })
  })

  it('filters by category name, alone and with a search', async () => {
    const byCategory = await list(meera, 'finished', { selectedCategory: 'Electrical' })
    expect(byCategory.titles).toEqual(titles('Finished', [21, 18, 15, 12, 9, 6, 3]))
    expect(byCategory.tasks[0]).toMatchObject({ category_name: 'Electrical', category_color: '#1e88e5' })
    expect(
      (await list(meera, 'finished', { selectedCategory: 'electrical', searchQuery: 'acme' })).titles,
    ).toEqual(titles('Finished', [21]))
    expect((await list(meera, 'finished', { selectedCategory: 'Plumbing' })).titles).toEqual([])
  })

  it('shows each user only the tasks they are on', async () => {
    const arjuns = await list(arjun, 'finished')
    expect(arjuns.totalPages).toBe(2)
    expect((await list(arjun, 'finished', { page: '2' })).titles).toEqual(titles('Finished', [2, 1]))
    expect((await list(ravi, 'finished')).titles).toEqual(titles('Finished', [23]))
    expect((await list(kavya, 'finished')).titles).toEqual(titles('Finished', [1]))
    expect(await list(bystander, 'finished')).toMatchObject({ titles: [], totalPages: 1 })
  })

  it('GET /tasks/finished/{id}: a finished task of the caller only', async () => {
    const id = finished.get(1)!
    const res = await kavya.api.get(`/tasks/finished/${id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ task_id: id, status: 'Completed', comments: [] })
    expect((await bystander.api.get(`/tasks/finished/${id}`)).statusCode).toBe(404)
    expect((await meera.api.get(`/tasks/finished/${activeId}`)).statusCode).toBe(404)
    expect((await meera.api.get(`/tasks/finished/${deleted.get(1)}`)).statusCode).toBe(404)
  })
})

describe('GET /tasks/deleted', () => {
  it('pages 20 at a time, last deleted first by default; firstDeleted reverses it', async () => {
    const page1 = await list(meera, 'deleted')
    expect(page1.totalPages).toBe(2)
    expect(page1.titles[0]).toBe('Deleted 21')
    expect(page1.titles).toHaveLength(20)
    expect(page1.tasks.every((t) => t.status === 'Deleted' && t.deletion_date !== null)).toBe(true)
    expect((await list(meera, 'deleted', { page: '2' })).titles).toEqual(['Deleted 01'])
    const oldest = await list(meera, 'deleted', { sortBy: 'firstDeleted' })
    expect(oldest.titles.slice(0, 2)).toEqual(['Deleted 01', 'Deleted 02'])
    expect((await list(meera, 'deleted', { sortBy: 'lastDeleted' })).titles[0]).toBe('Deleted 21')
  })

  it('searches and filters by category', async () => {
    expect((await list(meera, 'deleted', { searchQuery: 'zenith' })).titles).toEqual(['Deleted 02'])
    expect((await list(arjun, 'deleted', { searchQuery: meera.username })).totalPages).toBe(2)
    expect((await list(meera, 'deleted', { selectedCategory: 'ELECTRICAL' })).titles).toEqual(
      titles('Deleted', [21, 18, 15, 12, 9, 6, 3]),
    )
    expect((await list(meera, 'deleted', { searchQuery: 'Finished' })).titles).toEqual([])
  })

  it('GET /tasks/deleted/{id}: a deleted task of the caller only', async () => {
    const id = deleted.get(2)!
    expect((await arjun.api.get(`/tasks/deleted/${id}`)).json()).toMatchObject({
      task_id: id,
      status: 'Deleted',
    })
    expect((await bystander.api.get(`/tasks/deleted/${id}`)).statusCode).toBe(404)
    expect((await meera.api.get(`/tasks/deleted/${finished.get(2)}`)).statusCode).toBe(404)
    expect((await meera.api.get(`/tasks/deleted/${activeId}`)).statusCode).toBe(404)
  })

  it('neither list holds active tasks, and GET /tasks holds no closed ones', async () => {
    const active = await meera.api.activeIds()
    expect(active).toEqual([activeId])
    const all = [
      ...(await list(meera, 'finished')).tasks,
      ...(await list(meera, 'finished', { page: '2' })).tasks,
      ...(await list(meera, 'deleted')).tasks,
      ...(await list(meera, 'deleted', { page: '2' })).tasks,
    ]
    expect(all).toHaveLength(FINISHED + DELETED)
    expect(all.map((t) => t.task_id)).not.toContain(activeId)
  })
})
