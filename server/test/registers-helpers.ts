import fs from 'node:fs'
import path from 'node:path'
import type { AccessLevel, EntityType } from '@daftar/domain'
import { expect } from 'vitest'
import { client, createOrg, createUser, login, multipart, type TestServer, type TestUser } from './helpers.ts'

/** A user with a fresh access token. */
export interface Member extends TestUser {
  token: string
}

export async function member(
  server: TestServer,
  orgId: string,
  options: Parameters<typeof createUser>[2] = {},
): Promise<Member> {
  const user = await createUser(server, orgId, options)
  return { ...user, token: (await login(server, user.email)).accessToken }
}

/** An organisation with two admins and two staff users, each signed in. */
export async function registerOrg(server: TestServer, name?: string) {
  const org = await createOrg(server, { name })
  const orgId = org.orgId
  return {
    orgId,
    admin: await member(server, orgId, { isAdmin: true, fullName: 'Anita Admin' }),
    admin2: await member(server, orgId, { isAdmin: true, fullName: 'Bharat Admin' }),
    staff: await member(server, orgId, { fullName: 'Sunil Staff' }),
    staff2: await member(server, orgId, { fullName: 'Tara Staff' }),
  }
}
export type RegisterOrg = Awaited<ReturnType<typeof registerOrg>>

/** Creates a client as an admin (applied at once) and returns its id. */
export async function createClient(
  server: TestServer,
  adminToken: string,
  data: Record<string, unknown> = {},
): Promise<string> {
  const res = await client(server, adminToken).post('/clients', { name: 'Acme Industries', ...data })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().entityId
}

export function projectBody(clientId: string, data: Record<string, unknown> = {}) {
  return {
    name: 'Solar Plant',
    client_id: clientId,
    project_type: 'Solar EPC',
    work_order_details: { number: 'WO-1', date: '2024-04-01', total_value: 100000 },
    ...data,
  }
}

/** Creates a project as an admin (applied at once) and returns its id. */
export async function createProject(
  server: TestServer,
  adminToken: string,
  clientId: string,
  data: Record<string, unknown> = {},
): Promise<string> {
  const res = await client(server, adminToken).post('/projects', projectBody(clientId, data))
  expect(res.statusCode, res.body).toBe(201)
  return res.json().entityId
}

/** Grants `level` on a record as an admin and returns the access entry's id. */
export async function grant(
  server: TestServer,
  adminToken: string,
  userId: string,
  entityType: EntityType,
  entityId: string,
  level: AccessLevel = 'READ',
): Promise<string> {
  const api = client(server, adminToken)
  const res = await api.post('/access', { userId, entityType, entityId, level })
  expect(res.statusCode, res.body).toBe(201)
  const list = await api.get(`/access?entityType=${entityType}&entityId=${entityId}`)
  const entry = list.json().find((e: { user_id: string }) => e.user_id === userId)
  return entry.access_id
}

/** The caller's notifications, newest first. */
export async function notificationsOf(
  server: TestServer,
  token: string,
): Promise<{ type: string; message: string; link: string | null; entity_id: string | null }[]> {
  const res = await client(server, token).get('/notifications?limit=50')
  expect(res.statusCode).toBe(200)
  return res.json().notifications
}

/** Every regular file under the storage root (relative paths), sorted. */
export function storedFiles(server: TestServer): string[] {
  const root = server.config.filesDir
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort()
}

export const onDisk = (server: TestServer, key: string) =>
  fs.existsSync(path.join(server.config.filesDir, key))

/** A small but well-formed PDF. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
)

/** Sends a multipart request (POST or PUT) as the holder of `token`. */
export function sendMultipart(
  server: TestServer,
  token: string,
  url: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = {},
  method: 'POST' | 'PUT' = 'POST',
) {
  const body = multipart(fields, files)
  return server.app.inject({
    method,
    url: `/api${url}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  })
}

/** Rows of a table counted straight from the database. */
export async function countRows(server: TestServer, table: string, orgId: string): Promise<number> {
  const { rows } = await server.deps.database.pool.query(
    `select count(*)::int as n from ${table} where org_id = $1`,
    [orgId],
  )
  return rows[0].n
}
