import {
  type AccountKind,
  type AccountListQuery,
  accountsEndpoints,
  accountsToday,
  type ExportFormat,
  gstEndpoints,
  gstr1Sheets,
  type PayableList,
  type PayableSummary,
  payableEndpoints,
  type payableSaved,
  paymentReminderEndpoints,
  type ReceivableList,
  type ReceivableSummary,
  receivableEndpoints,
  type receivableSaved,
} from '@daftar/domain'
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { sendExport } from '../../platform/spreadsheet-export.ts'
import { idempotencyKey, ifMatchVersion } from '../../platform/validation.ts'
import { accountsOrganisation, emailInvoice, invoiceMailHandler, invoicePdfAccess } from './documents.ts'
import { accountExports } from './export-columns.ts'
import { gstr1, gstr1Summary } from './gstr1.ts'
import { gstr1Workbook } from './gstr1-xlsx.ts'
import { cancelDocument, createDocument, markLive, removeDocument, updateDocument } from './invoices.ts'
import { documentInput, requireAccounts, routeRule } from './kinds.ts'
import { deletePayment, recordPayment, updatePayment } from './payments.ts'
import * as present from './presenter.ts'
import { documentDetail, exportRows, listDocuments, summarise } from './queries.ts'
import {
  paymentReminderSettingsFor,
  remindNow,
  setDoNotRemind,
  updatePaymentReminderSettings,
} from './reminders.ts'

/** GET …/export: the filtered list as a CSV or XLSX file, streamed (docs/decisions.md, "Exports"). */
async function sendDocuments(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  query: AccountListQuery & { format: ExportFormat },
  reply: FastifyReply,
) {
  return sendExport(reply, {
    ...accountExports[kind],
    format: query.format,
    rows: exportRows(deps, ctx, kind, query),
    today: accountsToday(),
  })
}

type Listed = Awaited<ReturnType<typeof listDocuments>>
type Detail = Awaited<ReturnType<typeof documentDetail>>
type Summary = Awaited<ReturnType<typeof summarise>>
interface Saved {
  message: string
  id: string
}

/** The summary's figures that both kinds name alike. */
const summaryCommon = (s: Summary) => ({
  totalOverdue: s.overdue,
  draftCount: s.draftCount,
  draftTotalValue: s.draftTotal,
  aging: s.aging,
})

/**
 * What differs between the two kinds on the wire: the endpoints and the names of the answers' fields
 * (`receivable_id` or `payable_id` …), each typed by its kind's own response schema. Everything else
 * is served once for both (docs/decisions.md, "Accounts (receivables, payables, payments)").
 */
const wire = {
  RECEIVABLE: {
    endpoints: receivableEndpoints,
    list: (r: Listed): ReceivableList => ({
      receivables: r.rows.map((row) => present.receivableItem(row, r.today)),
      ...r,
    }),
    summary: (s: Summary): ReceivableSummary => ({
      ...summaryCommon(s),
      totalReceivable: s.outstanding,
      receivedThisMonth: s.received,
    }),
    detail: (d: Detail) => present.receivableDetail(d.row, d.lines, d.payments, d.today, d.reminders),
    saved: (r: Saved): z.input<typeof receivableSaved> => ({ message: r.message, receivable_id: r.id }),
  },
  PAYABLE: {
    endpoints: payableEndpoints,
    list: (r: Listed): PayableList => ({
      payables: r.rows.map((row) => present.payableItem(row, r.today)),
      ...r,
    }),
    summary: (s: Summary): PayableSummary => ({
      ...summaryCommon(s),
      totalPayable: s.outstanding,
      paidThisMonth: s.received,
    }),
    detail: (d: Detail) => present.payableDetail(d.row, d.lines, d.payments, d.today),
    saved: (r: Saved): z.input<typeof payableSaved> => ({ message: r.message, payable_id: r.id }),
  },
}

