import { category, categoryChangeResponse, categoryInput, idParams, messageResponse } from '@daftar/domain'
import { z } from 'zod'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import { createCategory, deleteCategory, listCategories, updateCategory } from './service.ts'

export async function categoryRoutes(app: App, deps: Deps) {
  app.get('/categories', { schema: { response: { 200: z.array(category) } } }, async (req) =>
    listCategories(deps, req.ctx),
  )

  app.post('/categories', { schema: { response: { 201: categoryChangeResponse } } }, async (req, reply) => {
    requireAdmin(req.ctx)
    reply.code(201)
    return createCategory(deps, req.ctx, parse(categoryInput, req.body))
  })

  app.put(
    '/categories/:id',
    { schema: { params: idParams, response: { 200: categoryChangeResponse } } },
    async (req) => {
      requireAdmin(req.ctx)
      return updateCategory(
        deps,
        req.ctx,
        req.params.id,
        parse(categoryInput, req.body),
        ifMatchVersion(req.headers['if-match']),
      )
    },
  )

  app.delete(
    '/categories/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      requireAdmin(req.ctx)
      return deleteCategory(deps, req.ctx, req.params.id)
    },
  )
}
