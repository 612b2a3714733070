/**
 * The shared register reads (docs/architecture.md, "Registers and the approval queue"), on a small
 * declaration of their own: the access list is a stub, so that a broken filter or page shows here and
 * not only in one register's tests.
 */
import { asc, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectionRegister } from '../src/modules/collections/register.ts'
import { collections } from '../src/modules/collections/schema.ts'
import type { RequestContext } from '../src/platform/context.ts'
import { registerReads } from '../src/platform/register-reads.ts'
import { createOrg, createUser, startTestServer, type TestServer } from './helpers.ts'

const c = collections
let server: TestServer
let admin: RequestContext
let staff: RequestContext
/** Who may see what: the stub access list lets staff see the odd-numbered items only. */
let visibleIds: string[] = []
const visibleCalls: string[] = []

const reads = registerReads({
  register: collectionRegister,
  access: {
    visibleTo(ctx, entityType, idColumn) {
      visibleCalls.push(entityType)
      return ctx.isAdmin ? undefined : inArray(idColumn, visibleIds)
    },
    async assertReadable(_db, ctx, _register, id, message) {
      if (ctx.isAdmin) return 'ADMIN'
      if (!visibleIds.includes(id)) throw Object.assign(new Error(message), { statusCode: 404 })
      return 'READ'
    },
  },
  notFound: 'Item not found.',
  listKey: 'items',
  sorts: {
    name_asc: [sql`lower(${c.name}) asc`, asc(c.collectionId)],
    name_desc: [sql`lower(${c.name}) desc`, asc(c.collectionId)],
  },
  search: [c.name],
  listColumns: { id: c.collectionId, name: c.name },
  toListRow: (r) => r.name,
  exportSheet: {
    fileName: 'items-export',
    sheetName: 'Items',
    columns: [{ header: 'Name', value: (n) => n }],
  },
  toDetail: (r, tail) => ({ name: r.name, ...tail }),
})

beforeAll(async () => {
  server = await startTestServer()
  const org = await createOrg(server)
  const context = (user: { userId: string; username: string }, isAdmin: boolean): RequestContext => ({
    orgId: org.orgId,
    userId: user.userId,
    username: user.username,
    fullName: user.username,
    sessionId: 'test',
    isAdmin,
    isAccountant: false,
  })
  const adminUser = await createUser(server, org.orgId, { isAdmin: true })
  admin = context(adminUser, true)
  staff = context(await createUser(server, org.orgId), false)
  const names = [
    ...Array.from({ length: 45 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`),
    ...['Other A', 'Other B', 'Other C'],
  ]
  const rows = await server.deps.db
    .insert(c)
    .values(names.map((name) => ({ name, orgId: org.orgId, createdBy: adminUser.userId })))
    .returning({ id: c.collectionId, name: c.name })
  visibleIds = rows.filter((r) => /[13579]$/.test(r.name)).map((r) => r.id)
  // Another organisation's record never shows.
  const other = await createOrg(server)
  await server.deps.db.insert(c).values({ name: 'Item 99', orgId: other.orgId })
})
afterAll(() => server.close())

describe('registerReads', () => {
  it('answers page 2 of a search in the chosen sort, with the total of all pages', async () => {
    const page = await reads.list(server.deps, admin, { page: 2, searchQuery: 'item', sortBy: 'name_desc' })
    expect(page).toEqual({
      items: Array.from({ length: 20 }, (_, i) => `Item ${String(25 - i).padStart(2, '0')}`),
      totalPages: 3,
      currentPage: 2,
    })
    const last = await reads.list(server.deps, admin, { page: 3, searchQuery: 'ITEM', sortBy: 'name_asc' })
    expect(last.items).toEqual(['Item 41', 'Item 42', 'Item 43', 'Item 44', 'Item 45'])
    expect(visibleCalls).toContain('COLLECTION')
  })

  it('keeps to what the caller may see, in the page and in the count', async () => {
    const page = await reads.list(server.deps, staff, { page: 2, searchQuery: 'item', sortBy: 'name_asc' })
    expect(page).toEqual({ items: ['Item 41', 'Item 43', 'Item 45'], totalPages: 2, currentPage: 2 })
    // A view whose value is a placeholder: the same shape again is the same statement, run with the new value.
    const named = (prefix: string, sortBy: 'name_asc' | 'name_desc') =>
      reads.list(
        server.deps,
        admin,
        { page: 1, searchQuery: '', sortBy },
        { shape: 'named', where: sql`${c.name} like ${sql.placeholder('prefix')}`, values: { prefix } },
      )
    const filtered = await named('Other%', 'name_asc')
    expect(filtered).toEqual({ items: ['Other A', 'Other B', 'Other C'], totalPages: 1, currentPage: 1 })
    const again = await named('Item 4%', 'name_desc')
    expect(again.items).toEqual(['Item 45', 'Item 44', 'Item 43', 'Item 42', 'Item 41', 'Item 40'])
  })

  it('answers a detail with System Information, the version and the level, or 404', async () => {
    const [id] = visibleIds
    const detail = await reads.detail(server.deps, staff, id!)
    expect(detail).toMatchObject({
      name: 'Item 01',
      version: 1,
      access_level: 'READ',
      updated_by_username: null,
    })
    expect(detail.created_by_username).toMatch(/^user/)
    const [hidden] = await server.deps.db
      .select({ id: c.collectionId })
      .from(c)
      .where(sql`${c.name} = 'Item 02'`)
    await expect(reads.detail(server.deps, staff, hidden!.id)).rejects.toThrow('Item not found.')
  })
})
