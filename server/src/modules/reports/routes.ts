import { reportEndpoints, reportExport } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { sendExport } from '../../platform/spreadsheet-export.ts'
import { listReports, reportExportRows } from './list.ts'
import {
  closeReport,
  createReport,
  deleteReport,
  getReport,
  openReportCount,
  saveFeedback,
} from './service.ts'

/** Report paths (docs/decisions.md, "Reports"). */
export async function reportRoutes(app: App, deps: Deps) {
  serve(app, reportEndpoints.create, async (req, reply) =>
    created(reply, await createReport(deps, req.ctx, req.body)),
  )
  serve(app, reportEndpoints.list, async (req) => listReports(deps, req.ctx, req.query))
  serve(app, reportEndpoints.export, async (req, reply) =>
    sendExport(reply, {
      ...reportExport,
      format: req.query.format,
      rows: reportExportRows(deps, req.ctx, req.query),
    }),
  )
  serve(app, reportEndpoints.openCount, async (req) => openReportCount(deps, req.ctx))
  serve(app, reportEndpoints.detail, async (req) => getReport(deps, req.ctx, req.params.id))
  serve(app, reportEndpoints.feedback, async (req) =>
    saveFeedback(deps, req.ctx, req.params.id, req.body.feedback),
  )
  serve(app, reportEndpoints.status, async (req) => closeReport(deps, req.ctx, req.params.id))
  serve(app, reportEndpoints.remove, async (req) => deleteReport(deps, req.ctx, req.params.id))
}
