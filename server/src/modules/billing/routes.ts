import {
  createInvoiceInput,
  deleteWithPasswordInput,
  invoiceStatusInput,
  updateInvoiceInput,
} from '@daftar/domain'
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
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

type IdParams = { Params: { id: string } }

export async function billingRoutes(app: FastifyInstance, deps: Deps) {
  deps.fileAccess.register('documents', invoicePdfAccess(deps))

  app.get<IdParams>('/billing/project/:id', async (req) => listInvoices(deps, req.ctx, req.params.id))

  app.post<IdParams>('/billing/project/:id', async (req, reply) => {
    const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
      invoice_pdf: INVOICE_PDF_RULE,
    })
    const result = await keepUploadsOnlyIf(deps.storage, files, () =>
      addInvoice(deps, req.ctx, req.params.id, parse(createInvoiceInput, fields), files.invoice_pdf),
    )
    reply.code(201)
    return result
  })

  app.put<IdParams>('/billing/invoice/:id', async (req) =>
    editInvoice(
      deps,
      req.ctx,
      req.params.id,
      parse(updateInvoiceInput, req.body),
      ifMatchVersion(req.headers['if-match']),
    ),
  )

  app.put<IdParams>('/billing/invoice/:id/status', async (req) =>
    setInvoiceStatus(deps, req.ctx, req.params.id, parse(invoiceStatusInput, req.body)),
  )

  app.delete<IdParams>('/billing/invoice/:id', async (req) =>
    deleteInvoice(
      deps,
      req.ctx,
      req.params.id,
      parse(deleteWithPasswordInput, req.body ?? req.query).password,
    ),
  )
}
