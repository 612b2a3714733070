import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_MESSAGES } from '../src/platform/idempotency.ts'
import {
  client,
  createOrg,
  createUser,
  errorOf,
  login,
  multipart,
  startTestServer,
  type TestServer,
} from './helpers.ts'

/**
 * Creates marked `idempotent` in the contract answer a repeat of the same request with the same
 * Idempotency-Key with the first answer (platform/idempotency.ts). Concurrent repeats run on
 * PostgreSQL in CI as well, where they truly overlap.
 */
let server: TestServer
let admin: ReturnType<typeof client>
let staff: ReturnType<typeof client>
let staffToken: string
let orgId: string
let sequence = 0
const unique = () => `${Date.now().toString(36)}-${sequence++}`

beforeAll(async () => {
  server = await startTestServer()
  orgId = (await createOrg(server)).orgId
  const a = await createUser(server, orgId, { isAdmin: true })
  const s = await createUser(server, orgId)
  admin = client(server, (await login(server, a.username)).accessToken)
  staffToken = (await login(server, s.username)).accessToken
  staff = client(server, staffToken)
})
afterAll(async () => {
  await server?.close()
})

const keyed = () => ({ 'idempotency-key': `form-${unique()}` })
const count = async (table: string, where: string, value: string) =>
  (
    await server.deps.database.pool.query(`select count(*)::int as n from ${table} where ${where} = $1`, [
      value,
    ])
  ).rows[0].n as number

describe('a repeated create with one Idempotency-Key', () => {
  it("makes one of an admin's clients, five sent at once and one more after, all answered alike", async () => {
    const name = `Once Client ${unique()}`
    const key = keyed()
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin.post('/clients', { name }, key)))
    answers.push(await admin.post('/clients', { name }, key))
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201)
    expect(new Set(answers.map((a) => a.json().entityId)).size).toBe(1)
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5)
    expect(await count('clients', 'name', name)).toBe(1)
  })

  it('makes one task (a multipart create) and one announcement', async () => {
    const title = `Once Task ${unique()}`
    const body = multipart({ title })
    const key = keyed()
    const tasks = await Promise.all(
      [0, 1, 2].map(() =>
        server.app.inject({
          method: 'POST',
          url: '/api/tasks',
          payload: body.payload,
          headers: { ...body.headers, ...key, authorization: `Bearer ${staffToken}` },
        }),
      ),
    )
    for (const task of tasks) expect(task.statusCode, task.body).toBe(201)
    expect(await count('tasks', 'title', title)).toBe(1)

    const headline = `Once Notice ${unique()}`
    const notice = { title: headline, content: 'Office closed on Friday.' }
    const noticeKey = keyed()
    for (const answer of await Promise.all(
      [0, 1, 2].map(() => admin.post('/announcements', notice, noticeKey)),
    ))
      expect(answer.statusCode, answer.body).toBe(201)
    expect(await count('announcements', 'title', headline)).toBe(1)
  })

  it('refuses the key for a different request, and a failed first request gives it back', async () => {
    const key = keyed()
    const first = await admin.post('/clients', { name: `Keyed ${unique()}` }, key)
    expect(first.statusCode).toBe(201)
    const other = await admin.post('/clients', { name: `Another ${unique()}` }, key)
    expect(other.statusCode).toBe(422)
    expect(errorOf(other)).toBe(IDEMPOTENCY_MESSAGES.reused)

    // A project refused by its handler (its client is missing) keeps nothing under its key.
    const retryKey = keyed()
    const refused = await admin.post(
      '/projects',
      { name: `Orphan ${unique()}`, client_id: '00000000-0000-4000-8000-000000000000' },
      retryKey,
    )
    expect(refused.statusCode).toBeGreaterThanOrEqual(400)
    expect(refused.statusCode).toBeLessThan(500)
    const name = `Fixed ${unique()}`
    const fixed = await admin.post('/clients', { name }, retryKey)
    expect(fixed.statusCode, fixed.body).toBe(201)
    expect(await count('clients', 'name', name)).toBe(1)
  })

  it("is one person's: another user's same key and request make their own record", async () => {
    const name = `Shared Key ${unique()}`
    const key = keyed()
    expect((await admin.post('/clients', { name }, key)).statusCode).toBe(201)
    const theirs = await staff.post('/clients', { name }, key)
    // Staff ask for a client through the approval queue: a request of their own, not the admin's answer.
    expect(theirs.statusCode, theirs.body).toBe(202)
    expect(theirs.headers['idempotent-replayed']).toBeUndefined()
  })

  it('takes over a claim whose request never finished (its process stopped)', async () => {
    const key = keyed()
    const me = await admin.get('/users/me')
    await server.deps.database.pool.query(
      `insert into idempotent_requests (user_id, key, request, created_at)
       values ($1, $2, 'POST /api/clients gone', now() - interval '3 minutes')`,
      [me.json().user_id, key['idempotency-key']],
    )
    const name = `Taken Over ${unique()}`
    const answer = await admin.post('/clients', { name }, key)
    expect(answer.statusCode, answer.body).toBe(201)
    expect(await count('clients', 'name', name)).toBe(1)
  })

  it('without a key, two sends make two records', async () => {
    const name = `Twice ${unique()}`
    await admin.post('/clients', { name })
    await admin.post('/clients', { name })
    expect(await count('clients', 'name', name)).toBe(2)
  })
})
