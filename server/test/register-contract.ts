/**
 * What every register must do the same way, as one suite each register's tests call: an admin's
 * change applies at once, a staff change waits for approval, the access list decides who sees and who
 * may ask to change a record, another organisation sees nothing, stale edits answer 412, and documents
 * and access work for the register's entity type.
 */
import {
  assetSorts,
  clientSorts,
  collectionSorts,
  type EntityType,
  employeeSorts,
  projectSorts,
  supplierSorts,
  technicalInfoSorts,
} from '@daftar/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, errorOf, startTestServer, type TestServer } from './helpers.ts'
import { countRows, grant, notificationsOf, type RegisterOrg, registerOrg } from './registers-helpers.ts'

export interface RegisterContract {
  /** 'Supplier', as in 'Supplier creation request submitted for admin approval.' */
  label: string
  entityType: EntityType
  /** '/suppliers' */
  path: string
  table: string
  /** The key of the list answer ('suppliers') and of a row's id ('supplier_id'). */
  listKey: string
  idField: string
  notFound: string
  /** A valid create body; `tag` makes it unique. */
  body(tag: string, setup: Setup): Record<string, unknown>
  /** The field that names the record in lists and details ('name', 'title', 'full_name'). */
  nameField: string
  /** Records this register needs first (a client for projects …), created by an admin. */
  setup?(server: TestServer, org: RegisterOrg): Promise<Record<string, string>>
  /** The list query that shows the record (an old employees list, say); default the register's path. */
  listPath?: string
}
type Setup = Record<string, string>

/** Each register list's sorts, as its domain list query names them. */
const sortsOf: Record<EntityType, readonly string[]> = {
  CLIENT: clientSorts,
  PROJECT: projectSorts,
  SUPPLIER: supplierSorts,
  TECHNICAL_INFO: technicalInfoSorts,
  ASSET: assetSorts,
  EMPLOYEE: employeeSorts,
  COLLECTION: collectionSorts,
}

