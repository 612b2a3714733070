/**
 * The organisation the authorisation matrix runs against: one of every record, the roles of the
 * matrix, and an admin of another organisation (docs/security.md, access control).
 */
import { inArray } from 'drizzle-orm'
import { expect } from 'vitest'
import { organisations } from '../../src/modules/organisations/schema.ts'
import { day, invoiceBody, paymentBody } from '../accounts-helpers.ts'
import { client, login, multipart, type TestServer } from '../helpers.ts'
import { grant, type Member, member, PDF_BYTES, registerOrg } from '../registers-helpers.ts'
import { operationsBody } from '../report-helpers.ts'

export const roles = ['admin', 'accountant', 'write', 'read', 'none', 'anon', 'foreign'] as const
export type Role = (typeof roles)[number]

export async function buildFixtures(server: TestServer) {
  const org = await registerOrg(server, 'Matrix Org')
  const other = await registerOrg(server, 'Foreign Org')
  const accountant = await member(server, org.orgId, { isAccountant: true, fullName: 'Arun Accountant' })
  const none = await member(server, org.orgId, { fullName: 'Nisha Nobody' })
  const people: Record<Exclude<Role, 'anon'>, Member> = {
    admin: org.admin,
    accountant,
    write: org.staff,
    read: org.staff2,
    none,
    foreign: other.admin,
  }
  const admin = client(server, org.admin.token)
  // GSTR-1 is prepared only for an organisation with a GSTIN: both have one.
  await server.deps.db
    .update(organisations)
    .set({ gstin: '27AAACS1234A1Z2' })
    .where(inArray(organisations.orgId, [org.orgId, other.orgId]))
  const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 201) => {
    const r = await res
    expect(r.statusCode, r.body).toBe(status)
    // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read by field name
    return r.json() as any
  }
  let seq = 0
  const tag = () => `M${Date.now().toString(36)}${seq++}`

  /** A register record made by the admin, WRITE for `write`, READ for `read`. */
  const record = async (path: string, entityType: Parameters<typeof grant>[3], body: object) => {
    const id = (await ok(admin.post(path, body))).entityId as string
    await grant(server, org.admin.token, org.staff.userId, entityType, id, 'WRITE')
    await grant(server, org.admin.token, org.staff2.userId, entityType, id, 'READ')
    return id
  }
  const newClient = () => record('/clients', 'CLIENT', { name: tag() })
  const clientId = await newClient()
  const newProject = async () =>
    record('/projects', 'PROJECT', {
      name: tag(),
      client_id: clientId,
      project_type: 'Solar EPC',
      work_order_details: { number: 'WO-1', date: '2024-04-01', total_value: 100000 },
    })
  const projectId = await newProject()
  const supplierId = await record('/suppliers', 'SUPPLIER', { name: tag(), product_category: 'Pumps' })
  const technicalInfoId = await record('/technical-info', 'TECHNICAL_INFO', {
    title: tag(),
    keywords: ['ph'],
  })
  const assetId = await record('/assets', 'ASSET', { asset_display_id: tag(), name: 'Pump' })
  const employeeId = await record('/employees', 'EMPLOYEE', {
    full_name: 'Esha',
    employee_official_id: tag(),
  })
  const collectionId = await record('/collections', 'COLLECTION', { name: tag(), description: 'Forms' })
  const accessId = await grant(server, org.admin.token, none.userId, 'SUPPLIER', supplierId, 'READ')
  await admin.delete(`/access/${accessId}`)
  // A fresh client's entry for the nobody staff, so that changing it touches no other role's rights.
  const newAccess = async () =>
    grant(server, org.admin.token, none.userId, 'CLIENT', await newClient(), 'READ')

  const upload = async () => {
    const body = multipart(
      { entityType: 'CLIENT', entityId: clientId },
      { documentFile: { name: 'a.pdf', type: 'application/pdf', data: PDF_BYTES } },
    )
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${org.admin.token}` },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().document_id as string
  }
  const documentId = await upload()

  const newBillingInvoice = async () => {
    const body = multipart(
      { invoice_no: tag(), title: 'Stage', amount: '1000', invoice_date: '2024-07-01' },
      { invoice_pdf: { name: 'b.pdf', type: 'application/pdf', data: PDF_BYTES } },
    )
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/billing/project/${projectId}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${org.admin.token}` },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().invoice_id as string
  }
  const billingInvoiceId = await newBillingInvoice()

  const newReceivable = async () =>
    (await ok(admin.post('/receivables', invoiceBody(clientId)))).receivable_id as string
  const receivableId = await newReceivable()
  await ok(admin.put(`/receivables/${receivableId}/send`), 200)
  const newPayment = async () =>
    (await ok(admin.post(`/receivables/${receivableId}/payments`, paymentBody(1)))).payment
      .payment_id as string
  const paymentId = await newPayment()
  const newPayable = async () =>
    (
      await ok(
        admin.post('/payables', {
          supplier_id: supplierId,
          vendor_invoice_no: tag(),
          bill_date: day(-5),
          due_date: day(25),
          gst_type: 'INTERSTATE',
          line_items: [
            { description: 'Pump', sac_code: '8413', qty: 1, unit: 'Nos', rate: 100, gst_rate: 18 },
          ],
        }),
      )
    ).payable_id as string
  const payableId = await newPayable()

  /** A report the WRITE staff sent to the READ staff: its sender, its recipient and admins see it. */
  const newReport = async () =>
    (await ok(client(server, org.staff.token).post('/reports', operationsBody([org.staff2.userId]))))
      .report_id as string
  const reportId = await newReport()

  const newAnnouncement = async () =>
    (await ok(admin.post('/announcements', { title: tag(), content: 'Hello', is_public: true })))
      .announcement_id as string
  const announcementId = await newAnnouncement()
  const newCategory = async () =>
    (await ok(admin.post('/categories', { category_name: tag(), category_color: '#1e88e5' }))).category
      .category_id as string
  const categoryId = await newCategory()

  const newTask = async () => {
    const body = multipart({ title: tag(), assignTo: org.staff.username })
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/tasks',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${org.admin.token}` },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().task.task_id as string
  }
  const taskId = await newTask()
  /** A recurring task of the admin's, assigned to the write staff, starting next year (no task yet). */
  const newSeries = async () =>
    (await ok(admin.post('/recurring-tasks', seriesBody(org.staff.userId)))).recurring_task
      .series_id as string
  const seriesId = await newSeries()

  /** A staff (WRITE) request waiting in the queue. */
  const newPendingAction = async () =>
    (await ok(client(server, org.staff.token).put(`/clients/${clientId}`, { name: tag() }), 202))
      .actionId as string
  const pendingActionId = await newPendingAction()
  const [notification] = (await admin.get('/notifications?limit=1')).json().notifications
  const adminNotificationId = notification?.notification_id as string

  // A second session of the admin, so that logout in the matrix does not end the one it uses.
  const spareToken = async (who: Member) => (await login(server, who.email)).accessToken
  /** The id of a new session of `who`, for the routes that end one. */
  const spareSession = async (who: Member) => {
    const sessions = await client(server, await spareToken(who)).get('/auth/sessions')
    return (sessions.json() as { session_id: string; current: boolean }[]).find((s) => s.current)!.session_id
  }
  /** The id of a new passkey of `who` (a row as registration keeps it), for the route that removes one. */
  const sparePasskey = async (who: Member) => {
    const { rows } = await server.deps.database.pool.query(
      `insert into passkeys (user_id, org_id, credential_id, public_key, rp_id, name)
       values ($1, $2, gen_random_uuid()::text, 'key', 'localhost', 'Spare') returning passkey_id`,
      [who.userId, org.orgId],
    )
    return rows[0].passkey_id as string
  }

  return {
    org,
    other,
    people,
    spareToken,
    spareSession,
    sparePasskey,
    ids: {
      clientId,
      projectId,
      supplierId,
      technicalInfoId,
      assetId,
      employeeId,
      collectionId,
      documentId,
      billingInvoiceId,
      receivableId,
      paymentId,
      payableId,
      announcementId,
      reportId,
      categoryId,
      taskId,
      seriesId,
      pendingActionId,
      adminNotificationId,
    },
    fresh: {
      client: newClient,
      project: newProject,
      access: newAccess,
      document: upload,
      billingInvoice: newBillingInvoice,
      receivable: newReceivable,
      payment: newPayment,
      payable: newPayable,
      announcement: newAnnouncement,
      report: newReport,
      category: newCategory,
      task: newTask,
      series: newSeries,
      pendingAction: newPendingAction,
    },
  }
}
export const seriesBody = (assignee: string) => ({
  title: 'Monthly filing',
  rule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
  starts_on: `${new Date().getUTCFullYear() + 1}-01-31`,
  assigned_to: [assignee],
})