/** The routes of one kind of document: /receivables or /payables. */
async function documentRoutes<K extends AccountKind>(app: App, deps: Deps, kind: K) {
  const w = wire[kind]
  const e = w.endpoints
  serve(app, e.list, async (req) => w.list(await listDocuments(deps, req.ctx, kind, req.query)))
  serve(app, e.summary, async (req) => w.summary(await summarise(deps, req.ctx, kind, req.query)))
  serve(app, e.export, async (req, reply) => sendDocuments(deps, req.ctx, kind, req.query, reply))
  serve(app, e.detail, async (req) => w.detail(await documentDetail(deps, req.ctx, kind, req.params.id)))
  serve(app, e.create, async (req, reply) =>
    created(reply, w.saved(await createDocument(deps, req.ctx, kind, documentInput(req.body)))),
  )
  serve(app, e.update, async (req) => {
    const version = ifMatchVersion(req.headers['if-match'])
    return w.saved(await updateDocument(deps, req.ctx, kind, req.params.id, documentInput(req.body), version))
  })
  serve(app, e.remove, async (req) => removeDocument(deps, req.ctx, kind, req.params.id, req.query.status))
  serve(app, e.cancel, async (req) => cancelDocument(deps, req.ctx, kind, req.params.id))
  serve(app, e.markLive, async (req) => markLive(deps, req.ctx, kind, req.params.id))
  serve(app, e.recordPayment, async (req, reply) => {
    const key = idempotencyKey(req.headers['idempotency-key'])
    return created(reply, await recordPayment(deps, req.ctx, kind, req.params.id, req.body, key))
  })
}

/** Payments of either kind, the organisation's invoice details, invoice PDFs and their mail. */
export async function accountsRoutes(parent: App, deps: Deps) {
  deps.fileAccess.register('documents', invoicePdfAccess(deps))
  deps.outbox.on('invoice-mail', invoiceMailHandler(deps))
  await parent.register(async (app) => accountsScope(app, deps))
}

async function accountsScope(app: App, deps: Deps) {
  // A caller is refused before their request is even read (docs/product.md, "Who may use what"): by the
  // organisation's 'Who can open Accounts', then by the route's own role. Services check again.
  app.addHook('preValidation', async (req) => {
    await requireAccounts(deps.db, req.ctx)
    routeRule(req.method, req.routeOptions.url)?.(req.ctx)
  })
  await documentRoutes(app, deps, 'RECEIVABLE')
  await documentRoutes(app, deps, 'PAYABLE')
  serve(app, receivableEndpoints.email, async (req) => emailInvoice(deps, req.ctx, req.params.id))
  serve(app, receivableEndpoints.remind, async (req) => remindNow(deps, req.ctx, req.params.id))
  serve(app, receivableEndpoints.doNotRemind, async (req) =>
    setDoNotRemind(deps, req.ctx, req.params.id, req.body.do_not_remind),
  )
  serve(app, accountsEndpoints.updatePayment, async (req) =>
    updatePayment(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )
  serve(app, accountsEndpoints.deletePayment, async (req) => deletePayment(deps, req.ctx, req.params.id))
  serve(app, accountsEndpoints.organisation, async (req) => accountsOrganisation(deps, req.ctx))
  serve(app, gstEndpoints.gstr1Summary, async (req) => gstr1Summary(deps, req.ctx, req.query.period))
  serve(app, gstEndpoints.gstr1, async (req, reply) => {
    const { gstin, json, receivers } = await gstr1(deps, req.ctx, req.query.period)
    const fp = req.query.period.replace(/^(\d{4})-(\d{2})$/, '$2$1')
    const name = `GSTR1_${gstin}_${fp}.${req.query.format}`
    reply.header('content-disposition', `attachment; filename="${name}"`)
    if (req.query.format === 'json') return json
    const file = await gstr1Workbook(gstr1Sheets(json, receivers))
    return (
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('cache-control', 'no-store')
        // The route declares the JSON answer; a Buffer is sent as it is, past the JSON serializer.
        .send(file as unknown as Record<string, unknown>)
    )
  })
  serve(app, paymentReminderEndpoints.settings, async (req) => paymentReminderSettingsFor(deps, req.ctx))
  serve(app, paymentReminderEndpoints.update, async (req) =>
    updatePaymentReminderSettings(deps, req.ctx, req.body, ifMatchVersion(req.headers['if-match'])),
  )
}
