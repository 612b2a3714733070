import { categoryEndpoints } from '@daftar/domain'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { ifMatchVersion } from '../../platform/validation.ts'
import { createCategory, deleteCategory, listCategories, updateCategory } from './service.ts'

export async function categoryRoutes(app: App, deps: Deps) {
  serve(app, categoryEndpoints.list, async (req) => listCategories(deps, req.ctx))

  // Changes are for admins, who are told so before anything they sent is validated.
  await app.register(async (admin) => {
    admin.addHook('preValidation', async (req) => requireAdmin(req.ctx))

    serve(admin, categoryEndpoints.create, async (req, reply) =>
      created(reply, await createCategory(deps, req.ctx, req.body)),
    )

    serve(admin, categoryEndpoints.update, async (req) =>
      updateCategory(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
    )

    serve(admin, categoryEndpoints.remove, async (req) => deleteCategory(deps, req.ctx, req.params.id))
  })
}
