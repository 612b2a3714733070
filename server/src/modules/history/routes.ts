import { type ExportSheet, historyEndpoints } from '@daftar/domain'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { sendExport } from '../../platform/spreadsheet-export.ts'
import { activityRows, historyOf, listActivity } from './service.ts'

/** The History tab of every record, and the organisation's activity (docs/decisions.md, "History and activity"). */
export async function historyRoutes(app: App, deps: Deps) {
  serve(app, historyEndpoints.history, async (req) =>
    historyOf(deps, req.ctx, req.params.entityType, req.params.id, req.query),
  )
  await app.register(async (admin) => {
    // Before the request is validated: staff are refused whatever they send.
    admin.addHook('preValidation', async (req) => requireAdmin(req.ctx))
    serve(admin, historyEndpoints.activity, async (req) => listActivity(deps, req.ctx, req.query))
    serve(admin, historyEndpoints.activityExport, async (req, reply) =>
      sendExport(reply, {
        ...activityExport,
        format: req.query.format,
        rows: activityRows(deps, req.ctx, req.query),
      }),
    )
  })
}

type Item = Awaited<ReturnType<typeof listActivity>>['events'][number]

const changesOf = (item: Item) =>
  item.detailed
    ? item.changes.map((c) => `${c.label}: ${c.from ?? '—'} → ${c.to ?? '—'}`).join('; ')
    : 'changed'

/** One event a row; every text cell neutralised (a name starting with '=' is not a formula). */
const activityExport: ExportSheet<Item> = {
  fileName: 'activity',
  sheetName: 'Activity',
  columns: [
    { header: 'When', kind: 'instant', value: (item) => item.at },
    { header: 'User', value: (item) => item.actor?.full_name ?? 'System', width: 24 },
    { header: 'Action', value: (item) => item.summary, width: 32 },
    { header: 'Record Type', value: (item) => item.entity_type },
    { header: 'Record ID', value: (item) => item.entity_id, width: 38 },
    { header: 'Requested By', value: (item) => item.requester?.full_name, width: 24 },
    { header: 'Changes', value: changesOf, width: 60 },
  ],
}
