/**
 * Concurrency sweep (docs/architecture.md, "Concurrency"): each guarded state change fired 20 times at
 * once must have exactly one winner. The races only show on a real server, so CI runs this file on PostgreSQL too.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { auditEvents } from '../src/platform/schema.ts'
import { paymentBody } from './accounts-helpers.ts'
import { buildFixtures, type Fixtures } from './authz/fixtures.ts'
import { client, multipart, startTestServer, type TestServer } from './helpers.ts'

let server: TestServer
let fx: Fixtures

beforeAll(async () => {
  server = await startTestServer()
  fx = await buildFixtures(server)
}, 120_000)
afterAll(() => server.close())

const N = 20

/** A 2xx that says `already_processed` is the same admin's repeat of a decision already made: not a win. */
function won(r: { statusCode: number; body: string }) {
  if (r.statusCode < 200 || r.statusCode >= 300) return false
  return !r.body.includes('"already_processed":true')
}

async function twenty(call: (i: number) => Promise<{ statusCode: number; body: string }>) {
  const answers = await Promise.all(Array.from({ length: N }, (_, i) => call(i)))
  const codes = answers.map((r) => r.statusCode)
  return {
    codes,
    wins: answers.filter(won).length,
    errors: codes.filter((c) => c >= 500),
  }
}

