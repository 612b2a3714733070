import { type ClientData, clientData, clientDisplayId } from '@daftar/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import { nextNumber } from '../../platform/counters.ts'
import { type RegisterDefinition, versionIs } from '../../platform/registers.ts'
import { clients } from './schema.ts'

const byId = (orgId: string, id: string) => and(eq(clients.clientId, id), eq(clients.orgId, orgId))

export const clientRegister: RegisterDefinition<ClientData> = {
  entityType: 'CLIENT',
  label: 'Client',
  schema: clientData,
  stateActions: [],
  async exists(db: DbOrTx, orgId, id) {
    const [row] = await db.select({ id: clients.clientId }).from(clients).where(byId(orgId, id))
    return Boolean(row)
  },
  async currentData(db, orgId, id) {
    const [row] = await db.select().from(clients).where(byId(orgId, id))
    if (!row) return null
    return {
      name: row.name,
      office_address: row.officeAddress,
      gstin: row.gstin,
      pan: row.pan,
      contacts: row.contacts,
      notes: row.notes,
      version: row.version,
    }
  },
  async displayId(db, orgId, id) {
    const [row] = await db.select({ n: clients.displayNumber }).from(clients).where(byId(orgId, id))
    return row ? clientDisplayId(row.n) : null
  },
  describe: (data) => data.name,
  async create(tx, ctx, data) {
    const displayNumber = await nextNumber(tx, ctx.orgId, 'client')
    const [row] = await tx
      .insert(clients)
      .values({
        orgId: ctx.orgId,
        displayNumber,
        name: data.name,
        officeAddress: data.office_address,
        gstin: data.gstin,
        pan: data.pan,
        contacts: data.contacts,
        notes: data.notes,
        createdBy: ctx.requesterUserId,
        updatedBy: ctx.requesterUserId,
      })
      .returning({ id: clients.clientId })
    return row!.id
  },
  async update(tx, ctx, id, data, expectedVersion) {
    const rows = await tx
      .update(clients)
      .set({
        name: data.name,
        officeAddress: data.office_address,
        gstin: data.gstin,
        pan: data.pan,
        contacts: data.contacts,
        notes: data.notes,
        updatedBy: ctx.requesterUserId,
        updatedAt: new Date(),
        version: sql`${clients.version} + 1`,
      })
      .where(and(byId(ctx.orgId, id), versionIs(clients.version, expectedVersion)))
      .returning({ id: clients.clientId })
    return rows.length > 0
  },
  link: (id) => `/clients/${id}`,
}
