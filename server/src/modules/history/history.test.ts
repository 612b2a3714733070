import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type ActivityList, type HistoryEntry, verhoeffDigit } from '@daftar/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { day, paymentBody } from '../../../test/accounts-helpers.ts'
import { buildFixtures, type Fixtures, type Role } from '../../../test/authz/fixtures.ts'
import { client, multipart, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { planChecker } from '../../../test/query-plans.ts'
import { member, PDF_BYTES, sendMultipart } from '../../../test/registers-helpers.ts'
import { CAPTURE_HEADER } from '../../platform/sql-capture.ts'
import { users } from '../users/schema.ts'

/**
 * The History tab of every record and the organisation's activity (docs/decisions.md, "History and
 * activity"): who may read a record's history (exactly who may read the record), what an entry says
 * (field labels, from and to, the requester of an approved change), what it never says (secrets), the
 * pages, and the admins' activity with its filters and CSV.
 */

let server: TestServer
let fx: Fixtures
/** The SQL of a request sent with the capture header (bench/README.md, "the SQL alone"). */
const captured = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-history-')), 'sql.jsonl')
beforeAll(async () => {
  server = await startTestServer({ SQL_CAPTURE_FILE: captured })
  fx = await buildFixtures(server)
}, 120_000)
afterAll(() => server.close())

const as = (role: Exclude<Role, 'anon'>) => client(server, fx.people[role].token)
const admin = () => as('admin')
const history = async (type: string, id: string, query = '') => {
  const res = await admin().get(`/history/${type}/${id}${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as HistoryEntry[]
}

const aadhaar = (first11: string) => first11 + verhoeffDigit(first11)
const people = ['admin', 'accountant', 'write', 'read', 'none', 'foreign'] as const

/** Each kind of record, where its own GET is, and who may read it (admin accountant write read none foreign). */
function records(f: Fixtures) {
  return [
    ['CLIENT', `/clients/${f.ids.clientId}`, f.ids.clientId, '200 404 200 200 404 404'],
    ['PROJECT', `/projects/${f.ids.projectId}`, f.ids.projectId, '200 404 200 200 404 404'],
    ['SUPPLIER', `/suppliers/${f.ids.supplierId}`, f.ids.supplierId, '200 404 200 200 404 404'],
    [
      'TECHNICAL_INFO',
      `/technical-info/${f.ids.technicalInfoId}`,
      f.ids.technicalInfoId,
      '200 404 200 200 404 404',
    ],
    ['ASSET', `/assets/${f.ids.assetId}`, f.ids.assetId, '200 404 200 200 404 404'],
    ['EMPLOYEE', `/employees/${f.ids.employeeId}`, f.ids.employeeId, '200 404 200 200 404 404'],
    ['COLLECTION', `/collections/${f.ids.collectionId}`, f.ids.collectionId, '200 404 200 200 404 404'],
    // Accounts open to everyone (the organisation's default): any member; another organisation, 404.
    ['RECEIVABLE', `/receivables/${f.ids.receivableId}`, f.ids.receivableId, '200 200 200 200 200 404'],
    ['PAYABLE', `/payables/${f.ids.payableId}`, f.ids.payableId, '200 200 200 200 200 404'],
    // Sent by the WRITE staff to the READ staff: its sender, its recipient and admins.
    ['REPORT', `/reports/${f.ids.reportId}`, f.ids.reportId, '200 404 200 200 404 404'],
    // Made by the admin for the WRITE staff: its chain and CC only.
    ['TASK', `/tasks/${f.ids.taskId}`, f.ids.taskId, '200 404 200 404 404 404'],
  ] as const
}

async function statuses(path: string) {
  const out: number[] = []
  for (const role of people) out.push((await as(role).get(path)).statusCode)
  return out.join(' ')
}

describe('who may read a record’s history', () => {
  it('exactly who may read the record, with the same answer as its own GET, for every kind of record', async () => {
    for (const [type, own, id, expected] of records(fx)) {
      const historyPath = `/history/${type}/${id}`
      expect(await statuses(own), `${type} own GET`).toBe(expected)
      expect(await statuses(historyPath), `${type} history`).toBe(expected)
      // The refusal is the record's own: a hidden record's history says what its GET says.
      const [ownNone, historyNone] = await Promise.all([
        as('foreign').get(own),
        as('foreign').get(historyPath),
      ])
      expect(historyNone.json()).toEqual(ownNone.json())
    }
  })

  it('Accounts open to admins and accountants only: staff are refused the history of invoices and bills (403) as the invoice itself', async () => {
    const set = (access: string) =>
      admin().put('/admin/organisation', { name: 'Matrix Org', accounts_access: access })
    expect((await set('ADMINS_AND_ACCOUNTANTS')).statusCode).toBe(200)
    try {
      for (const [type, own, id] of records(fx).filter(([t]) => t === 'RECEIVABLE' || t === 'PAYABLE')) {
        expect(await statuses(own)).toBe('200 200 403 403 403 404')
        expect(await statuses(`/history/${type}/${id}`)).toBe('200 200 403 403 403 404')
      }
    } finally {
      expect((await set('EVERYONE')).statusCode).toBe(200)
    }
  })

  it('signed out: 401; an unknown kind or a malformed id: no record (4xx, never 5xx)', async () => {
    expect((await client(server).get(`/history/CLIENT/${fx.ids.clientId}`)).statusCode).toBe(401)
    expect((await admin().get(`/history/INVOICE/${fx.ids.clientId}`)).statusCode).toBeGreaterThanOrEqual(400)
    expect((await admin().get('/history/CLIENT/not-a-uuid')).statusCode).toBe(404)
    // A record of another kind under this kind's name is not found.
    expect((await admin().get(`/history/PROJECT/${fx.ids.clientId}`)).statusCode).toBe(404)
    expect((await admin().get(`/history/CLIENT/${fx.ids.clientId}?before=x`)).statusCode).toBe(400)
  })
})

describe('what an entry says', () => {
  it('an admin’s edit: field by field, with the register’s labels, from and to', async () => {
    const id = await fx.fresh.client()
    const detail = (await admin().get(`/clients/${id}`)).json()
    const res = await admin().put(`/clients/${id}`, {
      name: 'Kaveri Renamed',
      pan: 'AAPFU0939F',
      contacts: detail.contacts,
    })
    expect(res.statusCode, res.body).toBe(200)
    const [latest] = await history('CLIENT', id)
    expect(latest).toMatchObject({
      action: 'UPDATE',
      summary: 'Updated',
      actor: { user_id: fx.org.admin.userId, full_name: 'Anita Admin' },
      requester: null,
      detailed: true,
    })
    expect(latest!.changes).toEqual([
      { field: 'name', label: 'Client Name', from: detail.name, to: 'Kaveri Renamed' },
      { field: 'pan', label: 'PAN', from: null, to: 'AAPFU0939F' },
    ])
  })

  it('an approved request names the requester and the admin who decided, with what changed', async () => {
    const id = await fx.fresh.client()
    const before = (await admin().get(`/clients/${id}`)).json()
    const asked = await as('write').put(`/clients/${id}`, { name: 'Asked For', contacts: before.contacts })
    expect(asked.statusCode, asked.body).toBe(202)
    // Nothing is applied yet: the record's history has no edit, and shows the request waiting.
    const waiting = await history('CLIENT', id)
    expect(waiting.map((e) => e.action)).not.toContain('APPROVE_UPDATE')
    expect(waiting[0]).toMatchObject({
      action: 'REQUEST_UPDATE',
      summary: 'Requested to update, for approval',
      actor: { user_id: fx.people.write.userId, full_name: 'Sunil Staff' },
      changes: [{ field: 'name', label: 'Client Name', from: before.name, to: 'Asked For' }],
    })
    const approved = await admin().put(`/admin-actions/pending/${asked.json().actionId}/approve`, {})
    expect(approved.statusCode, approved.body).toBe(200)
    const [latest] = await history('CLIENT', id)
    expect(latest).toMatchObject({
      action: 'APPROVE_UPDATE',
      summary: 'Approved a request to update',
      actor: { user_id: fx.org.admin.userId, full_name: 'Anita Admin' },
      requester: { user_id: fx.people.write.userId, full_name: 'Sunil Staff' },
    })
    expect(latest!.changes).toEqual([
      { field: 'name', label: 'Client Name', from: before.name, to: 'Asked For' },
    ])
  })

  it('a rejected request names the requester and the reason', async () => {
    const id = await fx.fresh.client()
    const asked = await as('write').put(`/clients/${id}`, { name: 'Not This' })
    const rejected = await admin().put(`/admin-actions/pending/${asked.json().actionId}/reject`, {
      rejection_reason: 'Wrong name',
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    const [latest] = await history('CLIENT', id)
    expect(latest).toMatchObject({
      action: 'REJECT_UPDATE',
      summary: 'Rejected a request to update',
      requester: { full_name: 'Sunil Staff' },
      changes: [{ field: 'reason', label: 'Reason', from: null, to: 'Wrong name' }],
    })
  })

  it("a record's documents: the file's own name and its size, not the record's labels", async () => {
    const id = await fx.fresh.client()
    const folder = await admin().post('/documents', {
      entityType: 'CLIENT',
      entityId: id,
      folderName: 'Drawings',
    })
    expect(folder.statusCode, folder.body).toBe(201)
    const [added] = await history('CLIENT', id)
    expect(added).toMatchObject({
      summary: 'Folder added',
      changes: [{ label: 'Name', to: 'Drawings' }],
    })
    const upload = await sendMultipart(
      server,
      fx.people.admin.token,
      '/documents/upload',
      { entityType: 'CLIENT', entityId: id },
      { documentFile: { name: 'site-plan.pdf', type: 'application/pdf', data: PDF_BYTES } },
    )
    expect(upload.statusCode, upload.body).toBe(201)
    const [uploaded] = await history('CLIENT', id)
    expect(uploaded).toMatchObject({
      summary: 'Document added',
      changes: [
        { label: 'Name', to: 'site-plan.pdf' },
        { label: 'Size', to: `${PDF_BYTES.length} Bytes` },
      ],
    })
    expect(JSON.stringify([added, uploaded])).not.toContain('Client Name')
  })

  it('access granted, changed and revoked name the person and the level', async () => {
    const id = await fx.fresh.client()
    const entries = await history('CLIENT', id)
    // The fixture granted WRITE to the write staff and READ to the read staff on creation.
    const granted = entries.find(
      (e) => e.action === 'ACCESS_GRANT' && e.changes.some((c) => c.to === 'Sunil Staff'),
    )
    expect(granted).toMatchObject({
      summary: 'Access granted',
      changes: [
        { field: 'user_id', label: 'User', from: null, to: 'Sunil Staff' },
        { field: 'level', label: 'Access Level', from: null, to: 'WRITE' },
      ],
    })
    const list = (await admin().get(`/access?entityType=CLIENT&entityId=${id}`)).json() as {
      access_id: string
      user_id: string
    }[]
    const entry = list.find((a) => a.user_id === fx.people.write.userId)!
    expect((await admin().put(`/access/${entry.access_id}`, { level: 'READ' })).statusCode).toBe(200)
    expect((await admin().delete(`/access/${entry.access_id}`)).statusCode).toBe(200)
    const [revoked, changed] = await history('CLIENT', id)
    expect(changed).toMatchObject({
      summary: 'Access changed',
      changes: [{ label: 'Access Level', from: 'WRITE', to: 'READ' }],
    })
    expect(revoked).toMatchObject({
      summary: 'Access revoked',
      changes: [
        { label: 'User', from: 'Sunil Staff', to: null },
        { label: 'Access Level', from: 'READ', to: null },
      ],
    })
  })

  it('an asset’s Assigned Target by the name of its project or person, not an id', async () => {
    const projectName = ((await admin().get(`/projects/${fx.ids.projectId}`)).json() as { name: string }).name
    const created = await admin().post('/assets', {
      asset_display_id: `AT-${Date.now().toString(36)}`,
      name: 'Survey drone',
      assigned_to_type: 'PROJECT',
      assigned_to_id: fx.ids.projectId,
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().entityId as string
    const detail = (await admin().get(`/assets/${id}`)).json()
    const moved = await admin().put(`/assets/${id}`, {
      asset_display_id: detail.asset_display_id,
      name: detail.name,
      assigned_to_type: 'EMPLOYEE',
      assigned_to_id: fx.people.read.userId,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const [edited, made] = await history('ASSET', id)
    const target = (entry: HistoryEntry | undefined) =>
      entry!.changes.find((c) => c.field === 'assigned_to_id')
    expect(target(made)).toMatchObject({ label: 'Assigned Target', to: projectName })
    expect(target(edited)).toMatchObject({ label: 'Assigned Target', from: projectName, to: 'Tara Staff' })
    expect(JSON.stringify([made, edited])).not.toContain(fx.people.read.userId)
  })

  it('access given with a create (the form’s grants, the requester’s WRITE on approval) is in the History too', async () => {
    const asked = await as('write').post('/clients', {
      name: `Granted ${Date.now()}`,
      accessPermissions: [{ user_id: fx.people.read.userId, level: 'READ' }],
    })
    expect(asked.statusCode, asked.body).toBe(202)
    const approved = await admin().put(`/admin-actions/pending/${asked.json().actionId}/approve`, {})
    expect(approved.statusCode, approved.body).toBe(200)
    const entries = await history('CLIENT', approved.json().entityId)
    const grants = entries
      .filter((e) => e.action === 'ACCESS_GRANT')
      .map((e) => Object.fromEntries(e.changes.map((c) => [c.label, c.to])))
    expect(grants).toEqual(
      expect.arrayContaining([
        { User: 'Tara Staff', 'Access Level': 'READ' },
        { User: 'Sunil Staff', 'Access Level': 'WRITE' },
      ]),
    )
  })

  it('an edited request names the people of its access grants, at any depth of its data', async () => {
    const asked = await as('write').post('/clients', {
      name: `Regranted ${Date.now()}`,
      accessPermissions: [{ user_id: fx.people.read.userId, level: 'WRITE' }],
    })
    expect(asked.statusCode, asked.body).toBe(202)
    const actionId = asked.json().actionId as string
    const edited = await admin().put(`/admin-actions/pending/${actionId}`, {
      proposed_data: { name: `Regranted ${Date.now()}` },
      access_permissions: [{ user_id: fx.people.none.userId, level: 'READ' }],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const activity = (await admin().get('/admin/activity?entityType=CLIENT')).json() as ActivityList
    const edit = activity.events.find((e) => e.action === 'EDIT_PENDING' && e.entity_id === actionId)
    const grantees = edit!.changes.filter((c) => c.field.endsWith('.user_id'))
    expect(grantees).toEqual([expect.objectContaining({ from: 'Tara Staff', to: 'Nisha Nobody' })])
    expect(JSON.stringify(edit)).not.toContain(fx.people.none.userId)
  })

  it('archived and restored, as state changes from and to', async () => {
    const id = await fx.fresh.project()
    expect((await admin().put(`/projects/${id}/archive`, { archive: true })).statusCode).toBe(200)
    expect((await admin().put(`/projects/${id}/archive`, { archive: false })).statusCode).toBe(200)
    const [restored, archived] = await history('PROJECT', id)
    expect(archived).toMatchObject({
      action: 'ARCHIVE',
      summary: 'Archived',
      changes: [{ field: 'is_archived', label: 'Archived', from: 'No', to: 'Yes' }],
    })
    expect(restored).toMatchObject({ action: 'UNARCHIVE', summary: 'Restored' })
  })

  it('an invoice: created, sent, a payment recorded, edited and deleted, with amounts and the status', async () => {
    const id = await fx.fresh.receivable()
    expect((await admin().put(`/receivables/${id}/send`)).statusCode).toBe(200)
    const recorded = await admin().post(`/receivables/${id}/payments`, paymentBody(100))
    expect(recorded.statusCode, recorded.body).toBe(201)
    const paymentId = recorded.json().payment.payment_id
    const edited = await admin().put(`/payments/${paymentId}`, {
      amount: 150,
      payment_date: day(0),
      mode: 'UPI',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await admin().delete(`/payments/${paymentId}`)).statusCode).toBe(200)
    const entries = await history('RECEIVABLE', id)
    expect(entries.map((e) => e.summary)).toEqual([
      'Payment deleted',
      'Payment edited',
      'Payment recorded',
      'Marked as sent',
      'Created',
    ])
    const [deleted, edit, record, sent] = entries
    expect(record!.changes).toEqual(
      expect.arrayContaining([
        { field: 'amount', label: 'Amount', from: null, to: '100.00' },
        { field: 'status', label: 'Status', from: null, to: 'PARTIALLY_PAID' },
      ]),
    )
    expect(edit!.changes).toEqual(
      expect.arrayContaining([
        { field: 'amount', label: 'Amount', from: '100.00', to: '150.00' },
        { field: 'mode', label: 'Mode', from: 'Bank Transfer', to: 'UPI' },
      ]),
    )
    expect(deleted!.changes).toEqual(
      expect.arrayContaining([{ field: 'status', label: 'Status', from: 'PARTIALLY_PAID', to: 'SENT' }]),
    )
    expect(sent!.changes).toEqual([{ field: 'status', label: 'Status', from: 'DRAFT', to: 'SENT' }])
    // No internal row ids in what people read.
    expect(JSON.stringify(entries)).not.toContain(paymentId)
  })

  it('an invoice edit field by field, with the invoice’s own labels', async () => {
    const id = await fx.fresh.receivable()
    const before = (await admin().get(`/receivables/${id}`)).json()
    const res = await admin().put(`/receivables/${id}`, {
      client_id: fx.ids.clientId,
      invoice_no: `${before.invoice_no}-B`,
      invoice_date: before.invoice_date,
      due_date: before.due_date,
      gst_type: before.gst_type,
      line_items: before.line_items,
    })
    expect(res.statusCode, res.body).toBe(200)
    const [edit] = await history('RECEIVABLE', id)
    expect(edit!.changes).toEqual([
      { field: 'number', label: 'Invoice No', from: before.invoice_no, to: `${before.invoice_no}-B` },
    ])
  })

  it('a task: status changes and forwards, its people by their full names as the task shows them', async () => {
    const id = await fx.fresh.task()
    const forwarded = await client(server, fx.people.write.token).put(`/tasks/${id}/forward`, {
      assignTo: fx.people.read.username,
    })
    expect(forwarded.statusCode, forwarded.body).toBe(200)
    const [forward, created] = await history('TASK', id)
    expect(created).toMatchObject({ action: 'TASK_CREATE', summary: 'Created' })
    expect(created!.changes).toContainEqual({
      field: 'chain',
      label: 'Assigned To',
      from: null,
      to: 'Anita Admin, Sunil Staff',
    })
    expect(forward).toMatchObject({
      action: 'TASK_FORWARD',
      summary: 'Forwarded',
      changes: [{ label: 'Forwarded To', to: 'Tara Staff' }],
    })
    // The Activity page and its CSV say the same.
    const activity = (await admin().get('/admin/activity?entityType=TASK')).json() as ActivityList
    expect(activity.events.find((e) => e.id === forward!.id)!.changes).toEqual(forward!.changes)
    const csv = await admin().get('/admin/activity/export?entityType=TASK')
    expect(csv.body).toContain('Forwarded To: — → Tara Staff')
    expect(csv.body).not.toContain(`→ ${fx.people.read.username}`)
  })

  it('a person held by username who is no longer anyone reads as the username; a page asks for its people once', async () => {
    const gone = await member(server, fx.org.orgId, { fullName: 'Gita Gone' })
    const body = multipart({ title: 'Handed around', assignTo: gone.username })
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/tasks',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${fx.org.admin.token}` },
    })
    expect(made.statusCode, made.body).toBe(201)
    const id = made.json().task.task_id as string
    for (const [by, to] of [
      [gone, fx.people.write],
      [fx.people.write, fx.people.read],
    ] as const)
      expect(
        (await client(server, by.token).put(`/tasks/${id}/forward`, { assignTo: to.username })).statusCode,
      ).toBe(200)
    fs.writeFileSync(captured, '')
    const res = await admin().get(`/history/TASK/${id}`, { [CAPTURE_HEADER]: '1' })
    expect(res.statusCode, res.body).toBe(200)
    const [second, first, created] = res.json() as HistoryEntry[]
    expect([second!.changes[0]!.to, first!.changes[0]!.to]).toEqual(['Tara Staff', 'Sunil Staff'])
    expect(created!.changes).toContainEqual({
      field: 'chain',
      label: 'Assigned To',
      from: null,
      to: 'Anita Admin, Gita Gone',
    })
    // The people of every entry in one statement, not one an entry or a name.
    const statements = fs
      .readFileSync(captured, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { text: string })
    expect(statements.filter((s) => /from "users"/.test(s.text))).toHaveLength(1)
    // Gone: the username the trail holds is no one's any more.
    await server.deps.db
      .update(users)
      .set({ username: `${gone.username}-renamed` })
      .where(eq(users.userId, gone.userId))
    const [, , again] = await history('TASK', id)
    expect(again!.changes).toContainEqual({
      field: 'chain',
      label: 'Assigned To',
      from: null,
      to: `Anita Admin, ${gone.username}`,
    })
  })

  it('a recurring task in words: its own events by name and rule sentence, and its tasks without the series id', async () => {
    const made = await admin().post('/recurring-tasks', {
      title: 'Daily meter reading',
      rule: 'FREQ=DAILY',
      starts_on: day(0),
    })
    expect(made.statusCode, made.body).toBe(201)
    const seriesId = made.json().recurring_task.series_id as string
    const edited = await admin().put(`/recurring-tasks/${seriesId}`, {
      title: 'Daily meter reading',
      rule: 'FREQ=WEEKLY;BYDAY=MO',
      starts_on: day(0),
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const res = await admin().get('/admin/activity?entityType=RECURRING_TASK')
    expect(res.statusCode, res.body).toBe(200)
    const [update, create] = (res.json() as ActivityList).events.filter((e) => e.entity_id === seriesId)
    expect(create).toMatchObject({
      summary: 'Recurring task created',
      changes: expect.arrayContaining([{ field: 'rule', label: 'Repeats', from: null, to: 'Every day' }]),
    })
    expect(update).toMatchObject({
      summary: 'Recurring task edited',
      changes: [{ field: 'rule', label: 'Repeats', from: 'Every day', to: 'Weekly on Mon' }],
    })
    // Today's task, made by the series: said so, without an id nobody can read.
    const task = (await admin().get('/admin/activity?entityType=TASK')).json() as ActivityList
    const made1 = task.events.find((e) => e.changes.some((c) => c.to === 'Daily meter reading'))
    expect(made1?.changes).toContainEqual({
      field: 'series_id',
      label: 'From a recurring task',
      from: null,
      to: 'Yes',
    })
    expect(JSON.stringify(made1)).not.toContain(seriesId)
  })

  it('secrets never appear: an employee’s Aadhaar and bank account masked, a login password never', async () => {
    const first = aadhaar('28765432109')
    const second = aadhaar('38765432101')
    const name = `keeper${Date.now()}`
    const created = await admin().post('/employees', {
      full_name: 'Secret Keeper',
      employee_official_id: `EMP-${Date.now()}`,
      aadhar_no: first,
      bank_details: { account_no: '123456789012', ifsc_code: 'SBIN0001234' },
      createUserAccount: true,
      username: name,
      email: `${name}@example.test`,
      mobile: `+9166${String(Date.now()).slice(-8)}`,
      password: 'Sup3rSecretPass',
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().entityId
    const edited = await admin().put(`/employees/${id}`, {
      full_name: 'Secret Keeper',
      employee_official_id: (await admin().get(`/employees/${id}`)).json().employee_official_id,
      aadhar_no: second,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const entries = await history('EMPLOYEE', id)
    const text = JSON.stringify(entries)
    for (const secret of [first, second, '123456789012', 'Sup3rSecretPass', 'password', '$argon'])
      expect(text).not.toContain(secret)
    expect(entries[0]!.changes).toContainEqual({
      field: 'aadhar_no',
      label: 'Aadhaar No.',
      from: `••••••••${first.slice(8)}`,
      to: `••••••••${second.slice(8)}`,
    })
  })

  it('ids of people and records read as their names: a report’s recipients, a project’s client', async () => {
    const report = await history('REPORT', await fx.fresh.report())
    expect(report.at(-1)).toMatchObject({ action: 'REPORT_CREATE', actor: { full_name: 'Sunil Staff' } })
    expect(report.at(-1)!.changes).toContainEqual({
      field: 'recipients',
      label: 'Sent To',
      from: null,
      to: 'Tara Staff',
    })
    const client = (await admin().get(`/clients/${fx.ids.clientId}`)).json()
    const project = await history('PROJECT', await fx.fresh.project())
    expect(project.at(-1)!.changes).toContainEqual({
      field: 'client_id',
      label: 'Client',
      from: null,
      to: client.name,
    })
    expect(JSON.stringify(project)).not.toContain(fx.ids.clientId)
  })

  it('an edit recorded before the trail kept the record’s before reads “changed”, no more', async () => {
    const id = await fx.fresh.client()
    await server.deps.database.pool.query(
      `insert into audit_events (org_id, actor_user_id, action, entity_type, entity_id, after)
       values ($1, $2, 'UPDATE', 'CLIENT', $3, '{"name":"Old Style"}')`,
      [fx.org.orgId, fx.org.admin.userId, id],
    )
    const [old] = await history('CLIENT', id)
    expect(old).toMatchObject({ action: 'UPDATE', summary: 'Updated', detailed: false, changes: [] })
  })
})

describe('pages of a history', () => {
  it('newest first, `limit` a page, the next page after the last entry shown, none repeated or lost', async () => {
    const id = await fx.fresh.client()
    for (let i = 0; i < 5; i++) {
      const res = await admin().put(`/clients/${id}`, { name: `Name ${i}` })
      expect(res.statusCode, res.body).toBe(200)
    }
    const all = await history('CLIENT', id, '?limit=100')
    expect(all.length).toBeGreaterThanOrEqual(8)
    const times = all.map((e) => e.at)
    expect([...times].sort().reverse()).toEqual(times)
    const seen: string[] = []
    let before = ''
    for (;;) {
      const page = await history('CLIENT', id, `?limit=3${before ? `&before=${before}` : ''}`)
      seen.push(...page.map((e) => e.id))
      if (page.length < 3) break
      before = page.at(-1)!.id
    }
    expect(seen).toEqual(all.map((e) => e.id))
    // Another organisation's entry as a cursor reads nothing of this record.
    expect(await history('CLIENT', id, '?before=999999999')).toEqual([])
  })
})

describe('the organisation’s activity (admins)', () => {
  it('lists every kind of record, newest first, with filters by person, kind and days', async () => {
    const res = await admin().get('/admin/activity')
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json() as ActivityList
    expect(page.currentPage).toBe(1)
    expect(page.events.length).toBeGreaterThan(0)
    const types = new Set(page.events.map((e) => e.entity_type))
    expect(types.size).toBeGreaterThan(0)

    const byStaff = (
      await admin().get(`/admin/activity?userId=${fx.people.write.userId}`)
    ).json() as ActivityList
    expect(byStaff.events.length).toBeGreaterThan(0)
    expect(byStaff.events.every((e) => e.actor?.user_id === fx.people.write.userId)).toBe(true)

    const tasks = (await admin().get('/admin/activity?entityType=TASK')).json() as ActivityList
    expect(tasks.events.length).toBeGreaterThan(0)
    expect(tasks.events.every((e) => e.entity_type === 'TASK')).toBe(true)

    const future = (await admin().get('/admin/activity?from=2999-01-01')).json() as ActivityList
    expect(future.events).toEqual([])
    const past = (await admin().get('/admin/activity?to=2000-01-01')).json() as ActivityList
    expect(past.events).toEqual([])
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const recent = (await admin().get(`/admin/activity?from=${yesterday}&to=${tomorrow}`)).json()
    expect(recent.events.length).toBeGreaterThan(0)
    expect(today).toBeTruthy()

    // Another organisation's admin sees none of this organisation's events.
    const theirs = (await as('foreign').get('/admin/activity')).json() as ActivityList
    const ours = new Set(page.events.map((e) => e.id))
    expect(theirs.events.filter((e) => ours.has(e.id))).toEqual([])
    expect((await admin().get('/admin/activity?entityType=NOPE')).statusCode).toBe(400)
  })

  it('staff are refused the activity and its export (403)', async () => {
    for (const role of ['accountant', 'write', 'read', 'none'] as const) {
      expect((await as(role).get('/admin/activity')).statusCode).toBe(403)
      expect((await as(role).get('/admin/activity/export')).statusCode).toBe(403)
    }
  })

  it('exports the filtered activity as CSV, a formula-looking name neutralised', async () => {
    const id = await fx.fresh.client()
    expect((await admin().put(`/clients/${id}`, { name: '=HYPERLINK("x")' })).statusCode).toBe(200)
    const res = await admin().get('/admin/activity/export?entityType=CLIENT')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('When,User,Action,Record Type,Record ID,Requested By,Changes')
    expect(lines.length).toBeGreaterThan(2)
    expect(lines.slice(1).every((l) => l.includes(',CLIENT,'))).toBe(true)
    const edit = lines.find((l) => l.includes(id) && l.includes('Updated'))!
    expect(edit).toContain('Anita Admin')
    expect(edit).toContain(`Client Name: `)
    // The cell starts with the label, so no formula; the name inside is quoted text.
    expect(edit).not.toMatch(/,=/)
  })
})

describe('indexes', () => {
  it('a history page and the activity read audit_events through their indexes, at volume', async () => {
    const pool = server.deps.database.pool
    await pool.query(
      `insert into audit_events (org_id, actor_user_id, action, entity_type, entity_id, after, created_at)
       select $1, $2, 'UPDATE', 'CLIENT', gen_random_uuid()::text, '{"name":"x"}', now() - (g || ' minutes')::interval
       from generate_series(1, 100000) g`,
      [fx.other.orgId, fx.other.admin.userId],
    )
    // And a year of this organisation's own, one event an hour.
    await pool.query(
      `insert into audit_events (org_id, actor_user_id, action, entity_type, entity_id, after, created_at)
       select $1, $2, 'UPDATE', 'CLIENT', gen_random_uuid()::text, '{"name":"x"}', now() - (g || ' hours')::interval
       from generate_series(1, 8000) g`,
      [fx.org.orgId, fx.org.admin.userId],
    )
    await pool.query('vacuum analyze audit_events')
    const indexed = planChecker(server, ['audit_events'], 'audit_events_')
    const api = admin()
    const one = await indexed(api, `/history/CLIENT/${fx.ids.clientId}`)
    expect(one.used).toContain('audit_events_entity_idx')
    const all = await indexed(api, '/admin/activity?page=2')
    expect(all.used).toContain('audit_events_org_time_idx')
    const byPerson = await indexed(api, `/admin/activity?userId=${fx.people.write.userId}`)
    expect(byPerson.used).toContain('audit_events_actor_time_idx')
  }, 120_000)
})
