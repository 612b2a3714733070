import { type CollectionDetail, type CollectionSort, collectionMessages } from '@daftar/domain'
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
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
import { collectionRegister } from './register.ts'
import { collections } from './schema.ts'

const c = collections
const sorts: Record<CollectionSort, SQL[]> = {
  name_asc: [lowerSort(c.name, 'asc'), asc(c.collectionId)],
  name_desc: [lowerSort(c.name, 'desc'), asc(c.collectionId)],
  last_updated: [desc(c.updatedAt), asc(c.collectionId)],
  first_added: [asc(c.createdAt), asc(c.collectionId)],
}

export async function listCollections(
  deps: Deps,
  ctx: RequestContext,
  query: { page: number; searchQuery: string; sortBy: CollectionSort },
) {
  const where = and(
    eq(c.orgId, ctx.orgId),
    visibleTo(ctx, 'COLLECTION', c.collectionId),
    searchAny(query.searchQuery, [c.name, c.description]),
  )
  const rows = deps.db
    .select({ id: c.collectionId, name: c.name, description: c.description, updatedAt: c.updatedAt })
    .from(c)
    .where(where)
    .orderBy(...sorts[query.sortBy])
    .limit(pageWindow(query.page).limit)
    .offset(pageWindow(query.page).offset)
  const total = deps.db.select({ n: count() }).from(c).where(where)
  return registerPage('collections', query.page, [rows, total], (r) => ({
    collection_id: r.id,
    name: r.name,
    description: r.description,
    updated_at: r.updatedAt.toISOString(),
  }))
}

export async function getCollection(deps: Deps, ctx: RequestContext, id: string): Promise<CollectionDetail> {
  const access = await assertReadable(deps.db, ctx, collectionRegister, id, collectionMessages.notFound)
  const [row] = await deps.db
    .select({ c, createdBy: creator.username, updatedBy: updater.username })
    .from(c)
    .leftJoin(creator, eq(creator.userId, c.createdBy))
    .leftJoin(updater, eq(updater.userId, c.updatedBy))
    .where(and(eq(c.collectionId, id), eq(c.orgId, ctx.orgId)))
  if (!row) throw notFound(collectionMessages.notFound)
  return {
    collection_id: row.c.collectionId,
    name: row.c.name,
    description: row.c.description,
    ...auditOf(row.c, row),
    version: row.c.version,
    access_level: access,
  }
}