describe(`${N} parallel calls, exactly one wins`, () => {
  it('approving one pending action', async () => {
    const id = await fx.fresh.pendingAction()
    const admins = [fx.org.admin.token, fx.org.admin2.token]
    const r = await twenty((i) => client(server, admins[i % 2]).put(`/admin-actions/pending/${id}/approve`))
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })

  it('rejecting and approving one pending action at once', async () => {
    const id = await fx.fresh.pendingAction()
    const admin = client(server, fx.org.admin.token)
    const r = await twenty((i) =>
      i % 2
        ? admin.put(`/admin-actions/pending/${id}/approve`)
        : admin.put(`/admin-actions/pending/${id}/reject`, { rejection_reason: 'No' }),
    )
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })

  it('a staff archive request for one project (one waiting request per record)', async () => {
    const projectId = await fx.fresh.project()
    const staff = client(server, fx.org.staff.token)
    const r = await twenty(() => staff.put(`/projects/${projectId}/archive`, { archive: true }))
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })

  it('edits of one record carrying the same If-Match', async () => {
    const clientId = await fx.fresh.client()
    const admin = client(server, fx.org.admin.token)
    const version = (await admin.get(`/clients/${clientId}`)).json().version
    const r = await twenty((i) =>
      admin.put(`/clients/${clientId}`, { name: `Edit ${i}` }, { 'if-match': String(version) }),
    )
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
    expect(r.codes.filter((c) => c === 412)).toHaveLength(N - 1)
  })

  it('edits of the organisation, its reminder settings, a category and a profile carrying the same If-Match', async () => {
    const admin = client(server, fx.org.admin.token)
    const staff = client(server, fx.org.staff.token)
    const org = (await admin.get('/admin/settings')).json().organisation.version
    const categoryId = await fx.fresh.category()
    const categories = (await admin.get('/categories')).json() as { category_id: string; version: number }[]
    const category = categories.find((c) => c.category_id === categoryId)!.version
    const me = (await staff.get('/users/me')).json()
    const profile = (i: number) => {
      const body = multipart({ full_name: `Racer ${i}` })
      return staff.put(`/users/${me.user_id}`, body.payload, {
        ...body.headers,
        'if-match': String(me.version),
      })
    }
    const reminders = (await admin.get('/admin/payment-reminders')).json()
    const { version: remindersVersion, ...reminderBody } = reminders
    const edits = [
      (i: number) =>
        admin.put('/admin/organisation', { name: `Matrix Org ${i}` }, { 'if-match': String(org) }),
      (i: number) =>
        admin.put(
          '/admin/payment-reminders',
          { ...reminderBody, days: [i + 1] },
          { 'if-match': String(remindersVersion) },
        ),
      (i: number) =>
        admin.put(
          `/categories/${categoryId}`,
          { category_name: `Race ${i}`, category_color: '#1e88e5' },
          { 'if-match': String(category) },
        ),
      profile,
    ]
    for (const edit of edits) {
      const r = await twenty(edit)
      expect(r.errors).toEqual([])
      expect(r.wins).toBe(1)
      expect(r.codes.filter((c) => c === 412)).toHaveLength(N - 1)
    }
  })

  it('approving one submitted task', async () => {
    const taskId = await fx.fresh.task()
    const done = await server.app.inject({
      method: 'PUT',
      url: `/api/tasks/${taskId}/complete`,
      headers: {
        authorization: `Bearer ${fx.org.staff.token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="completionFeedback"\r\n\r\nDone\r\n--x--\r\n',
    })
    expect(done.statusCode, done.body).toBe(200)
    const admin = client(server, fx.org.admin.token)
    const r = await twenty(() => admin.put(`/tasks/${taskId}/approve`, {}))
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })

  it('marking one receivable sent', async () => {
    const id = await fx.fresh.receivable()
    const accountant = client(server, fx.people.accountant.token)
    const r = await twenty(() => accountant.put(`/receivables/${id}/send`))
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })

  it('clearing one billing invoice', async () => {
    const id = await fx.fresh.billingInvoice()
    const admin = client(server, fx.org.admin.token)
    const r = await twenty(() =>
      admin.put(`/billing/invoice/${id}/status`, { status: 'CLEARED', clearance_date: '2024-08-01' }),
    )
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })

  it('paying the whole amount due of one invoice: only one payment is taken', async () => {
    const id = await fx.fresh.receivable()
    const accountant = client(server, fx.people.accountant.token)
    await accountant.put(`/receivables/${id}/send`)
    const due = (await accountant.get(`/receivables/${id}`)).json().amount_due as number
    const r = await twenty(() => accountant.post(`/receivables/${id}/payments`, paymentBody(due)))
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })

  it('closing one report (recipient and admin at once)', async () => {
    const id = await fx.fresh.report()
    const closers = [fx.org.staff2.token, fx.org.admin.token]
    const r = await twenty((i) =>
      client(server, closers[i % 2]).put(`/reports/${id}/status`, { status: 'CLOSED' }),
    )
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })

  it('deleting one announcement', async () => {
    const id = await fx.fresh.announcement()
    const admin = client(server, fx.org.admin.token)
    const r = await twenty(() => admin.delete(`/announcements/${id}`))
    expect(r.errors).toEqual([])
    expect(r.wins).toBe(1)
  })
})

// A second session holds the document's row while its delete is uncommitted: only a real server has
// one (the embedded database is a single session), so this runs in CI's PostgreSQL pass.
describe.runIf(inject('templateDatabaseUrl'))('a rename that meets a delete of the same document', () => {
  it('waits for the delete, then answers that the document is gone and records no rename', async () => {
    const id = await fx.fresh.document()
    const pool = server.database.pool
    const deleting = await pool.connect()
    try {
      await deleting.query('begin')
      await deleting.query('delete from documents where document_id = $1', [id])
      const admin = client(server, fx.org.admin.token)
      const renaming = admin.put(`/documents/${id}`, { newName: 'Renamed while deleted.pdf' })
      // The rename read the row (the delete is not committed) and now waits for its lock.
      await vi.waitFor(
        async () => {
          const { rows } = await pool.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "documents"%'`,
          )
          expect(rows[0].n).toBe(1)
        },
        { timeout: 10_000, interval: 50 },
      )
      await deleting.query('commit')
      const answer = await renaming
      expect(answer.statusCode, answer.body).toBe(404)
      const renames = await server.deps.db
        .select({ after: auditEvents.after })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'DOCUMENT_RENAME'))
      expect(renames.map((r) => (r.after as { name: string }).name)).not.toContain(
        'Renamed while deleted.pdf',
      )
    } finally {
      deleting.release()
    }
  })
})
