import { approvalEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { ifMatchVersion } from '../../platform/validation.ts'
import { approveAction, editPendingAction, rejectAction } from './decide.ts'
import { getPendingAction, listPendingActions } from './queries.ts'

export async function approvalRoutes(app: App, deps: Deps) {
  serve(app, approvalEndpoints.list, async (req) => listPendingActions(deps, req.ctx, req.query))
  serve(app, approvalEndpoints.detail, async (req) => getPendingAction(deps, req.ctx, req.params.id))
  // If-Match: the version of the record the admin reviewed (412 when it changed meanwhile).
  serve(app, approvalEndpoints.approve, async (req) =>
    approveAction(deps, req.ctx, req.params.id, {
      recordVersion: ifMatchVersion(req.headers['if-match']),
      approveWithoutRequesterAccess: req.body.approve_without_requester_access,
      actionVersion: req.body.action_version,
    }),
  )
  serve(app, approvalEndpoints.reject, async (req) =>
    rejectAction(deps, req.ctx, req.params.id, req.body.rejection_reason ?? null),
  )
  serve(app, approvalEndpoints.edit, async (req) => editPendingAction(deps, req.ctx, req.params.id, req.body))
}
