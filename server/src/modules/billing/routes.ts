import { billingEndpoints, deleteWithPasswordInput } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
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

  serve(app, billingEndpoints.list, async (req) => listInvoices(deps, req.ctx, req.params.id))

  // Multipart: the fields of createInvoiceInput and the PDF as invoice_pdf.
  serve(app, billingEndpoints.add, async (req, reply) => {
    const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
      invoice_pdf: INVOICE_PDF_RULE,
    })
    const result = await keepUploadsOnlyIf(deps.storage, files, () =>
      addInvoice(
        deps,
        req.ctx,
        req.params.id,
        parse(billingEndpoints.add.multipart, fields),
        files.invoice_pdf,
      ),
    )
    return created(reply, result)
  })

  serve(app, billingEndpoints.edit, async (req) =>
    editInvoice(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )

  serve(app, billingEndpoints.setStatus, async (req) =>
    setInvoiceStatus(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )

  // The password comes in the body, as the spec sends it, never in the address.
  serve(app, billingEndpoints.remove, async (req) => {
    const { password } = parse(deleteWithPasswordInput, { password: req.body?.password })
    return deleteInvoice(deps, req.ctx, req.params.id, password)
  })
}
