/**
 * Mass-assignment and fuzz sweep (sweep 2). Every route of the authorisation matrix is called
 * as an admin with property-generated bodies and queries — wrong types, NUL and control characters,
 * huge strings, impossible dates, negative and huge numbers, protected fields — and must never answer
 * 5xx. Seeded and bounded, so a failure replays and the suite stays quick.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFixtures, type Fixtures, type RouteRule } from './authz/fixtures.ts'
import { client, startTestServer, type TestServer } from './helpers.ts'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'authz')
const rules: RouteRule[] = []
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.authz.ts')))
  rules.push(...((await import(path.join(dir, file))) as { rules: RouteRule[] }).rules)

const SEED = 20261123
const RUNS = Number(process.env.FUZZ_RUNS ?? 4)

let server: TestServer
let fx: Fixtures

beforeAll(async () => {
  server = await startTestServer()
  fx = await buildFixtures(server)
}, 120_000)
afterAll(() => server.close())

/** Values that have broken servers before. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '2026-02-30',
    '2026-13-01',
    '0000-00-00',
    '9999-99-99',
    "'; drop table users; --",
    '../../etc/passwd',
    '%00',
    '\uD800',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    'null',
    'undefined',
    '   ',
  ),
  fc.constant('x'.repeat(20_000)),
  fc.integer(),
  fc.constantFrom(-1, 0, -1e15, 1e308, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, -0),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
)
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('v'), { maxKeys: 3 }),
  ),
})).v

/** Field names the app uses, protected ones included, so that generated bodies reach real code. */
const fieldName = fc.constantFrom(
  'name',
  'title',
  'content',
  'full_name',
  'client_id',
  'supplier_id',
  'project_id',
  'invoice_no',
  'amount',
  'invoice_date',
  'due_date',
  'bill_date',
  'payment_date',
  'amount_paid_now',
  'line_items',
  'gst_type',
  'status',
  'version',
  'isadmin',
  'is_accountant',
  'is_active',
  'org_id',
  'created_by',
  'entityType',
  'entityId',
  'userId',
  'level',
  'identifier',
  'password',
  'refreshToken',
  'otp',
  'newPassword',
  'option',
  'assignTo',
  'archive',
  'activate',
  'category_name',
  'category_color',
  'comment_text',
  'task_id',
  'accessPermissions',
  'contacts',
  'work_order_details',
  'keywords',
  'is_public',
  'subscription',
  'endpoint',
  'clearance_date',
  'transaction_id',
  'mode',
  'folderName',
  'parentFolderId',
  'rejection_reason',
  'code',
  'challengeToken',
  'require_two_factor',
  'rule',
  'starts_on',
  'deadline_days',
  'assigned_to',
  'cc',
  'catch_up',
)
const body = fc.oneof(fc.dictionary(fieldName, value, { maxKeys: 8 }), value)
const query = fc.dictionary(
  fc.constantFrom(
    'page',
    'searchQuery',
    'sortBy',
    'status',
    'from',
    'to',
    'limit',
    'entityType',
    'entityId',
    'aging',
    'key',
    'q',
    'types',
    'before',
    'userId',
  ),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('-1', '0', '1e309', '2026-02-30', '%00', 'x'.repeat(3000)),
  ),
  { maxKeys: 4 },
)

describe('fuzz: no input answers 5xx', () => {
  for (const rule of rules) {
    const [method] = rule.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE']
    if (rule.route.startsWith('GET /api/files/')) continue
    it(rule.route, async () => {
      await fc.assert(
        fc.asyncProperty(body, query, async (payload, params) => {
          const base = await rule.path(fx)
          const search = new URLSearchParams(params as Record<string, string>).toString()
          const url = method === 'GET' && search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base
          const res = await server.app.inject({
            method,
            url,
            headers: { authorization: `Bearer ${fx.org.admin.token}`, 'content-type': 'application/json' },
            ...(method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
          })
          if (res.statusCode >= 500) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`)
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )
    })
  }
})

describe('mass assignment: protected fields never stick', () => {
  const protectedFields = (f: Fixtures) => ({
    isadmin: true,
    is_accountant: true,
    is_active: false,
    org_id: f.other.orgId,
    created_by: f.other.admin.userId,
    updated_by: f.other.admin.userId,
    status: 'DELETED',
    version: 99,
    client_id: f.ids.clientId,
    user_id: f.other.admin.userId,
  })

  it('a staff member cannot make themself an admin or an accountant through their profile', async () => {
    const api = client(server, fx.org.staff2.token)
    const me = (await api.get('/users/me')).json()
    const body = { full_name: 'Tara Staff', ...protectedFields(fx) }
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${fx.org.staff2.userId}`,
      headers: { authorization: `Bearer ${fx.org.staff2.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
    expect(res.statusCode).toBeLessThan(500)
    const after = (await api.get('/users/me')).json()
    expect(after).toMatchObject({ isadmin: false, is_accountant: false, user_id: me.user_id })
  })

  it('register creates keep their own organisation, author, id and first version', async () => {
    const admin = client(server, fx.org.admin.token)
    for (const [base, data] of [
      ['/clients', { name: 'Mass Co' }],
      ['/suppliers', { name: 'Mass Supplies', product_category: 'Pumps' }],
      ['/technical-info', { title: 'Mass Info', keywords: ['x'] }],
      ['/collections', { name: 'Mass Collection', description: 'x' }],
    ] as const) {
      const res = await admin.post(base, { ...data, ...protectedFields(fx) })
      expect(res.statusCode, `${base} ${res.body}`).toBe(201)
      const id = res.json().entityId
      expect(id).not.toBe(fx.ids.clientId)
      const detail = (await admin.get(`${base}/${id}`)).json()
      expect(detail.version).toBe(1)
      expect(detail.created_by_username).toBe(fx.org.admin.username)
      expect((await client(server, fx.other.admin.token).get(`${base}/${id}`)).statusCode).toBe(404)
    }
  })

  it('a staff create request cannot grant itself or others rights it names outside the access list', async () => {
    const staff = client(server, fx.org.staff.token)
    const res = await staff.post('/clients', { name: 'Queued Co', ...protectedFields(fx) })
    expect(res.statusCode).toBe(202)
    const action = (
      await client(server, fx.org.admin.token).get(`/admin-actions/pending/${res.json().actionId}`)
    ).json()
    expect(JSON.stringify(action)).not.toContain(fx.other.orgId)
  })
})
