import { type Category, type CategoryInput, categoryMessages } from '@daftar/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts'
import { editVersioned } from '../../platform/versioned-edit.ts'
import { categories } from './schema.ts'

type Row = typeof categories.$inferSelect

const present = (row: Row): Category => ({
  category_id: row.categoryId,
  category_name: row.categoryName,
  category_color: row.categoryColor,
  version: row.version,
})

/** A name taken (whatever its case) answers 409 with the category's own words. */
async function uniqueName<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error, 'categories_org_name_key')) throw conflict(categoryMessages.duplicate)
    throw error
  }
}

const columns = (input: CategoryInput) => ({
  categoryName: input.category_name,
  categoryColor: input.category_color,
})

export async function listCategories(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select()
    .from(categories)
    .where(eq(categories.orgId, ctx.orgId))
    .orderBy(asc(sql`lower(${categories.categoryName})`))
  return rows.map(present)
}

export async function createCategory(deps: Deps, ctx: RequestContext, input: CategoryInput) {
  return uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ orgId: ctx.orgId, ...columns(input) })
        .returning()
      const category = present(row!)
      await audit(tx, ctx, {
        action: 'CREATE',
        entityType: 'CATEGORY',
        entityId: category.category_id,
        after: category,
      })
      return { message: categoryMessages.created, category }
    }),
  )
}

export async function updateCategory(
  deps: Deps,
  ctx: RequestContext,
  id: string,
  input: CategoryInput,
  version?: number,
) {
  const { after } = await uniqueName(() =>
    deps.db.transaction((tx) =>
      editVersioned(tx, ctx, {
        table: categories,
        where: and(eq(categories.categoryId, id), eq(categories.orgId, ctx.orgId)),
        version,
        notFoundMessage: categoryMessages.notFound,
        changes: () => columns(input),
        audit: { action: 'UPDATE', entityType: 'CATEGORY', entityId: id, view: present },
      }),
    ),
  )
  return { message: categoryMessages.updated, category: present(after) }
}

/** Tasks keep their other fields; their category becomes none (the foreign key sets it null). */
export async function deleteCategory(deps: Deps, ctx: RequestContext, id: string) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(categories)
      .where(and(eq(categories.categoryId, id), eq(categories.orgId, ctx.orgId)))
      .returning()
    if (!row) throw notFound(categoryMessages.notFound)
    await audit(tx, ctx, { action: 'DELETE', entityType: 'CATEGORY', entityId: id, before: present(row) })
    return { message: categoryMessages.deleted }
  })
}
