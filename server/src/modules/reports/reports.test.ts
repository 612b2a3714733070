import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import {
  createClient,
  createProject,
  type Member,
  member,
  notificationsOf,
  type RegisterOrg,
  registerOrg,
} from '../../../test/registers-helpers.ts'
import { as, expensesBody, inventoryBody, operationsBody, sendReport } from '../../../test/report-helpers.ts'

/** Reports, sent, read, answered, closed and deleted; who may do which. */

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg
let stranger: Member
beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Reports Org')
  other = await registerOrg(server, 'Other Reports Org')
  stranger = await member(server, org.orgId, { fullName: 'Sam Stranger' })
})
afterAll(() => server.close())

const get = (who: Member, url: string) => as(server, who).get(url)
const listIds = async (who: Member, query = '') => {
  const res = await get(who, `/reports${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().reports as { report_id: string }[]).map((r) => r.report_id)
}

describe('sending a report', () => {
  it('stores the operations report without blank rows and tells each recipient, with a push copy', async () => {
    const pushes = async () =>
      (await server.deps.database.pool.query(`select count(*)::int as n from outbox where kind = 'push'`))
        .rows[0].n
    const pushesBefore = await pushes()
    // staff2 has a browser subscribed to push.
    const endpoint = `https://push.example.test/push/${crypto.randomUUID()}`
    await server.deps.database.pool.query(
      `insert into push_subscriptions (org_id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, 'k', 'a')`,
      [org.orgId, org.staff2.userId, endpoint],
    )
    // staff sends to staff2, and to staff2 again: one recipient.
    const id = await sendReport(
      server,
      org.staff,
      operationsBody([org.staff2.userId, org.staff2.userId, org.admin2.userId]),
    )
    const res = await get(org.staff, `/reports/${id}`)
    expect(res.statusCode).toBe(200)
    const r = res.json()
    expect(r).toMatchObject({
      report_id: id,
      report_type: 'OPERATIONS_REPORT',
      status: 'OPEN',
      submitted_by_user_id: org.staff.userId,
      submitted_by_username: org.staff.username,
      submitted_by_fullname: 'Sunil Staff',
      project_id: null,
      project_name: 'Free text plant',
      admin_feedback: null,
      feedback_by_username: null,
      feedback_at: null,
    })
    expect(r.recipients.map((p: { user_id: string }) => p.user_id).sort()).toEqual(
      [org.staff2.userId, org.admin2.userId].sort(),
    )
    expect(r.recipients[0]).toHaveProperty('username')
    expect(r.recipients[0]).toHaveProperty('full_name')
    expect(r.report_data.operators).toHaveLength(1)
    expect(r.report_data.operators[0]).toMatchObject({ name: 'Ramesh', duties: 12 })
    expect(r.report_data.complaints).toHaveLength(1)
    expect(r.report_data.supervisorInspections).toEqual([])
    expect(r.report_data.managerInspections).toEqual([])
    expect(r.report_data.questions).toEqual({
      logbookStatus: 'Yes',
      energyMeterStatus: 'No',
      flowMeterStatus: 'Yes',
    })

    for (const who of [org.staff2, org.admin2]) {
      const n = (await notificationsOf(server, who.token)).filter((x) => x.entity_id === id)
      expect(n).toHaveLength(1)
      expect(n[0]).toMatchObject({ type: 'REPORT_RECEIVED', link: `/reports/view/${id}` })
      expect(n[0]!.message).toContain('Sunil Staff')
    }
    expect((await notificationsOf(server, org.staff.token)).some((x) => x.entity_id === id)).toBe(false)
    // One push job for the notifications of the event, written with them, and one delivery to the browser.
    expect(await pushes()).toBe(pushesBefore + 1)
    const { rows } = await server.deps.database.pool.query(
      `select d.payload from push_deliveries d join push_subscriptions s using (subscription_id) where s.endpoint = $1`,
      [endpoint],
    )
    expect(rows.map((r: { payload: { link: string } }) => r.payload.link)).toEqual([`/reports/view/${id}`])
  })

  it('recomputes every consumable amount and the totals whatever the client sent; drops blank rows, refuses unnamed figures', async () => {
    const id = await sendReport(
      server,
      org.staff,
      expensesBody([org.admin.userId], {
        consumables: [
          {
            date: '2026-11-02',
            itemName: 'Chlorine',
            invoiceNo: '',
            vendor: '',
            rate: 10,
            quantity: 3,
            amount: 999,
          },
          {
            date: '',
            itemName: '',
            invoiceNo: '',
            vendor: 'Only vendor',
            rate: '2.5',
            quantity: '1.07',
            amount: 0,
          },
          { date: '', itemName: '', invoiceNo: 'DC-9', vendor: '', rate: 4, quantity: '', amount: 40 },
          { date: '', itemName: '', invoiceNo: '', vendor: '', rate: '', quantity: '', amount: 0 },
        ],
        otherExpenses: [
          { date: '2026-11-05', particulars: 'Scrap sale', income: 500, expenses: '' },
          { date: '2026-11-06', particulars: 'Diesel', income: '', expenses: '1234.5' },
          { date: '', particulars: '', income: '', expenses: '' },
        ],
      }),
    )
    const data = (await get(org.admin, `/reports/${id}`)).json().report_data
    expect(data.consumables.map((c: { amount: number | null }) => c.amount)).toEqual([30, 2.68, null])
    expect(data.otherExpenses.map((e: { particulars: string }) => e.particulars)).toEqual([
      'Scrap sale',
      'Diesel',
    ])
    expect(data.totals).toEqual({ consumables: 32.68, income: 500, expenses: 1234.5 })
    // Figures in a row without its name are not dropped unseen: the report is refused, saying where.
    const unnamed = await as(server, org.staff).post(
      '/reports',
      expensesBody([org.admin.userId], {
        otherExpenses: [{ date: '2026-11-07', particulars: '', income: 1000, expenses: 1000 }],
      }),
    )
    expect(unnamed.statusCode).toBe(400)
    expect(errorOf(unnamed)).toBe('Income & Other Expenses, row 1: give the particulars, or clear the row.')
  })

  it('drops blank inventory rows and links a project by id, named after the project', async () => {
    const clientId = await createClient(server, org.admin.token, { name: 'Reports Client' })
    const projectId = await createProject(server, org.admin.token, clientId, { name: 'Linked Plant' })
    const id = await sendReport(
      server,
      org.staff,
      inventoryBody([org.staff2.userId], {
        context: { projectName: 'typed name', projectId, clientName: 'Reports Client', projectType: '' },
      }),
    )
    const r = (await get(org.staff2, `/reports/${id}`)).json()
    expect(r.project_id).toBe(projectId)
    expect(r.project_name).toBe('Linked Plant')
    expect(r.report_data.context.projectName).toBe('Linked Plant')
    expect(r.report_data.items).toEqual([
      { itemName: 'Gloves', size: 'L', quantity: 20, units: 'pairs', moc: '', make: '' },
    ])
    const otherProject = await createProject(
      server,
      other.admin.token,
      await createClient(server, other.admin.token, { name: 'Elsewhere' }),
      { name: 'Not ours' },
    )
    const res = await as(server, org.staff).post(
      '/reports',
      inventoryBody([org.staff2.userId], { context: { projectId: otherProject } }),
    )
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('The selected project was not found.')
  })

  it("numbers each organisation's reports in order, 'RPT-0001' on", async () => {
    const displayOf = async (who: Member, id: string) =>
      (await get(who, `/reports/${id}`)).json().report_id_display
    const first = await sendReport(server, other.staff, operationsBody([other.staff2.userId]))
    const second = await sendReport(server, other.staff, operationsBody([other.staff2.userId]))
    const mine = await sendReport(server, org.staff, operationsBody([org.staff2.userId]))
    const [a, b] = [await displayOf(other.staff, first), await displayOf(other.staff, second)]
    expect(a).toMatch(/^RPT-\d{4}$/)
    expect(Number(b.slice(4))).toBe(Number(a.slice(4)) + 1)
    // Another organisation's reports do not take numbers from this one's series.
    expect(await displayOf(org.staff, mine)).toMatch(/^RPT-\d{4}$/)
    const [otherCount] = (
      await server.deps.database.pool.query(`select count(*)::int as n from reports where org_id = $1`, [
        other.orgId,
      ])
    ).rows as { n: number }[]
    expect(Number(b.slice(4))).toBe(otherCount!.n)
  })

  it('refuses what the spec refuses, with its words', async () => {
    const post = (body: object) => as(server, org.staff).post('/reports', body)
    const cases: [object, string][] = [
      [{ ...operationsBody([]) }, 'Please select at least one recipient in the "To" field.'],
      [
        { ...operationsBody([]), to_user_ids: undefined },
        'Please select at least one recipient in the "To" field.',
      ],
      [
        operationsBody([org.staff2.userId], { period: { start: '2026-11-01', end: '' } }),
        'Please select both a start and end date for the report period.',
      ],
      [
        operationsBody([org.staff2.userId], { period: undefined }),
        'Please select both a start and end date for the report period.',
      ],
      [
        expensesBody([org.staff2.userId], { period: { start: '', end: '2026-11-02' } }),
        'Please select both a start and end date for the report period.',
      ],
      [
        operationsBody([org.staff2.userId], { period: { start: '2026-11-02', end: '2026-11-01' } }),
        '"End Date" cannot be before "Start Date".',
      ],
      [
        expensesBody([org.staff2.userId], { period: { start: '2026-11-30', end: '2026-11-01' } }),
        '"End Date" cannot be before "Start Date".',
      ],
      [inventoryBody([org.staff2.userId], { neededBy: '' }), 'Please select the "Inventory Needed By" date.'],
      [{ ...operationsBody([org.staff2.userId]), report_type: 'WEEKLY_REPORT' }, 'Unknown report type.'],
      [operationsBody([other.staff.userId]), 'Recipients must be active users of your organisation.'],
      [operationsBody(['not-a-user']), 'Recipients must be active users of your organisation.'],
    ]
    for (const [body, message] of cases) {
      const res = await post(body)
      expect(res.statusCode, message).toBe(400)
      expect(errorOf(res)).toBe(message)
    }
    // An inactive user is not a recipient either.
    const leaver = await member(server, org.orgId, { fullName: 'Lee Leaver' })
    await server.deps.database.pool.query('update users set is_active = false where user_id = $1', [
      leaver.userId,
    ])
    const res = await post(operationsBody([leaver.userId]))
    expect(errorOf(res)).toBe('Recipients must be active users of your organisation.')
  })

  it('writes the report and its notifications in one transaction', async () => {
    const pool = server.deps.database.pool
    await pool.query(`create or replace function fail_report_notice() returns trigger language plpgsql as $$
      begin if new.type like 'REPORT_%' then raise exception 'notice refused'; end if; return new; end $$`)
    await pool.query(
      'create trigger fail_report_notice before insert on notifications for each row execute function fail_report_notice()',
    )
    const id = await (async () => {
      await pool.query('alter table notifications disable trigger fail_report_notice')
      const reportId = await sendReport(server, org.staff, operationsBody([org.staff2.userId]))
      await pool.query('alter table notifications enable trigger fail_report_notice')
      return reportId
    })()
    const before = (await pool.query('select count(*)::int as n from reports')).rows[0].n
    const created = await as(server, org.staff).post('/reports', operationsBody([org.staff2.userId]))
    expect(created.statusCode).toBe(500)
    expect((await pool.query('select count(*)::int as n from reports')).rows[0].n).toBe(before)
    const feedback = await as(server, org.staff2).put(`/reports/${id}/feedback`, { feedback: 'Noted' })
    expect(feedback.statusCode).toBe(500)
    const closed = await as(server, org.staff2).put(`/reports/${id}/status`, { status: 'CLOSED' })
    expect(closed.statusCode).toBe(500)
    const r = (await get(org.staff2, `/reports/${id}`)).json()
    expect(r).toMatchObject({ admin_feedback: null, status: 'OPEN' })
    await pool.query('drop trigger fail_report_notice on notifications')
  })
})

