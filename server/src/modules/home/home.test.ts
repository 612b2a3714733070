import type { Home, HomeItem } from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type AccountsOrg, accountsOrg, as, day, invoiceBody } from '../../../test/accounts-helpers.ts'
import { client, startTestServer, type TestServer } from '../../../test/helpers.ts'
import type { Member } from '../../../test/registers-helpers.ts'
import { operationsBody, sendReport } from '../../../test/report-helpers.ts'
import { taskClient } from '../../../test/task-helpers.ts'

/**
 * GET /api/home for each role (docs/decisions.md, "The home page"): the sections a role may see and
 * only those, their counts and first items, and nothing of another organisation, whose data is
 * seeded the same way beside it.
 */

let server: TestServer
let org: AccountsOrg
let other: AccountsOrg
const seeded: Record<string, Seeded> = {}

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server, 'Home Org')
  other = await accountsOrg(server, 'Other Home Org')
  seeded.org = await seed(org)
  seeded.other = await seed(other)
  await openAccountsTo(org, 'ADMINS_AND_ACCOUNTANTS')
  await openAccountsTo(other, 'EVERYONE')
}, 120_000)
afterAll(() => server.close())

type Seeded = Awaited<ReturnType<typeof seed>>

async function home(who: Member): Promise<Home> {
  const res = await client(server, who.token).get('/home')
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const titles = (section: { items: HomeItem[] } | undefined) => section?.items.map((i) => i.title)

async function openAccountsTo(target: AccountsOrg, access: 'EVERYONE' | 'ADMINS_AND_ACCOUNTANTS') {
  const res = await as(server, target.admin).put('/admin/organisation', {
    name: 'Home Org',
    accounts_access: access,
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** One of everything the home page shows, for the organisation's staff member and its admins. */
async function seed(o: AccountsOrg) {
  const admin = taskClient(server, o.admin.token)
  const task = async (who: typeof admin, fields: Record<string, string>) => {
    const res = await who.create(fields)
    expect(res.statusCode, res.body).toBe(201)
    return res.json().task.task_id as string
  }
  const toStaff = { assignTo: o.staff.username }
  const dueToday = await task(admin, { title: 'Due today', deadline: day(0), ...toStaff })
  const overdue = await task(admin, { title: 'Overdue', deadline: day(-3), ...toStaff })
  await task(admin, { title: 'Overdue longer', deadline: day(-9), ...toStaff })
  await task(admin, { title: 'Later', deadline: day(5), ...toStaff })
  await task(admin, { title: 'No deadline', ...toStaff })
  // Staff is only CC'd here: not theirs to do.
  await task(admin, {
    title: 'CC only',
    deadline: day(0),
    assignTo: o.staff2.username,
    cc: JSON.stringify([o.staff.username]),
  })
  // Staff created it, staff2 finished it: it waits for staff's approval.
  const staffTasks = taskClient(server, o.staff.token)
  const waiting = await task(staffTasks, { title: 'Check my approval', assignTo: o.staff2.username })
  expect(
    (await taskClient(server, o.staff2.token).complete(waiting, { completionFeedback: 'Done' })).statusCode,
  ).toBe(200)

  const request = async (name: string) => {
    const res = await as(server, o.staff).post('/clients', { name })
    expect(res.statusCode, res.body).toBe(202)
    return res.json().actionId as string
  }
  const decide = async (id: string, how: 'approve' | 'reject') =>
    expect((await as(server, o.admin).put(`/admin-actions/pending/${id}/${how}`, {})).statusCode).toBe(200)
  const pending = await request('Pending Co')
  await decide(await request('Approved Co'), 'approve')
  await decide(await request('Rejected Co'), 'reject')
  const old = await request('Old Co')
  await decide(old, 'reject')
  await server.deps.database.pool.query(
    `update pending_actions set processed_at = now() - interval '8 days' where action_id = $1`,
    [old],
  )

  const openReport = await sendReport(server, o.staff2, operationsBody([o.staff.userId]))
  const closed = await sendReport(server, o.staff2, operationsBody([o.staff.userId]))
  expect((await as(server, o.staff).put(`/reports/${closed}/status`, { status: 'CLOSED' })).statusCode).toBe(
    200,
  )

  const announce = async (title: string, data: object) =>
    expect(
      (await as(server, o.admin).post('/announcements', { title, content: 'Read me.', ...data })).statusCode,
    ).toBe(201)
  await announce('All hands', { is_public: true })
  await announce('For Tara only', { is_public: false, accessPermissions: [{ user_id: o.staff2.userId }] })

  const sent = async (path: 'receivables' | 'payables', body: object, action: 'send' | 'receive') => {
    const res = await as(server, o.accountant).post(`/${path}`, body)
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().receivable_id ?? res.json().payable_id
    expect((await as(server, o.accountant).put(`/${path}/${id}/${action}`)).statusCode).toBe(200)
    return id as string
  }
  const late = { invoice_no: `LATE-${o.orgId.slice(0, 6)}`, invoice_date: day(-30), due_date: day(-10) }
  const overdueInvoice = await sent('receivables', invoiceBody(o.clientId, late), 'send')
  await sent('receivables', invoiceBody(o.clientId, { due_date: day(10) }), 'send')
  const supplier = await as(server, o.admin).post('/suppliers', { name: 'Aqua Pumps' })
  const bill = (no: string, due: string) => ({
    supplier_id: supplier.json().entityId,
    vendor_invoice_no: no,
    bill_date: day(-5),
    due_date: due,
    gst_type: 'INTRASTATE',
    line_items: [{ description: 'Pump', qty: 1, unit: 'Nos', rate: 1000, gst_rate: 18 }],
  })
  const soonBill = await sent('payables', bill('VB-SOON', day(3)), 'receive')
  await sent('payables', bill('VB-LATER', day(20)), 'receive')

  const asset = async (name: string, due: string, status = 'In Use') => {
    const res = await as(server, o.admin).post('/assets', {
      asset_display_id: `A-${name}-${o.orgId.slice(0, 4)}`,
      name,
      status,
      next_maintenance_due: due,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().entityId as string
  }
  const assetSoon = await asset('Generator', day(3))
  const assetLate = await asset('Compressor', day(-2))
  await asset('Crane', day(10))
  await asset('Old pump', day(1), 'Retired')
  return {
    dueToday,
    overdue,
    pending,
    openReport,
    overdueInvoice,
    soonBill,
    assetSoon,
    assetLate,
  }
}

describe('GET /api/home for staff', () => {
  it('lists open tasks assigned to them by deadline, and approvals they owe', async () => {
    const body = await home(org.staff)
    expect(body.tasks_due_today).toEqual({
      count: 1,
      items: [
        {
          id: seeded.org!.dueToday,
          title: 'Due today',
          subtitle: 'From Anita Admin',
          url: `/tasks?task=${seeded.org!.dueToday}`,
          date: day(0),
        },
      ],
    })
    // The longest overdue first; a later deadline, none, or a CC are not today's work.
    expect(body.tasks_overdue.count).toBe(2)
    expect(titles(body.tasks_overdue)).toEqual(['Overdue longer', 'Overdue'])
    expect(body.my_approvals).toMatchObject({
      count: 1,
      items: [{ title: 'Check my approval', subtitle: 'Submitted by Tara Staff' }],
    })
  })

  it('shows their requests: pending, and those decided within 7 days with the outcome', async () => {
    const requests = (await home(org.staff)).my_requests!
    expect(requests.count).toBe(3)
    expect(requests.items.map((i) => [i.title, i.status])).toEqual([
      ['Rejected Co', 'REJECTED'],
      ['Approved Co', 'APPROVED'],
      ['Pending Co', 'PENDING'],
    ])
    expect(requests.items[2]!.url).toBe(`/admin/approvals/${seeded.org!.pending}`)
    expect(requests.items[0]!.subtitle).toBe('New client · Rejected')
  })

  it('shows open reports sent to them and the announcements they may read', async () => {
    const body = await home(org.staff)
    expect(body.open_reports.count).toBe(1)
    expect(body.open_reports.items[0]).toMatchObject({
      id: seeded.org!.openReport,
      url: `/reports/view/${seeded.org!.openReport}`,
      subtitle: 'From Tara Staff · Free text plant',
    })
    expect(titles(body.announcements)).toEqual(['All hands'])
    expect(titles((await home(org.staff2)).announcements)).toEqual(['For Tara only', 'All hands'])
  })

  it('leaves out the admin sections, and Accounts while the organisation keeps them to accountants', async () => {
    const body = await home(org.staff)
    for (const key of ['pending_requests', 'assets_due', 'receivables_overdue', 'payables_due_soon'])
      expect(body, key).not.toHaveProperty(key)
  })

  it('shows the Accounts sections to staff once everyone may open Accounts', async () => {
    await openAccountsTo(org, 'EVERYONE')
    try {
      const body = await home(org.staff)
      expect(body.receivables_overdue?.count).toBe(1)
      expect(body.payables_due_soon?.count).toBe(1)
    } finally {
      await openAccountsTo(org, 'ADMINS_AND_ACCOUNTANTS')
    }
  })
})

describe('GET /api/home for an admin', () => {
  it('adds the approval queue and the assets due, and has no requests of their own', async () => {
    const body = await home(org.admin)
    expect(body).not.toHaveProperty('my_requests')
    expect(body.pending_requests).toMatchObject({
      count: 1,
      items: [
        {
          title: 'Pending Co',
          subtitle: 'New client · by Sunil Staff',
          url: `/admin/approvals/${seeded.org!.pending}`,
        },
      ],
    })
    // Overdue first, then due within 7 days; later or retired assets are not due.
    expect(body.assets_due?.items.map((i) => [i.id, i.date])).toEqual([
      [seeded.org!.assetLate, day(-2)],
      [seeded.org!.assetSoon, day(3)],
    ])
    expect(body.assets_due?.items[0]?.url).toBe(`/organization/assets/${seeded.org!.assetLate}`)
    expect(titles(body.announcements)).toEqual(['For Tara only', 'All hands'])
  })

  it('shows money owed and due with the aging strip', async () => {
    const body = await home(org.admin)
    // 2 × 1250 + 18% GST = 2950 for each invoice; the bills are 1000 + 18% = 1180.
    expect(body.receivables_overdue).toEqual({
      count: 1,
      amount: 2950,
      aging: { current: 2950, days_1_30: 2950, days_31_60: 0, days_61_90: 0, days_over_90: 0 },
      items: [
        {
          id: seeded.org!.overdueInvoice,
          title: `LATE-${org.orgId.slice(0, 6)}`,
          subtitle: 'Sunrise Textiles',
          url: `/accounts/receivables?searchQuery=LATE-${org.orgId.slice(0, 6)}`,
          date: day(-10),
          amount: 2950,
        },
      ],
    })
    expect(body.payables_due_soon).toMatchObject({
      count: 1,
      amount: 1180,
      aging: { current: 2360, days_1_30: 0 },
      items: [{ id: seeded.org!.soonBill, title: 'VB-SOON', subtitle: 'Aqua Pumps', date: day(3) }],
    })
  })
})

describe('GET /api/home for an accountant', () => {
  it('shows Accounts whatever the setting, and none of the admin sections', async () => {
    const body = await home(org.accountant)
    expect(body.receivables_overdue?.count).toBe(1)
    expect(body.payables_due_soon?.count).toBe(1)
    expect(body).not.toHaveProperty('pending_requests')
    expect(body).not.toHaveProperty('assets_due')
    expect(body.my_requests).toEqual({ count: 0, items: [] })
  })
})

describe('GET /api/home across organisations', () => {
  it("never shows another organisation's records", async () => {
    const ids = (body: Home) =>
      Object.values(body).flatMap((section) => section?.items.map((i: HomeItem) => i.id) ?? [])
    for (const role of ['admin', 'accountant', 'staff', 'staff2'] as const) {
      const mine = ids(await home(org[role]))
      const theirs = ids(await home(other[role]))
      expect(
        mine.filter((id) => theirs.includes(id)),
        role,
      ).toEqual([])
    }
    const theirs = Object.values(seeded.other!)
    expect(ids(await home(org.admin)).filter((id) => theirs.includes(id))).toEqual([])
    expect(ids(await home(org.staff)).filter((id) => theirs.includes(id))).toEqual([])
  })

  it('refuses a caller without a session', async () => {
    expect((await client(server).get('/home')).statusCode).toBe(401)
  })
})

describe("the task cards' 'View all': the task list's Due filter", () => {
  type Listed = { tasks: { task_id: string; title: string }[] }
  const list = async (who: Member, due: string) => {
    const res = await client(server, who.token).get(`/tasks?due=${due}`)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as Listed).tasks
  }
  const sections = { overdue: 'tasks_overdue', today: 'tasks_due_today' } as const

  beforeAll(async () => {
    // Around staff2: theirs, handed on, waiting for approval, and only CC'd; all past their deadline.
    const admin = taskClient(server, org.admin.token)
    const tara = taskClient(server, org.staff2.token)
    const create = async (who: typeof admin, fields: Record<string, string>) => {
      const res = await who.create(fields)
      expect(res.statusCode, res.body).toBe(201)
      return res.json().task.task_id as string
    }
    await create(admin, { title: 'Late for Tara', deadline: day(-2), assignTo: org.staff2.username })
    const handed = await create(tara, { title: 'Handed on', deadline: day(-4) })
    expect((await tara.forward(handed, org.accountant.username)).statusCode).toBe(200)
    const submitted = await create(admin, {
      title: 'Submitted late',
      deadline: day(-5),
      assignTo: org.staff2.username,
    })
    expect((await tara.complete(submitted)).statusCode).toBe(200)
    await create(admin, {
      title: 'Tara CC only',
      deadline: day(-1),
      assignTo: org.accountant.username,
      cc: JSON.stringify([org.staff2.username]),
    })
  })

  it('lists exactly what each card counts, for everyone of both organisations', async () => {
    for (const o of [org, other])
      for (const role of ['admin', 'accountant', 'staff', 'staff2'] as const)
        for (const [due, key] of Object.entries(sections)) {
          const card = (await home(o[role]))[key]
          const listed = (await list(o[role], due)).map((t) => t.task_id)
          expect(listed.length, `${role} ${due}`).toBe(card.count)
          expect(listed, `${role} ${due}`).toEqual(expect.arrayContaining(card.items.map((i) => i.id)))
        }
  })

  it("shows the caller's own tasks only: not a CC, a task handed on, one waiting for approval, another's", async () => {
    const titlesOf = async (who: Member, due: string) => (await list(who, due)).map((t) => t.title).sort()
    expect(await titlesOf(org.staff2, 'overdue')).toEqual(['Late for Tara'])
    expect(await titlesOf(org.accountant, 'overdue')).toEqual(['Handed on', 'Tara CC only'])
    expect(await titlesOf(org.staff, 'overdue')).toEqual(['Overdue', 'Overdue longer'])
    // Staff is CC'd on staff2's task due today; the admin created both: neither is theirs to do.
    expect(await titlesOf(org.staff, 'today')).toEqual(['Due today'])
    expect(await titlesOf(org.staff2, 'today')).toEqual(['CC only'])
    expect(await titlesOf(org.admin, 'overdue')).toEqual([])
    // Nothing of the other organisation, whose tasks have the same titles.
    const theirs = (await list(other.staff, 'overdue')).map((t) => t.task_id)
    expect(theirs).toHaveLength(2)
    expect((await list(org.staff, 'overdue')).filter((t) => theirs.includes(t.task_id))).toEqual([])
    // Without a filter the list is every active task, as before.
    const all = await client(server, org.staff.token).get('/tasks?due=')
    expect((all.json() as Listed).tasks.length).toBeGreaterThan(3)
  })

  it('exports the filtered list, and refuses an unknown filter or a caller without a session', async () => {
    const res = await client(server, org.staff.token).get('/tasks/export?view=active&due=overdue')
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.body.trimEnd().split('\r\n').slice(1)
    expect(rows.map((r) => r.split(',')[0])).toEqual(['Overdue longer', 'Overdue'])
    expect((await client(server, org.staff.token).get('/tasks?due=late')).statusCode).toBe(400)
    expect((await client(server).get('/tasks?due=overdue')).statusCode).toBe(401)
  })
})

describe('GET /api/home asked again', () => {
  /** Statements the pool runs while `run` does (the home's sections, the session's check if not cached). */
  async function statementsDuring(run: () => Promise<unknown>) {
    const pool = server.deps.database.pool
    const spy = vi.spyOn(pool, 'query')
    try {
      await run()
      return spy.mock.calls.length
    } finally {
      spy.mockRestore()
    }
  }

  it('is given again without reading the sections on the embedded database while nothing changed', async () => {
    const first = await home(org.admin)
    let again: Home | undefined
    const statements = await statementsDuring(async () => {
      again = await home(org.admin)
    })
    expect(again).toEqual(first)
    // Ten statements read an admin's sections; PostgreSQL, which other processes write, reads them each time.
    if (server.deps.database.kind === 'pglite') expect(statements).toBeLessThan(2)
    else expect(statements).toBeGreaterThanOrEqual(8)
  })

  it('shows a change made by anyone at once', async () => {
    const before = await home(org.staff)
    const created = await taskClient(server, org.admin.token).create({
      title: 'Due today too',
      deadline: day(0),
      assignTo: org.staff.username,
    })
    expect(created.statusCode, created.body).toBe(201)
    const after = await home(org.staff)
    expect(after.tasks_due_today.count).toBe(before.tasks_due_today.count + 1)
    expect(titles(after.tasks_due_today)).toContain('Due today too')
    // A change made outside any request (a job, a fix in SQL) counts too.
    await server.deps.database.pool.query(`update tasks set title = 'Renamed in SQL' where task_id = $1`, [
      created.json().task.task_id,
    ])
    expect(titles((await home(org.staff)).tasks_due_today)).toContain('Renamed in SQL')
  })
})
