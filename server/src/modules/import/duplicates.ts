import type { ImportRegister } from '@daftar/domain'
import { eq } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/connection.ts'
import { assets } from '../assets/schema.ts'
import { clients } from '../clients/schema.ts'
import { employees } from '../employees/schema.ts'
import { projects } from '../projects/schema.ts'
import { suppliers } from '../suppliers/schema.ts'
import { technicalInfo } from '../technical-info/schema.ts'

const norm = (v: unknown) =>
  typeof v === 'string' && v.trim() ? v.trim().toLowerCase().replace(/\s+/g, ' ') : null

type Data = Record<string, unknown>

/**
 * What makes two records one (docs/decisions.md, "Import"): the same GSTIN, or the same name at the
 * same address, for clients and suppliers; the same Asset ID; the same Employee Official ID; the same
 * project name for one client; the same title of technical information.
 */
export const duplicateKeys: Record<ImportRegister, (d: Data) => string[]> = {
  clients: (d) => partyKeys(d.gstin, d.name, d.office_address),
  suppliers: (d) => partyKeys(d.gstin, d.name, d.address),
  projects: (d) => [`name:${norm(d.name)}|${d.client_id}`],
  assets: (d) => [`id:${norm(d.asset_display_id)}`],
  employees: (d) => [`id:${norm(d.employee_official_id)}`],
  'technical-info': (d) => [`title:${norm(d.title)}`],
}

function partyKeys(gstin: unknown, name: unknown, address: unknown): string[] {
  const keys = [`name:${norm(name)}|${norm(address) ?? ''}`]
  if (typeof gstin === 'string' && gstin) keys.push(`gstin:${gstin.toUpperCase()}`)
  return keys
}

/** The organisation's records of the register, each by its keys: one query, only the key columns. */
export async function existingKeys(
  db: DbOrTx,
  orgId: string,
  register: ImportRegister,
): Promise<Map<string, string>> {
  const rows = await keyRows(db, orgId, register)
  const byKey = new Map<string, string>()
  for (const { id, ...data } of rows) for (const key of duplicateKeys[register](data)) byKey.set(key, id)
  return byKey
}

/** Each register's table and the columns its keys are made of, named as in its data. */
const keySources = {
  clients: [
    clients,
    { id: clients.clientId, name: clients.name, office_address: clients.officeAddress, gstin: clients.gstin },
  ],
  suppliers: [
    suppliers,
    { id: suppliers.supplierId, name: suppliers.name, address: suppliers.address, gstin: suppliers.gstin },
  ],
  projects: [projects, { id: projects.projectId, name: projects.name, client_id: projects.clientId }],
  assets: [assets, { id: assets.assetId, asset_display_id: assets.displayId }],
  employees: [employees, { id: employees.employeeId, employee_official_id: employees.officialId }],
  'technical-info': [technicalInfo, { id: technicalInfo.technicalInfoId, title: technicalInfo.title }],
} satisfies Record<ImportRegister, [PgTable & { orgId: AnyPgColumn }, Record<string, AnyPgColumn>]>

async function keyRows(
  db: DbOrTx,
  orgId: string,
  register: ImportRegister,
): Promise<({ id: string } & Data)[]> {
  const [table, columns] = keySources[register]
  // Drizzle cannot type a select from a table chosen at run time; the columns above name the shape.
  const rows = await db
    .select(columns as Record<string, AnyPgColumn>)
    .from(table as PgTable)
    .where(eq(table.orgId, orgId))
  return rows as ({ id: string } & Data)[]
}

/**
 * Locks one record of the register for the rest of the transaction, as an edit through the form does,
 * so that its version read next cannot change before the import's update lands.
 */
export async function lockRecord(db: DbOrTx, register: ImportRegister, id: string): Promise<void> {
  const [table, columns] = keySources[register]
  await db
    .select({ id: columns.id })
    .from(table as PgTable)
    .where(eq(columns.id, id))
    .for('update')
}
