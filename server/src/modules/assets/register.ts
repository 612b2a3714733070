import { type AssetData, assetData, assetMessages } from '@daftar/domain'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import { badRequest, conflict } from '../../platform/errors.ts'
import { identifierTaken, tableRegister } from '../../platform/register-table.ts'
import { projectRegister } from '../projects/register.ts'
import { users } from '../users/schema.ts'
import { assets } from './schema.ts'

const noSeller = { name: null, contact_person: null, phone: null, email: null, address: null }

/** The Asset ID is unique in the organisation; the assignment points at a project or an active user. */
async function validate(db: DbOrTx, orgId: string, data: AssetData, assetId: string | null) {
  const taken = await identifierTaken(db, assets, assets.assetId, assets.displayId, {
    orgId,
    value: data.asset_display_id,
    except: assetId,
  })
  if (taken) throw conflict(assetMessages.idTaken)
  if (data.assigned_to_type === 'PROJECT' && !(await projectRegister.exists(db, orgId, data.assigned_to_id!)))
    throw badRequest(assetMessages.targetRequired)
  if (data.assigned_to_type === 'EMPLOYEE') {
    const [user] = await db
      .select({ id: users.userId })
      .from(users)
      .where(and(eq(users.userId, data.assigned_to_id!), eq(users.orgId, orgId), eq(users.isActive, true)))
    if (!user) throw badRequest(assetMessages.targetRequired)
  }
}

export const assetRegister = tableRegister({
  entityType: 'ASSET',
  label: 'Asset',
  schema: assetData,
  table: assets,
  id: assets.assetId,
  columns: (data: AssetData) => ({
    displayId: data.asset_display_id,
    name: data.name,
    category: data.category,
    status: data.status,
    purchaseDate: data.purchase_date,
    purchaseCost: data.purchase_cost === null ? null : String(data.purchase_cost),
    sellerDetails: data.seller_details,
    warrantyExpiresOn: data.warranty_details.expires_on,
    warrantyDetails: data.warranty_details.details,
    assignedToType: data.assigned_to_type,
    assignedToId: data.assigned_to_id,
    assignmentDate: data.assignment_date,
    nextMaintenanceDue: data.next_maintenance_due,
    notes: data.notes,
  }),
  data: (row) => ({
    asset_display_id: row.displayId,
    name: row.name,
    category: row.category,
    status: row.status,
    purchase_date: row.purchaseDate,
    purchase_cost: row.purchaseCost === null ? null : Number(row.purchaseCost),
    seller_details: row.sellerDetails ?? noSeller,
    warranty_details: { expires_on: row.warrantyExpiresOn, details: row.warrantyDetails },
    assigned_to_type: row.assignedToType,
    assigned_to_id: row.assignedToId,
    assignment_date: row.assignmentDate,
    next_maintenance_due: row.nextMaintenanceDue,
    notes: row.notes,
  }),
  validate,
  conflicts: { assets_display_id_key: assetMessages.idTaken },
  displayId: (row) => row.displayId,
  describe: (data) => data.name,
})
