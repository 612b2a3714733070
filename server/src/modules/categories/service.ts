import type { Category, CategoryInput } from '@daftar/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { conflict, isUniqueViolation, notFound, preconditionFailed } from '../../platform/errors.ts'
import { categories } from './schema.ts'

type Row = typeof categories.$inferSelect

const present = (row: Row): Category => ({
  category_id: row.categoryId,
  category_name: row.categoryName,
  category_color: row.categoryColor,
  version: row.version,
})

const duplicate = () => conflict('A category with this name already exists.')

export async function listCategories(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select()
    .from(categories)
    .where(eq(categories.orgId, ctx.orgId))
    .orderBy(asc(sql`lower(${categories.categoryName})`))
  return rows.map(present)
}

export async function createCategory(deps: Deps, ctx: RequestContext, input: CategoryInput) {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ orgId: ctx.orgId, categoryName: input.category_name, categoryColor: input.category_color })
        .returning()
      await audit(tx, ctx, {
        action: 'CREATE',
        entityType: 'CATEGORY',
        entityId: row!.categoryId,
        after: present(row!),
      })
      return { message: 'Category created.', category: present(row!) }
    })
  } catch (error) {
    if (isUniqueViolation(error, 'categories_org_name_key')) throw duplicate()
    throw error
  }
}

export async function updateCategory(
  deps: Deps,
  ctx: RequestContext,
  id: string,
  input: CategoryInput,
  version?: number,
) {
  try {
    return await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(categories)
        .where(and(eq(categories.categoryId, id), eq(categories.orgId, ctx.orgId)))
        .for('update')
      if (!before) throw notFound('Category not found.')
      if (version !== undefined && version !== before.version) throw preconditionFailed()
      const [row] = await tx
        .update(categories)
        .set({
          categoryName: input.category_name,
          categoryColor: input.category_color,
          updatedAt: new Date(),
          version: sql`${categories.version} + 1`,
        })
        .where(eq(categories.categoryId, id))
        .returning()
      await audit(tx, ctx, {
        action: 'UPDATE',
        entityType: 'CATEGORY',
        entityId: id,
        before: present(before),
        after: present(row!),
      })
      return { message: 'Category updated.', category: present(row!) }
    })
  } catch (error) {
    if (isUniqueViolation(error, 'categories_org_name_key')) throw duplicate()
    throw error
  }
}

/** Tasks keep their other fields; their category becomes none (the foreign key sets it null). */
export async function deleteCategory(deps: Deps, ctx: RequestContext, id: string) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(categories)
      .where(and(eq(categories.categoryId, id), eq(categories.orgId, ctx.orgId)))
      .returning()
    if (!row) throw notFound('Category not found.')
    await audit(tx, ctx, { action: 'DELETE', entityType: 'CATEGORY', entityId: id, before: present(row) })
    return { message: 'Category deleted.' }
  })
}
