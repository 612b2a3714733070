import {
  type AccountKind,
  type AccountListQuery,
  accountsOrganisation as accountsOrganisationSchema,
  accountsToday,
  idParams,
  messageResponse,
  payableDetail,
  payableInput,
  payableList,
  payableListQuery,
  payableSaved,
  payableSummary,
  paymentInput,
  paymentResult,
  paymentUpdateInput,
  receivableDetail,
  receivableInput,
  receivableList,
  receivableListQuery,
  receivableSaved,
  receivableSummary,
} from '@daftar/domain'
import type { FastifyReply } from 'fastify'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { idempotencyKey, ifMatchVersion } from '../../platform/validation.ts'
import { csvFileName, csvStream } from './csv.ts'
import {
  accountsOrganisation,
  emailInvoice,
  invoiceMailHandler,
  invoicePdfAccess,
  refreshPdf,
} from './documents.ts'
import { createDocument, markLive, removeDocument, updateDocument } from './invoices.ts'
import { fromPayable, fromReceivable, requireAccounts } from './kinds.ts'
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
  app.get(
    '/receivables',
    { schema: { querystring: receivableListQuery, response: { 200: receivableList } } },
    async (req) => {
      const r = await listDocuments(deps, req.ctx, kind, req.query)
      return { receivables: r.rows.map((row) => present.receivableItem(row, r.today)), ...r }
    },
  )
  app.get(
    '/receivables/summary',
    { schema: { querystring: receivableListQuery, response: { 200: receivableSummary } } },
    async (req) => {
      const s = await summarise(deps, req.ctx, kind, req.query)
      return {
        totalReceivable: s.outstanding,
        totalOverdue: s.overdue,
        draftCount: s.draftCount,
        draftTotalValue: s.draftTotal,
        receivedThisMonth: s.received,
        aging: s.aging,
      }
    },
  )
  app.get('/receivables/export', { schema: { querystring: receivableListQuery } }, async (req, reply) =>
    sendCsv(deps, req.ctx, kind, req.query, reply),
  )
  app.get(
    '/receivables/:id',
    { schema: { params: idParams, response: { 200: receivableDetail } } },
    async (req) => {
      let d = await documentDetail(deps, req.ctx, kind, req.params.id)
      // A live invoice without its PDF (seeded, or its generation failed) gets one now.
      if (!d.row.pdfKey && d.row.status !== 'DRAFT' && d.row.status !== 'CANCELLED') {
        await refreshPdf(deps, req.ctx.orgId, req.params.id)
        d = await documentDetail(deps, req.ctx, kind, req.params.id)
      }
      return present.receivableDetail(d.row, d.lines, d.payments, d.today)
    },
  )
  app.post(
    '/receivables',
    { schema: { body: receivableInput, response: { 201: receivableSaved } } },
    async (req, reply) => {
      const r = await createDocument(deps, req.ctx, kind, fromReceivable(req.body))
      reply.code(201)
      return { message: r.message, receivable_id: r.id }
    },
  )
  app.put(
    '/receivables/:id',
    { schema: { params: idParams, body: receivableInput, response: { 200: receivableSaved } } },
    async (req) => {
      const version = ifMatch(req.headers['if-match'])
      const r = await updateDocument(deps, req.ctx, kind, req.params.id, fromReceivable(req.body), version)
      return { message: r.message, receivable_id: r.id }
    },
  )
  app.delete(
    '/receivables/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => removeDocument(deps, req.ctx, kind, req.params.id),
  )
  app.put(
    '/receivables/:id/send',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => markLive(deps, req.ctx, kind, req.params.id),
  )
  app.post(
    '/receivables/:id/email',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => emailInvoice(deps, req.ctx, req.params.id),
  )
  app.post(
    '/receivables/:id/payments',
    { schema: { params: idParams, body: paymentInput, response: { 201: paymentResult } } },
    async (req, reply) => {
      const key = idempotencyKey(req.headers['idempotency-key'])
      const result = await recordPayment(deps, req.ctx, kind, req.params.id, req.body, key)
      reply.code(201)
      return result
    },
  )
}

