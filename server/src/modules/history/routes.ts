import { Readable } from 'node:stream'
import { historyEndpoints } from '@daftar/domain'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { textCell } from '../accounts/csv.ts'
import { activityRows, historyOf, listActivity } from './service.ts'

const csvHeader = ['When', 'User', 'Action', 'Record Type', 'Record ID', 'Requested By', 'Changes']

/** The History tab of every record, and the organisation's activity (docs/decisions.md, "History and activity"). */
export async function historyRoutes(app: App, deps: Deps) {
  serve(app, historyEndpoints.history, async (req) =>
    historyOf(deps, req.ctx, req.params.entityType, req.params.id, req.query),
  )
  await app.register(async (admin) => {
    // Before the request is validated: staff are refused whatever they send.
    admin.addHook('preValidation', async (req) => requireAdmin(req.ctx))
    serve(admin, historyEndpoints.activity, async (req) => listActivity(deps, req.ctx, req.query))
    serve(admin, historyEndpoints.activityExport, async (req, reply) => {
      const rows = activityRows(deps, req.ctx, req.query)
      // The first step checks the caller's right before any byte is sent.
      const first = await rows.next()
      async function* lines() {
        yield `\uFEFF${csvHeader.join(',')}\r\n`
        if (first.done) return
        yield csvLine(first.value)
        for await (const item of rows) yield csvLine(item)
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="activity-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()))
    })
  })
}

type Item = Awaited<ReturnType<typeof listActivity>>['events'][number]

/** One event a line; every text cell neutralised (a name starting with '=' is not a formula). */
function csvLine(item: Item): string {
  const changes = item.changes.map((c) => `${c.label}: ${c.from ?? '—'} → ${c.to ?? '—'}`).join('; ')
  return `${[
    item.at,
    textCell(item.actor?.full_name ?? 'System'),
    textCell(item.summary),
    textCell(item.entity_type),
    textCell(item.entity_id),
    textCell(item.requester?.full_name),
    textCell(item.detailed ? changes : 'changed'),
  ].join(',')}\r\n`
}
