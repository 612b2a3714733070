import { addDays, HOME_DUE_DAYS, HOME_ITEMS, type HomeSection, recordPath, todayIn } from '@daftar/domain'
import { and, asc, eq, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection.ts'
import { builtOnce, fixedLimit, prepared } from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { totalOf } from '../../platform/listing.ts'
import { assets } from '../assets/schema.ts'

/**
 * Admins: assets not retired whose next maintenance is due within 7 days or has passed, the most
 * urgent first. The 'Due soon' list's maintenance rule with the admins' reminder horizon (7 days,
 * the reminder job's), read through the same maintenance index.
 */
export async function assetsDue(deps: Deps, ctx: RequestContext): Promise<HomeSection | undefined> {
  if (!ctx.isAdmin) return undefined
  const horizon = addDays(todayIn(deps.config.TIME_ZONE), HOME_DUE_DAYS)
  const rows = await dueOf(deps.db).execute({ orgId: ctx.orgId, horizon })
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      title: row.name,
      subtitle: [row.displayId, row.category].filter(Boolean).join(' · '),
      url: recordPath('ASSET', row.id),
      date: row.due,
    })),
  }
}

const dueOf = builtOnce((db: Db) => {
  const where = and(
    eq(assets.orgId, sql.placeholder('orgId')),
    lte(assets.nextMaintenanceDue, sql.placeholder('horizon')),
    ne(assets.status, 'Retired'),
  )
  return prepared(
    db
      .select({
        id: assets.assetId,
        displayId: assets.displayId,
        name: assets.name,
        category: assets.category,
        due: assets.nextMaintenanceDue,
        total: totalOf(assets, where),
      })
      .from(assets)
      .where(where)
      .orderBy(asc(assets.nextMaintenanceDue), asc(assets.assetId))
      .limit(fixedLimit(HOME_ITEMS)),
  )
})