export type Fixtures = Awaited<ReturnType<typeof buildFixtures>>

/**
 * What a role may do on a route:
 * - `ok`: gets past authorisation (a read answers 2xx; a write anything but 401, 403, 404 or 5xx —
 *   the matrix sends no valid body, so 400/409/412/422 are allowed answers);
 * - `no`: refused: never a 2xx, never a 5xx;
 * - `hidden`: 404, as if the record did not exist;
 * - `forbidden`: 403;
 * - `unauth`: 401.
 */
export type Outcome = 'ok' | 'no' | 'hidden' | 'forbidden' | 'unauth'

export interface RouteRule {
  /** 'GET /api/clients/:id', as Fastify registers it. */
  route: string
  /** A second declaration of a route that answers otherwise by its query ('format=xlsx'), named. */
  variant?: string
  /** The concrete path for this role (fresh records for routes that destroy them). */
  path(f: Fixtures): string | Promise<string>
  /** Outcomes for admin, accountant, write, read, none, anon and foreign, in that order. */
  expect: string
  /** A body to send (else none for GET/DELETE, `{}` for others). */
  body?: unknown | ((f: Fixtures) => unknown)
  /** Accounts routes: the outcomes when the organisation opens Accounts to admins and accountants only. */
  restricted?: string
}

/** 'ok ok no no no unauth hidden' → outcome per role. */
export function outcomes(rule: RouteRule): Record<Role, Outcome> {
  const parts = rule.expect.trim().split(/\s+/)
  if (parts.length !== roles.length) throw new Error(`${rule.route}: expected ${roles.length} outcomes`)
  return Object.fromEntries(roles.map((r, i) => [r, parts[i] as Outcome])) as Record<Role, Outcome>
}