describe('who sees and does what', () => {
  let id: string
  beforeAll(async () => {
    id = await sendReport(server, org.staff, operationsBody([org.staff2.userId]))
  })

  it('the sender, the recipients and admins see it; anyone else gets 404 and never lists it', async () => {
    for (const who of [org.staff, org.staff2, org.admin, org.admin2]) {
      expect((await get(who, `/reports/${id}`)).statusCode).toBe(200)
      expect(await listIds(who, '?reportType=OPERATIONS_REPORT')).toContain(id)
    }
    for (const who of [stranger, other.admin, other.staff]) {
      const res = await get(who, `/reports/${id}`)
      expect(res.statusCode).toBe(404)
      expect(errorOf(res)).toBe('Report not found.')
      expect(await listIds(who)).not.toContain(id)
    }
    expect((await get(org.admin, '/reports/not-an-id')).statusCode).toBe(404)
  })

  it('feedback: never the sender, nor a stranger; a recipient gives it and an admin edits it', async () => {
    let res = await as(server, org.staff).put(`/reports/${id}/feedback`, { feedback: 'My own' })
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toBe('Only recipients and administrators can give feedback on a report.')
    res = await as(server, stranger).put(`/reports/${id}/feedback`, { feedback: 'Nosy' })
    expect(res.statusCode).toBe(404)
    res = await as(server, other.admin).put(`/reports/${id}/feedback`, { feedback: 'Other org' })
    expect(res.statusCode).toBe(404)
    res = await as(server, org.staff2).put(`/reports/${id}/feedback`, { feedback: '   ' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('Feedback cannot be empty.')

    res = await as(server, org.staff2).put(`/reports/${id}/feedback`, {
      feedback: ' Good work, fix the inlet. ',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('Feedback saved successfully.')
    expect(res.json().report).toMatchObject({
      admin_feedback: 'Good work, fix the inlet.',
      feedback_by_username: org.staff2.username,
      feedback_by_fullname: 'Tara Staff',
    })
    const n = (await notificationsOf(server, org.staff.token)).find(
      (x) => x.entity_id === id && x.type === 'REPORT_FEEDBACK',
    )
    expect(n?.message).toContain('Tara Staff')

    res = await as(server, org.admin).put(`/reports/${id}/feedback`, { feedback: 'Edited by admin' })
    expect(res.statusCode).toBe(200)
    const seen = (await get(org.staff, `/reports/${id}`)).json()
    expect(seen).toMatchObject({
      admin_feedback: 'Edited by admin',
      feedback_by_username: org.admin.username,
    })
    expect(Date.parse(seen.feedback_at)).toBeGreaterThan(Date.now() - 60_000)
    // The list shows the report's row: its sender, recipients and status, not its contents or feedback.
    const listed = (await get(org.staff, '/reports'))
      .json()
      .reports.find((r: { report_id: string }) => r.report_id === id)
    expect(listed).toMatchObject({ report_id: id, status: 'OPEN', submitted_by_username: org.staff.username })
    expect(listed.recipients.length).toBeGreaterThan(0)
    for (const field of [
      'report_data',
      'admin_feedback',
      'feedback_by_username',
      'feedback_by_fullname',
      'feedback_at',
    ])
      expect(listed).not.toHaveProperty(field)
  })

  it('closing: not the sender nor a stranger; a recipient closes it once; the sender is told', async () => {
    let res = await as(server, org.staff).put(`/reports/${id}/status`, { status: 'CLOSED' })
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toBe('Only recipients and administrators can close a report.')
    res = await as(server, stranger).put(`/reports/${id}/status`, { status: 'CLOSED' })
    expect(res.statusCode).toBe(404)
    res = await as(server, org.staff2).put(`/reports/${id}/status`, { status: 'OPEN' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('A report can only be marked as CLOSED.')

    res = await as(server, org.staff2).put(`/reports/${id}/status`, { status: 'CLOSED' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ message: 'Report status updated.', report: { status: 'CLOSED' } })
    const n = (await notificationsOf(server, org.staff.token)).find(
      (x) => x.entity_id === id && x.type === 'REPORT_CLOSED',
    )
    expect(n?.link).toBe(`/reports/view/${id}`)
    res = await as(server, org.admin).put(`/reports/${id}/status`, { status: 'CLOSED' })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toBe('This report is already closed.')
  })

  it('an admin who is not a recipient closes one', async () => {
    const other = await sendReport(server, org.staff, inventoryBody([org.staff2.userId]))
    const res = await as(server, org.admin2).put(`/reports/${other}/status`, { status: 'CLOSED' })
    expect(res.statusCode).toBe(200)
  })

  it('deleting: admins only', async () => {
    const doomed = await sendReport(server, org.staff, inventoryBody([org.staff2.userId]))
    for (const who of [org.staff, org.staff2, stranger]) {
      const res = await as(server, who).delete(`/reports/${doomed}`)
      expect(res.statusCode).toBe(403)
      expect(errorOf(res)).toBe('Only administrators can delete reports.')
    }
    expect((await as(server, other.admin).delete(`/reports/${doomed}`)).statusCode).toBe(404)
    const res = await as(server, org.admin).delete(`/reports/${doomed}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Report deleted successfully.')
    expect((await get(org.admin, `/reports/${doomed}`)).statusCode).toBe(404)
    expect((await as(server, org.admin).delete(`/reports/${doomed}`)).statusCode).toBe(404)
  })

  it('counts the open reports addressed to me', async () => {
    const before = (await get(org.admin2, '/reports/open-count')).json().count
    const one = await sendReport(server, org.staff, inventoryBody([org.admin2.userId]))
    expect((await get(org.admin2, '/reports/open-count')).json().count).toBe(before + 1)
    await as(server, org.admin2).put(`/reports/${one}/status`, { status: 'CLOSED' })
    expect((await get(org.admin2, '/reports/open-count')).json().count).toBe(before)
    expect((await get(stranger, '/reports/open-count')).json().count).toBe(0)
  })
})

describe('the list', () => {
  let lists: RegisterOrg
  const ids: string[] = []
  beforeAll(async () => {
    lists = await registerOrg(server, 'Report Lists Org')
    const pool = server.deps.database.pool
    // 45 reports, one a day from 1 Oct 2026: types in turn; every third closed.
    for (let i = 0; i < 45; i++) {
      const body =
        i % 3 === 0
          ? operationsBody([lists.staff2.userId])
          : i % 3 === 1
            ? inventoryBody([lists.staff2.userId], { context: { projectName: `Pump house ${i}` } })
            : expensesBody([lists.admin2.userId])
      const id = await sendReport(server, i % 5 === 0 ? lists.admin2 : lists.staff, body)
      ids.push(id)
      const day = new Date(Date.UTC(2026, 9, 1 + i, 6, 0, 0))
      await pool.query(`update reports set submitted_at = $2, status = $3 where report_id = $1`, [
        id,
        day,
        i % 3 === 2 ? 'CLOSED' : 'OPEN',
      ])
    }
  })

  it('pages 20 at a time, newest first, without overlap; oldest first reverses it', async () => {
    const first = await get(lists.admin, '/reports')
    expect(first.json()).toMatchObject({ currentPage: 1, totalPages: 3 })
    const pages = [
      await listIds(lists.admin),
      await listIds(lists.admin, '?page=2'),
      await listIds(lists.admin, '?page=3'),
    ]
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5])
    const all = pages.flat()
    expect(new Set(all).size).toBe(45)
    expect(all).toEqual([...ids].reverse())
    const asc = [
      ...(await listIds(lists.admin, '?sortBy=submitted_at_asc')),
      ...(await listIds(lists.admin, '?sortBy=submitted_at_asc&page=2')),
      ...(await listIds(lists.admin, '?sortBy=submitted_at_asc&page=3')),
    ]
    expect(asc).toEqual(ids)
    expect((await get(lists.admin, '/reports?sortBy=newest')).statusCode).toBe(400)
  })

  it('filters by type, status, dates (Indian days) and search; the To date may not precede the From date', async () => {
    const pick = (f: (i: number) => boolean) => ids.filter((_, i) => f(i)).reverse()
    expect(await listIds(lists.admin, '?reportType=INVENTORY_REQUEST')).toEqual(pick((i) => i % 3 === 1))
    expect(await listIds(lists.admin, '?reportType=all&status=CLOSED')).toEqual(pick((i) => i % 3 === 2))
    expect(await listIds(lists.admin, '?reportType=OPERATIONS_REPORT&status=OPEN')).toEqual(
      pick((i) => i % 3 === 0),
    )
    // 1–3 Oct: the first three reports.
    expect(await listIds(lists.admin, '?startDate=2026-10-01&endDate=2026-10-03')).toEqual(pick((i) => i < 3))
    expect(await listIds(lists.admin, '?startDate=2026-11-14')).toEqual(pick((i) => i >= 44))
    expect(await listIds(lists.admin, '?searchQuery=pump%20house%204')).toEqual(
      pick((i) => i === 4 || i === 40 || i === 43),
    )
    expect(await listIds(lists.admin, '?searchQuery=bharat')).toEqual(pick((i) => i % 5 === 0))
    const res = await get(lists.admin, '/reports?startDate=2026-10-05&endDate=2026-10-04')
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe('"To" date cannot be before "From" date.')
    expect((await get(lists.admin, '/reports?reportType=WEEKLY')).statusCode).toBe(400)
  })

  it('a non-admin lists only what they sent or received', async () => {
    const received = await listIds(lists.staff2, '?sortBy=submitted_at_asc&page=1')
    const page2 = await listIds(lists.staff2, '?sortBy=submitted_at_asc&page=2')
    expect([...received, ...page2]).toEqual(ids.filter((_, i) => i % 3 !== 2))
    const sentByAdmin2OrToThem = ids.filter((_, i) => i % 5 === 0 || i % 3 === 2)
    const mine = [
      ...(await listIds(lists.admin2, '?sortBy=submitted_at_asc')),
      ...(await listIds(lists.admin2, '?sortBy=submitted_at_asc&page=2')),
    ]
    // admin2 is an admin: everything. A plain user without reports: nothing.
    expect(mine).toHaveLength(40)
    expect(sentByAdmin2OrToThem.every((id) => ids.includes(id))).toBe(true)
    expect(await listIds(lists.staff)).toHaveLength(20)
    const nobody = await member(server, lists.orgId, { fullName: 'Nina Nobody' })
    const res = await get(nobody, '/reports')
    expect(res.json()).toMatchObject({ reports: [], totalPages: 1, currentPage: 1 })
  })
})
