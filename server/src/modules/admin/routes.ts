import { adminEndpoints } from '@daftar/domain'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { ifMatchVersion } from '../../platform/validation.ts'
import { getSettings, listAdminUsers, updateOrganisation, updateUserAccess } from './service.ts'

export async function adminRoutes(app: App, deps: Deps) {
  // Before the request is validated: staff are refused whatever they send.
  app.addHook('preValidation', async (req) => requireAdmin(req.ctx))

  serve(app, adminEndpoints.settings, async (req) => getSettings(deps, req.ctx))

  serve(app, adminEndpoints.updateOrganisation, async (req) =>
    updateOrganisation(deps, req.ctx, req.body, ifMatchVersion(req.headers['if-match'])),
  )

  serve(app, adminEndpoints.users, async (req) => listAdminUsers(deps, req.ctx, req.query))

  serve(app, adminEndpoints.updateUser, async (req) =>
    updateUserAccess(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )
}
