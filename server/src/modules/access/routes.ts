import { accessEndpoints } from '@daftar/domain'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { changeAccessLevel, grantAccess, listAccess, revokeAccess } from './service.ts'

export async function accessRoutes(app: App, deps: Deps) {
  serve(app, accessEndpoints.list, async (req) =>
    listAccess(deps, req.ctx, req.query.entityType, req.query.entityId),
  )

  serve(app, accessEndpoints.grant, async (req, reply) => {
    requireAdmin(req.ctx, 'Only administrators can grant access.')
    return created(reply, await grantAccess(deps, req.ctx, req.body))
  })

  serve(app, accessEndpoints.setLevel, async (req) => {
    requireAdmin(req.ctx, 'Only administrators can change access.')
    return changeAccessLevel(deps, req.ctx, req.params.id, req.body.level)
  })

  serve(app, accessEndpoints.revoke, async (req) => {
    requireAdmin(req.ctx, 'Only administrators can revoke access.')
    return revokeAccess(deps, req.ctx, req.params.id)
  })
}