export async function payableRoutes(app: App, deps: Deps) {
  const kind = 'PAYABLE'
  app.get(
    '/payables',
    { schema: { querystring: payableListQuery, response: { 200: payableList } } },
    async (req) => {
      const r = await listDocuments(deps, req.ctx, kind, req.query)
      return { payables: r.rows.map((row) => present.payableItem(row, r.today)), ...r }
    },
  )
  app.get(
    '/payables/summary',
    { schema: { querystring: payableListQuery, response: { 200: payableSummary } } },
    async (req) => {
      const s = await summarise(deps, req.ctx, kind, req.query)
      return {
        totalPayable: s.outstanding,
        totalOverdue: s.overdue,
        draftCount: s.draftCount,
        draftTotalValue: s.draftTotal,
        paidThisMonth: s.received,
        aging: s.aging,
      }
    },
  )
  app.get('/payables/export', { schema: { querystring: payableListQuery } }, async (req, reply) =>
    sendCsv(deps, req.ctx, kind, req.query, reply),
  )
  app.get(
    '/payables/:id',
    { schema: { params: idParams, response: { 200: payableDetail } } },
    async (req) => {
      const d = await documentDetail(deps, req.ctx, kind, req.params.id)
      return present.payableDetail(d.row, d.lines, d.payments, d.today)
    },
  )
  app.post(
    '/payables',
    { schema: { body: payableInput, response: { 201: payableSaved } } },
    async (req, reply) => {
      const r = await createDocument(deps, req.ctx, kind, fromPayable(req.body))
      reply.code(201)
      return { message: r.message, payable_id: r.id }
    },
  )
  app.put(
    '/payables/:id',
    { schema: { params: idParams, body: payableInput, response: { 200: payableSaved } } },
    async (req) => {
      const version = ifMatch(req.headers['if-match'])
      const r = await updateDocument(deps, req.ctx, kind, req.params.id, fromPayable(req.body), version)
      return { message: r.message, payable_id: r.id }
    },
  )
  app.delete(
    '/payables/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => removeDocument(deps, req.ctx, kind, req.params.id),
  )
  app.put(
    '/payables/:id/receive',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => markLive(deps, req.ctx, kind, req.params.id),
  )
  app.post(
    '/payables/:id/payments',
    { schema: { params: idParams, body: paymentInput, response: { 201: paymentResult } } },
    async (req, reply) => {
      const key = idempotencyKey(req.headers['idempotency-key'])
      const result = await recordPayment(deps, req.ctx, kind, req.params.id, req.body, key)
      reply.code(201)
      return result
    },
  )
}

/** Payments of either kind, the organisation's invoice details, invoice PDFs and their mail. */
export async function accountsRoutes(parent: App, deps: Deps) {
  deps.fileAccess.register('documents', invoicePdfAccess(deps))
  deps.outbox.on('invoice-mail', invoiceMailHandler(deps))
  await parent.register(async (app) => accountsScope(app, deps))
}

async function accountsScope(app: App, deps: Deps) {
  // Staff are refused before their request is even read (docs/product.md, "Who may use what"); services check again.
  app.addHook('preValidation', async (req) => requireAccounts(req.ctx))
  await receivableRoutes(app, deps)
  await payableRoutes(app, deps)
  app.put(
    '/payments/:id',
    { schema: { params: idParams, body: paymentUpdateInput, response: { 200: paymentResult } } },
    async (req) => updatePayment(deps, req.ctx, req.params.id, req.body, ifMatch(req.headers['if-match'])),
  )
  app.delete(
    '/payments/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => deletePayment(deps, req.ctx, req.params.id),
  )
  app.get(
    '/accounts/organisation',
    { schema: { response: { 200: accountsOrganisationSchema } } },
    async (req) => accountsOrganisation(deps, req.ctx),
  )
}
