import { ASSET_REMINDER_DAYS, addDays, formatDate, recordPath } from '@daftar/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/connection.ts'
import type { Deps } from '../../platform/deps.ts'
import { notify } from '../notifications/service.ts'
import { users } from '../users/schema.ts'

type Due = {
  org_id: string
  asset_id: string
  name: string
  asset_display_id: string
  due: string
}

/**
 * Tells the admins, 7 days ahead, of an asset's next maintenance and of its warranty expiry. Each due
 * date is claimed in the UPDATE that marks it announced, so it is announced once, whichever instance
 * runs the job and however often.
 */
export async function remindDueAssets(deps: Deps, today: string): Promise<number> {
  const until = addDays(today, ASSET_REMINDER_DAYS)
  return deps.db.transaction(async (tx) => {
    const maintenance = await tx.execute<Due>(sql`
      update assets set maintenance_reminded_for = next_maintenance_due
      where next_maintenance_due between ${today} and ${until} and status <> 'Retired'
        and maintenance_reminded_for is distinct from next_maintenance_due
      returning org_id, asset_id, name, asset_display_id, next_maintenance_due::text as due`)
    const warranty = await tx.execute<Due>(sql`
      update assets set warranty_reminded_for = warranty_expires_on
      where warranty_expires_on between ${today} and ${until} and status <> 'Retired'
        and warranty_reminded_for is distinct from warranty_expires_on
      returning org_id, asset_id, name, asset_display_id, warranty_expires_on::text as due`)
    for (const row of maintenance.rows)
      await tellAdmins(
        tx,
        row,
        'ASSET_MAINTENANCE_DUE',
        `Maintenance of asset ${row.asset_display_id} '${row.name}' is due on ${formatDate(row.due)}.`,
      )
    for (const row of warranty.rows)
      await tellAdmins(
        tx,
        row,
        'ASSET_WARRANTY_EXPIRING',
        `The warranty of asset ${row.asset_display_id} '${row.name}' expires on ${formatDate(row.due)}.`,
      )
    return maintenance.rows.length + warranty.rows.length
  })
}

async function tellAdmins(
  tx: Tx,
  row: Due,
  type: 'ASSET_MAINTENANCE_DUE' | 'ASSET_WARRANTY_EXPIRING',
  message: string,
) {
  const admins = await tx
    .select({ id: users.userId })
    .from(users)
    .where(and(eq(users.orgId, row.org_id), eq(users.isAdmin, true), eq(users.isActive, true)))
  await notify(tx, {
    orgId: row.org_id,
    userIds: admins.map((a) => a.id),
    type,
    message,
    link: recordPath('ASSET', row.asset_id),
    entityType: 'ASSET',
    entityId: row.asset_id,
  })
}
