import {
  approveActionInput,
  approveActionResult,
  editActionInput,
  editActionResult,
  idParams,
  messageResponse,
  pendingActionDetail,
  pendingActionList,
  pendingActionsQuery,
  rejectActionInput,
} from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { ifMatchVersion } from '../../platform/validation.ts'
import { approveAction, editPendingAction, rejectAction } from './decide.ts'
import { getPendingAction, listPendingActions } from './queries.ts'

export async function approvalRoutes(app: App, deps: Deps) {
  app.get(
    '/admin-actions/pending',
    { schema: { querystring: pendingActionsQuery, response: { 200: pendingActionList } } },
    async (req) => listPendingActions(deps, req.ctx, req.query),
  )

  app.get(
    '/admin-actions/pending/:id',
    { schema: { params: idParams, response: { 200: pendingActionDetail } } },
    async (req) => getPendingAction(deps, req.ctx, req.params.id),
  )

  // If-Match: the version of the record the admin reviewed (412 when it changed meanwhile).
  app.put(
    '/admin-actions/pending/:id/approve',
    { schema: { params: idParams, body: approveActionInput, response: { 200: approveActionResult } } },
    async (req) =>
      approveAction(deps, req.ctx, req.params.id, {
        recordVersion: ifMatchVersion(req.headers['if-match']),
        approveWithoutRequesterAccess: req.body.approve_without_requester_access,
      }),
  )

  app.put(
    '/admin-actions/pending/:id/reject',
    { schema: { params: idParams, body: rejectActionInput, response: { 200: messageResponse } } },
    async (req) => rejectAction(deps, req.ctx, req.params.id, req.body.rejection_reason ?? null),
  )

  app.put(
    '/admin-actions/pending/:id',
    { schema: { params: idParams, body: editActionInput, response: { 200: editActionResult } } },
    async (req) => editPendingAction(deps, req.ctx, req.params.id, req.body),
  )
}
