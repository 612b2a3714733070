import {
  adminSettings,
  adminUserUpdateInput,
  adminUserUpdateResponse,
  idParams,
  organisationUpdateInput,
  organisationUpdateResponse,
} from '@daftar/domain'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import { getSettings, updateOrganisation, updateUserAccess } from './service.ts'

export async function adminRoutes(app: App, deps: Deps) {
  app.addHook('preHandler', async (req) => requireAdmin(req.ctx))

  app.get('/admin/settings', { schema: { response: { 200: adminSettings } } }, async (req) =>
    getSettings(deps, req.ctx),
  )

  app.put('/admin/organisation', { schema: { response: { 200: organisationUpdateResponse } } }, async (req) =>
    updateOrganisation(
      deps,
      req.ctx,
      parse(organisationUpdateInput, req.body),
      ifMatchVersion(req.headers['if-match']),
    ),
  )

  app.put(
    '/admin/users/:id',
    { schema: { params: idParams, response: { 200: adminUserUpdateResponse } } },
    async (req) =>
      updateUserAccess(
        deps,
        req.ctx,
        req.params.id,
        parse(adminUserUpdateInput, req.body),
        ifMatchVersion(req.headers['if-match']),
      ),
  )
}