export function registerContract(contract: RegisterContract) {
  let server: TestServer
  let org: RegisterOrg
  let other: RegisterOrg
  let setup: Setup
  const api = (token: string) => client(server, token)

  async function create(token: string, tag: string, extra: Record<string, unknown> = {}) {
    const res = await api(token).post(contract.path, { ...contract.body(tag, setup), ...extra })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().entityId as string
  }
  const detail = async (token: string, id: string) => api(token).get(`${contract.path}/${id}`)
  const listed = async (token: string) => {
    const res = await api(token).get(`${contract.listPath ?? contract.path}?searchQuery=Contract`)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json()[contract.listKey] as Record<string, unknown>[]).map((r) => r[contract.idField])
  }

  describe(`${contract.label} register: the shared rules`, () => {
    beforeAll(async () => {
      server = await startTestServer()
      org = await registerOrg(server, `${contract.label} Contract Org`)
      other = await registerOrg(server, `Other ${contract.label} Contract Org`)
      setup = (await contract.setup?.(server, org)) ?? {}
    })
    afterAll(() => server.close())

    it('its list and export take each of its sorts, and refuse one it does not have (400, naming them)', async () => {
      const sorts = sortsOf[contract.entityType]
      const lists = [contract.path, `${contract.path}/export`]
      for (const list of lists)
        for (const sortBy of sorts) {
          const res = await api(org.admin.token).get(`${list}?sortBy=${sortBy}`)
          expect(res.statusCode, `${list} ${sortBy}`).toBe(200)
        }
      // The spec's client list sends `sort`: the same choices.
      expect((await api(org.admin.token).get(`${contract.path}?sort=${sorts[1]}`)).statusCode).toBe(200)
      for (const list of lists)
        for (const [query, field] of [
          ['sortBy=dropped_table', 'Sort by'],
          [`sortBy=${sorts[0]!.toUpperCase()}`, 'Sort by'],
          ['sort=newest', 'Sort'],
        ]) {
          const res = await api(org.staff.token).get(`${list}?${query}`)
          expect(res.statusCode, `${list}?${query}`).toBe(400)
          expect(errorOf(res)).toBe(`${field} must be one of: ${sorts.join(', ')}.`)
        }
    })

    it('an admin’s create applies at once', async () => {
      const res = await api(org.admin.token).post(contract.path, contract.body('Contract Admin', setup))
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().message).toBe(`${contract.label} created successfully.`)
      const record = (await detail(org.admin.token, res.json().entityId)).json()
      expect(record).toMatchObject({ [contract.idField]: res.json().entityId, access_level: 'ADMIN' })
      expect(record.created_by_username).toBe(org.admin.username)
    })

    it('a staff create waits for approval, then the requester may write to it', async () => {
      const before = await countRows(server, contract.table, org.orgId)
      const res = await api(org.staff.token).post(contract.path, contract.body('Contract Requested', setup))
      expect(res.statusCode, res.body).toBe(202)
      expect(res.json().message).toBe(`${contract.label} creation request submitted for admin approval.`)
      expect(await countRows(server, contract.table, org.orgId)).toBe(before)
      const pending = (await notificationsOf(server, org.admin.token)).find((n) =>
        n.link?.endsWith(res.json().actionId),
      )
      expect(pending?.type).toBe(`${contract.entityType}_APPROVAL_PENDING`)
      const approved = await api(org.admin.token).put(`/admin-actions/pending/${res.json().actionId}/approve`)
      expect(approved.statusCode, approved.body).toBe(200)
      const record = (await detail(org.staff.token, approved.json().entityId)).json()
      expect(record).toMatchObject({ access_level: 'WRITE', created_by_username: org.staff.username })
      expect(await listed(org.staff.token)).toContain(approved.json().entityId)
    })

    it('without access a record is not found; READ sees it but may not change it; WRITE asks', async () => {
      const id = await create(org.admin.token, 'Contract Shared')
      const blocked = await detail(org.staff2.token, id)
      expect(blocked.statusCode).toBe(404)
      expect(errorOf(blocked)).toBe(contract.notFound)
      expect(await listed(org.staff2.token)).not.toContain(id)
      const edit = { ...contract.body('Contract Shared Edit', setup) }
      expect((await api(org.staff2.token).put(`${contract.path}/${id}`, edit)).statusCode).toBe(404)

      const accessId = await grant(
        server,
        org.admin.token,
        org.staff2.userId,
        contract.entityType,
        id,
        'READ',
      )
      expect((await detail(org.staff2.token, id)).json().access_level).toBe('READ')
      expect(await listed(org.staff2.token)).toContain(id)
      expect((await api(org.staff2.token).put(`${contract.path}/${id}`, edit)).statusCode).toBe(403)

      await api(org.admin.token).put(`/access/${accessId}`, { level: 'WRITE' })
      const asked = await api(org.staff2.token).put(`${contract.path}/${id}`, edit)
      expect(asked.statusCode, asked.body).toBe(202)
      expect(asked.json().message).toBe(`${contract.label} update request submitted for admin approval.`)
      expect((await detail(org.admin.token, id)).json()[contract.nameField]).not.toContain('Edit')
      await api(org.admin.token).put(`/admin-actions/pending/${asked.json().actionId}/approve`)
      const after = (await detail(org.admin.token, id)).json()
      expect(after[contract.nameField]).toContain('Contract Shared Edit')
      expect(after.updated_by_username).toBe(org.staff2.username)
    })

    it('another organisation sees nothing and changes nothing, whatever its role', async () => {
      const id = await create(org.admin.token, 'Contract Private')
      expect((await detail(other.admin.token, id)).statusCode).toBe(404)
      const put = await api(other.admin.token).put(
        `${contract.path}/${id}`,
        contract.body('Contract Theirs', setup),
      )
      expect(put.statusCode).toBe(404)
      expect(await listed(other.admin.token)).not.toContain(id)
      const access = await api(other.admin.token).get(
        `/access?entityType=${contract.entityType}&entityId=${id}`,
      )
      expect(access.statusCode).toBe(404)
      const docs = await api(other.admin.token).get(
        `/documents?entityType=${contract.entityType}&entityId=${id}`,
      )
      expect(docs.statusCode).toBe(404)
    })

    it('an edit made on a stale copy answers 412 and changes nothing', async () => {
      const id = await create(org.admin.token, 'Contract Versioned')
      const { version } = (await detail(org.admin.token, id)).json()
      const first = await api(org.admin.token).put(
        `${contract.path}/${id}`,
        contract.body('Contract Versioned One', setup),
        { 'if-match': String(version) },
      )
      expect(first.statusCode, first.body).toBe(200)
      const stale = await api(org.admin2.token).put(
        `${contract.path}/${id}`,
        contract.body('Contract Versioned Two', setup),
        { 'if-match': String(version) },
      )
      expect(stale.statusCode).toBe(412)
      expect((await detail(org.admin.token, id)).json()[contract.nameField]).toContain('Versioned One')
    })

    it('has documents and an access list: WRITE may add a folder, READ may only look', async () => {
      const id = await create(org.admin.token, 'Contract Documents')
      const accessId = await grant(
        server,
        org.admin.token,
        org.staff.userId,
        contract.entityType,
        id,
        'WRITE',
      )
      const folder = await api(org.staff.token).post('/documents', {
        entityType: contract.entityType,
        entityId: id,
        folderName: 'Agreements',
      })
      expect(folder.statusCode, folder.body).toBe(201)
      await api(org.admin.token).put(`/access/${accessId}`, { level: 'READ' })
      const list = await api(org.staff.token).get(
        `/documents?entityType=${contract.entityType}&entityId=${id}`,
      )
      expect(list.json().map((d: { name: string }) => d.name)).toEqual(['Agreements'])
      const denied = await api(org.staff.token).post('/documents', {
        entityType: contract.entityType,
        entityId: id,
        folderName: 'More',
      })
      expect(denied.statusCode).toBe(403)
      const entries = (
        await api(org.staff.token).get(`/access?entityType=${contract.entityType}&entityId=${id}`)
      ).json()
      expect(entries.map((e: { user_id: string }) => e.user_id)).toEqual([org.staff.userId])
    })
  })
}
