import {
  type AccountKind,
  type AccountListQuery,
  accountsEndpoints,
  accountsToday,
  payableEndpoints,
  receivableEndpoints,
} from '@daftar/domain'
import type { FastifyReply } from 'fastify'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { idempotencyKey, ifMatchVersion } from '../../platform/validation.ts'
import { csvFileName, csvStream } from './csv.ts'
import {
  accountsOrganisation,
  emailInvoice,
  invoiceMailHandler,
  invoicePdfAccess,
  refreshPdf,
} from './documents.ts'
import { cancelDocument, createDocument, markLive, removeDocument, updateDocument } from './invoices.ts'
import { fromPayable, fromReceivable, requireAccounts, routeRule } from './kinds.ts'
import { deletePayment, recordPayment, updatePayment } from './payments.ts'
import * as present from './presenter.ts'
import { documentDetail, exportRows, listDocuments, summarise } from './queries.ts'

/** GET …/export: the filtered list as a CSV file, streamed. */
async function sendCsv(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  query: AccountListQuery,
  reply: FastifyReply,
) {
  const rows = exportRows(deps, ctx, kind, query)
  // The first step checks the caller's right before any byte is sent.
  const first = await rows.next()
  async function* all() {
    if (!first.done) yield first.value
    yield* rows
  }
  const today = first.done ? undefined : first.value.today
  const name = csvFileName(kind, today ?? accountsToday())
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(kind, all()))
}

const ifMatch = (header: string | string[] | undefined) => ifMatchVersion(header)

export async function receivableRoutes(app: App, deps: Deps) {
  const kind = 'RECEIVABLE'
  const e = receivableEndpoints
  serve(app, e.list, async (req) => {
    const r = await listDocuments(deps, req.ctx, kind, req.query)
    return { receivables: r.rows.map((row) => present.receivableItem(row, r.today)), ...r }
  })
  serve(app, e.summary, async (req) => {
    const s = await summarise(deps, req.ctx, kind, req.query)
    return {
      totalReceivable: s.outstanding,
      totalOverdue: s.overdue,
      draftCount: s.draftCount,
      draftTotalValue: s.draftTotal,
      receivedThisMonth: s.received,
      aging: s.aging,
    }
  })
  serve(app, e.export, async (req, reply) => sendCsv(deps, req.ctx, kind, req.query, reply))
  serve(app, e.detail, async (req) => {
    let d = await documentDetail(deps, req.ctx, kind, req.params.id)
    // A live invoice without its PDF (seeded, or its generation failed) gets one now.
    if (!d.row.pdfKey && d.row.status !== 'DRAFT' && d.row.status !== 'CANCELLED') {
      await refreshPdf(deps, req.ctx.orgId, req.params.id)
      d = await documentDetail(deps, req.ctx, kind, req.params.id)
    }
    return present.receivableDetail(d.row, d.lines, d.payments, d.today)
  })
  serve(app, e.create, async (req, reply) => {
    const r = await createDocument(deps, req.ctx, kind, fromReceivable(req.body))
    reply.code(201)
    return { message: r.message, receivable_id: r.id }
  })
  serve(app, e.update, async (req) => {
    const version = ifMatch(req.headers['if-match'])
    const r = await updateDocument(deps, req.ctx, kind, req.params.id, fromReceivable(req.body), version)
    return { message: r.message, receivable_id: r.id }
  })
  serve(app, e.remove, async (req) => removeDocument(deps, req.ctx, kind, req.params.id, req.query.status))
  serve(app, e.cancel, async (req) => cancelDocument(deps, req.ctx, kind, req.params.id))
  serve(app, e.markLive, async (req) => markLive(deps, req.ctx, kind, req.params.id))
  serve(app, e.email, async (req) => emailInvoice(deps, req.ctx, req.params.id))
  serve(app, e.recordPayment, async (req, reply) => {
    const key = idempotencyKey(req.headers['idempotency-key'])
    const result = await recordPayment(deps, req.ctx, kind, req.params.id, req.body, key)
    reply.code(201)
    return result
  })
}

export async function payableRoutes(app: App, deps: Deps) {
  const kind = 'PAYABLE'
  const e = payableEndpoints
  serve(app, e.list, async (req) => {
    const r = await listDocuments(deps, req.ctx, kind, req.query)
    return { payables: r.rows.map((row) => present.payableItem(row, r.today)), ...r }
  })
  serve(app, e.summary, async (req) => {
    const s = await summarise(deps, req.ctx, kind, req.query)
    return {
      totalPayable: s.outstanding,
      totalOverdue: s.overdue,
      draftCount: s.draftCount,
      draftTotalValue: s.draftTotal,
      paidThisMonth: s.received,
      aging: s.aging,
    }
  })
  serve(app, e.export, async (req, reply) => sendCsv(deps, req.ctx, kind, req.query, reply))
  serve(app, e.detail, async (req) => {
    const d = await documentDetail(deps, req.ctx, kind, req.params.id)
    return present.payableDetail(d.row, d.lines, d.payments, d.today)
  })
  serve(app, e.create, async (req, reply) => {
    const r = await createDocument(deps, req.ctx, kind, fromPayable(req.body))
    reply.code(201)
    return { message: r.message, payable_id: r.id }
  })
  serve(app, e.update, async (req) => {
    const version = ifMatch(req.headers['if-match'])
    const r = await updateDocument(deps, req.ctx, kind, req.params.id, fromPayable(req.body), version)
    return { message: r.message, payable_id: r.id }
  })
  serve(app, e.remove, async (req) => removeDocument(deps, req.ctx, kind, req.params.id, req.query.status))
  serve(app, e.cancel, async (req) => cancelDocument(deps, req.ctx, kind, req.params.id))
  serve(app, e.markLive, async (req) => markLive(deps, req.ctx, kind, req.params.id))
  serve(app, e.recordPayment, async (req, reply) => {
    const key = idempotencyKey(req.headers['idempotency-key'])
    const result = await recordPayment(deps, req.ctx, kind, req.params.id, req.body, key)
    reply.code(201)
    return result
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
  await receivableRoutes(app, deps)
  await payableRoutes(app, deps)
  serve(app, accountsEndpoints.updatePayment, async (req) =>
    updatePayment(deps, req.ctx, req.params.id, req.body, ifMatch(req.headers['if-match'])),
  )
  serve(app, accountsEndpoints.deletePayment, async (req) => deletePayment(deps, req.ctx, req.params.id))
  serve(app, accountsEndpoints.organisation, async (req) => accountsOrganisation(deps, req.ctx))
}
