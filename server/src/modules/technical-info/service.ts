import { type TechnicalInfoDetail, type TechnicalInfoSort, technicalInfoMessages } from '@daftar/domain'
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { searchAny } from '../../platform/listing.ts'
import {
  auditOf,
  creator,
  lowerSort,
  pageWindow,
  registerPage,
  updater,
} from '../../platform/register-queries.ts'
import { assertReadable, visibleTo } from '../access/service.ts'
import { technicalInfoRegister } from './register.ts'
import { technicalInfo } from './schema.ts'

const t = technicalInfo
const sorts: Record<TechnicalInfoSort, SQL[]> = {
  title_asc: [lowerSort(t.title, 'asc'), asc(t.technicalInfoId)],
  title_desc: [lowerSort(t.title, 'desc'), asc(t.technicalInfoId)],
  last_updated: [desc(t.updatedAt), asc(t.technicalInfoId)],
  first_added: [asc(t.createdAt), asc(t.technicalInfoId)],
}

/** Search matches the title, the keywords and the use cases (docs/product.md, "Technical information"). */
export async function listTechnicalInfo(
  deps: Deps,
  ctx: RequestContext,
  query: { page: number; searchQuery: string; sortBy: TechnicalInfoSort },
) {
  const where = and(
    eq(t.orgId, ctx.orgId),
    visibleTo(ctx, 'TECHNICAL_INFO', t.technicalInfoId),
    searchAny(query.searchQuery, [t.title, sql`array_to_string(${t.keywords}, ' ')`, t.whenToUse]),
  )
  const rows = deps.db
    .select({
      id: t.technicalInfoId,
      title: t.title,
      keywords: t.keywords,
      whenToUse: t.whenToUse,
      prerequisites: t.prerequisites,
      updatedAt: t.updatedAt,
    })
    .from(t)
    .where(where)
    .orderBy(...sorts[query.sortBy])
    .limit(pageWindow(query.page).limit)
    .offset(pageWindow(query.page).offset)
  const total = deps.db.select({ n: count() }).from(t).where(where)
  return registerPage('technicalInfo', query.page, [rows, total], (r) => ({
    technical_info_id: r.id,
    title: r.title,
    keywords: r.keywords,
    when_to_use: r.whenToUse,
    prerequisites: r.prerequisites,
    updated_at: r.updatedAt.toISOString(),
  }))
}

export async function getTechnicalInfo(
  deps: Deps,
  ctx: RequestContext,
  id: string,
): Promise<TechnicalInfoDetail> {
  const access = await assertReadable(deps.db, ctx, technicalInfoRegister, id, technicalInfoMessages.notFound)
  const [row] = await deps.db
    .select({ t, createdBy: creator.username, updatedBy: updater.username })
    .from(t)
    .leftJoin(creator, eq(creator.userId, t.createdBy))
    .leftJoin(updater, eq(updater.userId, t.updatedBy))
    .where(and(eq(t.technicalInfoId, id), eq(t.orgId, ctx.orgId)))
  if (!row) throw notFound(technicalInfoMessages.notFound)
  const r = row.t
  return {
    technical_info_id: r.technicalInfoId,
    title: r.title,
    keywords: r.keywords,
    when_to_use: r.whenToUse,
    prerequisites: r.prerequisites,
    description: r.description,
    formula: r.formula,
    steps: r.steps,
    ...auditOf(r, row),
    version: r.version,
    access_level: access,
  }
}
