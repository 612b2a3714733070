import {
  type ClientDetail,
  type ClientList,
  type ClientOption,
  type ClientSort,
  clientDisplayId,
  clientMessages,
} from '@daftar/domain'
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { searchAny } from '../../platform/listing.ts'
import {
  auditOf,
  contactValues,
  creator,
  firstContact,
  lowerSort,
  pageWindow,
  registerPage,
  updater,
} from '../../platform/register-queries.ts'
import { assertReadable, visibleTo } from '../access/service.ts'
import { clientRegister } from './register.ts'
import { clients } from './schema.ts'

const contactName = firstContact(clients.contacts, 'name')

const sorts: Record<ClientSort, SQL[]> = {
  name_asc: [lowerSort(clients.name, 'asc'), asc(clients.clientId)],
  name_desc: [lowerSort(clients.name, 'desc'), asc(clients.clientId)],
  contact_person_asc: [lowerSort(contactName, 'asc', true), asc(clients.clientId)],
  contact_person_desc: [lowerSort(contactName, 'desc', true), asc(clients.clientId)],
  last_updated: [desc(clients.updatedAt), asc(clients.clientId)],
  first_added: [asc(clients.createdAt), asc(clients.clientId)],
}

export async function listClients(
  deps: Deps,
  ctx: RequestContext,
  query: { page: number; searchQuery: string; sortBy: ClientSort },
): Promise<ClientList> {
  const where = and(
    eq(clients.orgId, ctx.orgId),
    visibleTo(ctx, 'CLIENT', clients.clientId),
    searchAny(query.searchQuery, [
      clients.name,
      clients.gstin,
      contactValues(clients.contacts),
      sql`'CL-' || lpad(${clients.displayNumber}::text, 4, '0')`,
    ]),
  )
  const rows = deps.db
    .select({
      clientId: clients.clientId,
      displayNumber: clients.displayNumber,
      name: clients.name,
      gstin: clients.gstin,
      contactName,
      contactPhone: firstContact(clients.contacts, 'phone'),
      contactEmail: firstContact(clients.contacts, 'email'),
      updatedAt: clients.updatedAt,
    })
    .from(clients)
    .where(where)
    .orderBy(...sorts[query.sortBy])
    .limit(pageWindow(query.page).limit)
    .offset(pageWindow(query.page).offset)
  const total = deps.db.select({ n: count() }).from(clients).where(where)
  return registerPage('clients', query.page, [rows, total], (r) => ({
    client_id: r.clientId,
    client_id_display: clientDisplayId(r.displayNumber),
    name: r.name,
    gstin: r.gstin,
    contact_person_name: r.contactName,
    contact_person_phone: r.contactPhone,
    contact_person_email: r.contactEmail,
    updated_at: r.updatedAt.toISOString(),
  }))
}

export async function getClient(deps: Deps, ctx: RequestContext, clientId: string): Promise<ClientDetail> {
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
    ...auditOf(c, row),
    version: c.version,
    access_level: access,
  }
}

/** Every client of the organisation, for pickers (tasks and invoices reference any: docs/product.md, "Who may use what"). */
export async function clientDropdown(deps: Deps, ctx: RequestContext): Promise<ClientOption[]> {
  return deps.db
    .select({ client_id: clients.clientId, name: clients.name, gstin: clients.gstin })
    .from(clients)
    .where(eq(clients.orgId, ctx.orgId))
    .orderBy(sql`lower(${clients.name})`)
}
