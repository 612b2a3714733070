import { categoryInput } from '@daftar/domain'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import { createCategory, deleteCategory, listCategories, updateCategory } from './service.ts'

type IdParams = { Params: { id: string } }

export async function categoryRoutes(app: App, deps: Deps) {
  app.get('/categories', async (req) => listCategories(deps, req.ctx))

  app.post('/categories', async (req, reply) => {
    requireAdmin(req.ctx)
    reply.code(201)
    return createCategory(deps, req.ctx, parse(categoryInput, req.body))
  })

  app.put<IdParams>('/categories/:id', async (req) => {
    requireAdmin(req.ctx)
    return updateCategory(
      deps,
      req.ctx,
      req.params.id,
      parse(categoryInput, req.body),
      ifMatchVersion(req.headers['if-match']),
    )
  })

  app.delete<IdParams>('/categories/:id', async (req) => {
    requireAdmin(req.ctx)
    return deleteCategory(deps, req.ctx, req.params.id)
  })
}
