import {
  createInvoiceInput,
  deleteWithPasswordInput,
  idParams,
  invoiceAdded,
  invoiceStatusInput,
  messageResponse,
  projectBilling,
  updateInvoiceInput,
} from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { keepUploadsOnlyIf, readMultipart } from '../../platform/uploads.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import {
  addInvoice,
  deleteInvoice,
  editInvoice,
  INVOICE_PDF_RULE,
  invoicePdfAccess,
  listInvoices,
  setInvoiceStatus,
} from './service.ts'

export async function billingRoutes(app: App, deps: Deps) {
  deps.fileAccess.register('documents', invoicePdfAccess(deps))

  app.get(
    '/billing/project/:id',
    { schema: { params: idParams, response: { 200: projectBilling } } },
    async (req) => listInvoices(deps, req.ctx, req.params.id),
  )

  // Multipart: the fields of createInvoiceInput and the PDF as invoice_pdf.
  app.post(
    '/billing/project/:id',
    { schema: { params: idParams, response: { 201: invoiceAdded } } },
    async (req, reply) => {
      const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
        invoice_pdf: INVOICE_PDF_RULE,
      })
      const result = await keepUploadsOnlyIf(deps.storage, files, () =>
        addInvoice(deps, req.ctx, req.params.id, parse(createInvoiceInput, fields), files.invoice_pdf),
      )
      reply.code(201)
      return result
    },
  )

  app.put(
    '/billing/invoice/:id',
    { schema: { params: idParams, body: updateInvoiceInput, response: { 200: messageResponse } } },
    async (req) =>
      editInvoice(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )

  app.put(
    '/billing/invoice/:id/status',
    { schema: { params: idParams, body: invoiceStatusInput, response: { 200: messageResponse } } },
    async (req) =>
      setInvoiceStatus(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )

  // The spec sends the password as the body of the DELETE; a query parameter is accepted too.
  app.delete(
    '/billing/invoice/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) =>
      deleteInvoice(
        deps,
        req.ctx,
        req.params.id,
        parse(deleteWithPasswordInput, req.body ?? req.query).password,
      ),
  )
}
