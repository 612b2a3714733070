import { type ClientSort, clientDisplayId, clientMessages, REGISTER_PAGE_SIZE } from '@daftar/domain'
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { searchAny } from '../../platform/listing.ts'
import { totalPages } from '../../platform/pagination.ts'
import { assertReadable, visibleTo } from '../access/service.ts'
import { users } from '../users/schema.ts'
import { clientRegister } from './register.ts'
import { clients } from './schema.ts'

const firstContact = (field: 'name' | 'phone' | 'email') =>
  sql<string | null>`${clients.contacts}->0->>${field}`

const sorts: Record<ClientSort, SQL[]> = {
  name_asc: [sql`lower(${clients.name}) asc`, asc(clients.clientId)],
  name_desc: [sql`lower(${clients.name}) desc`, asc(clients.clientId)],
  contact_person_asc: [sql`lower(${firstContact('name')}) asc nulls last`, asc(clients.clientId)],
  contact_person_desc: [sql`lower(${firstContact('name')}) desc nulls last`, asc(clients.clientId)],
  last_updated: [desc(clients.updatedAt), asc(clients.clientId)],
  first_added: [asc(clients.createdAt), asc(clients.clientId)],
}

export async function listClients(
  deps: Deps,
  ctx: RequestContext,
  query: { page: number; searchQuery: string; sortBy: ClientSort },
) {
  const where = and(
    eq(clients.orgId, ctx.orgId),
    visibleTo(ctx, 'CLIENT', clients.clientId),
    searchAny(query.searchQuery, [
      clients.name,
      clients.gstin,
      // The contacts' values only: the stored rows' keys ("name", "email") must not match every client.
      sql`jsonb_path_query_array(${clients.contacts}, '$[*].*')::text`,
      sql`'CL-' || lpad(${clients.displayNumber}::text, 4, '0')`,
    ]),
  )
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        clientId: clients.clientId,
        displayNumber: clients.displayNumber,
        name: clients.name,
        gstin: clients.gstin,
        contactName: firstContact('name'),
        contactPhone: firstContact('phone'),
        contactEmail: firstContact('email'),
        updatedAt: clients.updatedAt,
      })
      .from(clients)
      .where(where)
      .orderBy(...sorts[query.sortBy])
      .limit(REGISTER_PAGE_SIZE)
      .offset((query.page - 1) * REGISTER_PAGE_SIZE),
    deps.db.select({ n: count() }).from(clients).where(where),
  ])
  return {
    clients: rows.map((r) => ({
      client_id: r.clientId,
      client_id_display: clientDisplayId(r.displayNumber),
      name: r.name,
      gstin: r.gstin,
      contact_person_name: r.contactName,
      contact_person_phone: r.contactPhone,
      contact_person_email: r.contactEmail,
      updated_at: r.updatedAt.toISOString(),
    })),
    totalPages: totalPages(total?.n ?? 0),
    currentPage: query.page,
  }
}

const creator = alias(users, 'creator')
const updater = alias(users, 'updater')

export async function getClient(deps: Deps, ctx: RequestContext, clientId: string) {
  const access = await assertReadable(deps.db, ctx, clientRegister, clientId, clientMessages.notFound)
  const [row] = await deps.db
    .select({ c: clients, createdBy: creator.username, updatedBy: updater.username })
    .from(clients)
    .leftJoin(creator, eq(creator.userId, clients.createdBy))
    .leftJoin(updater, eq(updater.userId, clients.updatedBy))
    .where(and(eq(clients.clientId, clientId), eq(clients.orgId, ctx.orgId)))
  if (!row) throw notFound(clientMessages.notFound)
  const c = row.c
  return {
    client_id: c.clientId,
    client_id_display: clientDisplayId(c.displayNumber),
    name: c.name,
    office_address: c.officeAddress,
    gstin: c.gstin,
    pan: c.pan,
    contacts: c.contacts,
    notes: c.notes,
    created_by_username: row.createdBy,
    created_at: c.createdAt.toISOString(),
    updated_by_username: row.updatedBy,
    updated_at: c.updatedAt.toISOString(),
    version: c.version,
    access_level: access,
  }
}

/** Every client of the organisation, for pickers (DESIGN §5: tasks and invoices reference any). */
export async function clientDropdown(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select({ client_id: clients.clientId, name: clients.name, gstin: clients.gstin })
    .from(clients)
    .where(eq(clients.orgId, ctx.orgId))
    .orderBy(sql`lower(${clients.name})`)
  return rows
}
