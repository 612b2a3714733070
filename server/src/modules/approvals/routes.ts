import { pendingActionsQuery, rejectActionInput } from '@daftar/domain'
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import { parse } from '../../platform/validation.ts'
import {
  approveAction,
  editPendingAction,
  getPendingAction,
  listPendingActions,
  rejectAction,
} from './service.ts'

type IdParams = { Params: { id: string } }

export async function approvalRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/admin-actions/pending', async (req) =>
    listPendingActions(deps, req.ctx, parse(pendingActionsQuery, req.query)),
  )

  app.get<IdParams>('/admin-actions/pending/:id', async (req) =>
    getPendingAction(deps, req.ctx, req.params.id),
  )

  app.put<IdParams>('/admin-actions/pending/:id/approve', async (req) =>
    approveAction(deps, req.ctx, req.params.id),
  )

  app.put<IdParams>('/admin-actions/pending/:id/reject', async (req) =>
    rejectAction(deps, req.ctx, req.params.id, parse(rejectActionInput, req.body).rejection_reason ?? null),
  )

  app.put<IdParams>('/admin-actions/pending/:id', async (req) =>
    editPendingAction(deps, req.ctx, req.params.id, req.body),
  )
}
