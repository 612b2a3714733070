import {
  idParams,
  messageResponse,
  report,
  reportCreated,
  reportCreateInput,
  reportFeedbackInput,
  reportList,
  reportListQuery,
  reportOpenCount,
  reportStatusInput,
} from '@daftar/domain'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import {
  closeReport,
  createReport,
  deleteReport,
  getReport,
  listReports,
  openReportCount,
  saveFeedback,
} from './service.ts'

const reportChanged = z.object({ message: z.string(), report })

/** Report paths (docs/decisions.md, "Reports"). */
export async function reportRoutes(app: App, deps: Deps) {
  app.post(
    '/reports',
    { schema: { body: reportCreateInput, response: { 201: reportCreated } } },
    async (req, reply) => {
      const result = await createReport(deps, req.ctx, req.body)
      reply.code(201)
      return result
    },
  )
  app.get(
    '/reports',
    { schema: { querystring: reportListQuery, response: { 200: reportList } } },
    async (req) => listReports(deps, req.ctx, req.query),
  )
  app.get('/reports/open-count', { schema: { response: { 200: reportOpenCount } } }, async (req) =>
    openReportCount(deps, req.ctx),
  )
  app.get('/reports/:id', { schema: { params: idParams, response: { 200: report } } }, async (req) =>
    getReport(deps, req.ctx, req.params.id),
  )
  app.put(
    '/reports/:id/feedback',
    { schema: { params: idParams, body: reportFeedbackInput, response: { 200: reportChanged } } },
    async (req) => saveFeedback(deps, req.ctx, req.params.id, req.body.feedback),
  )
  app.put(
    '/reports/:id/status',
    { schema: { params: idParams, body: reportStatusInput, response: { 200: reportChanged } } },
    async (req) => closeReport(deps, req.ctx, req.params.id),
  )
  app.delete(
    '/reports/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => deleteReport(deps, req.ctx, req.params.id),
  )
}
