import { accountMessages, formatCurrency, formatDate, INVOICE_PDF_MAX_BYTES } from '@daftar/domain'
import { and, eq, isNull } from 'drizzle-orm'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { conflict, unprocessable } from '../../platform/errors.ts'
import { enqueue } from '../../platform/outbox.ts'
import { newStorageKey } from '../../platform/storage.ts'
import { clients } from '../clients/schema.ts'
import { organisations } from '../organisations/schema.ts'
import { accountsAccessOf } from '../organisations/service.ts'
import { projects } from '../projects/schema.ts'
import { requireAccountant, requireAccounts } from './kinds.ts'
import { renderInvoicePdfOffThread } from './pdf-renderer.ts'
import { findDocument, linesOf } from './queries.ts'
import { accountInvoices } from './schema.ts'

const inv = accountInvoices

async function loadPdfData(deps: Deps, orgId: string, invoiceId: string) {
  const [row] = await deps.db
    .select({
      i: inv,
      org: organisations,
      clientName: clients.name,
      clientAddress: clients.officeAddress,
      clientGstin: clients.gstin,
      projectName: projects.name,
    })
    .from(inv)
    .innerJoin(organisations, eq(organisations.orgId, inv.orgId))
    .innerJoin(clients, eq(clients.clientId, inv.clientId))
    .leftJoin(projects, eq(projects.projectId, inv.projectId))
    .where(and(eq(inv.invoiceId, invoiceId), eq(inv.orgId, orgId), eq(inv.kind, 'RECEIVABLE')))
  if (!row) return null
  const { i, org } = row
  return {
    status: i.status,
    pdfKey: i.pdfKey,
    data: {
      org: {
        name: org.name,
        address: org.address,
        gstin: org.gstin,
        bankAccountName: org.bankAccountName,
        bankName: org.bankName,
        bankAccountNumber: org.bankAccountNumber,
        bankIfsc: org.bankIfsc,
        bankBranch: org.bankBranch,
        upiId: org.upiId,
      },
      client: { name: row.clientName, address: row.clientAddress, gstin: row.clientGstin },
      projectName: row.projectName,
      invoiceNo: i.number,
      invoiceDate: i.documentDate,
      dueDate: i.dueDate,
      isRcm: i.isRcm,
      lines: await linesOf(deps.db, invoiceId),
      subtotal: Number(i.subtotal),
      cgst: Number(i.cgstAmount),
      sgst: Number(i.sgstAmount),
      igst: Number(i.igstAmount),
      roundOff: Number(i.roundOff),
      total: Number(i.totalAmount),
      paid: Number(i.amountPaid),
      due: Number(i.amountDue),
    },
  }
}

/**
 * (Re)generates a receivable's PDF from what is committed now, after the change that calls it
 * (marked sent, edited, a payment recorded, changed or deleted). The new key replaces the old one only
 * if no other regeneration replaced it meanwhile; otherwise this one reads again, so the stored PDF
 * always shows the latest state. Drafts have none. Failures are logged: the change itself stands.
 */
export async function refreshPdf(deps: Deps, orgId: string, invoiceId: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    let key: string | undefined
    try {
      const loaded = await loadPdfData(deps, orgId, invoiceId)
      if (!loaded || loaded.status === 'DRAFT') return
      const bytes = await renderInvoicePdfOffThread(loaded.data)
      key = newStorageKey(orgId, 'receivables', 'pdf')
      await deps.storage.put(key, bytes, INVOICE_PDF_MAX_BYTES)
      const old = loaded.pdfKey
      const [swapped] = await deps.db
        .update(inv)
        .set({ pdfKey: key })
        .where(and(eq(inv.invoiceId, invoiceId), old === null ? isNull(inv.pdfKey) : eq(inv.pdfKey, old)))
        .returning({ id: inv.invoiceId })
      if (swapped) {
        if (old) await deps.storage.delete(old).catch(() => {})
        return
      }
      await deps.storage.delete(key).catch(() => {})
    } catch (error) {
      if (key) await deps.storage.delete(key).catch(() => {})
      deps.log.error({ err: error, invoiceId }, 'invoice PDF generation failed')
      return
    }
  }
}

/** get-presigned-url for an invoice PDF: whoever may open Accounts in the invoice's organisation. */
export function invoicePdfAccess(deps: Deps) {
  return async (ctx: RequestContext, key: string) => {
    if (!ctx.isAdmin && !ctx.isAccountant && (await accountsAccessOf(deps.db, ctx.orgId)) !== 'EVERYONE')
      return null
    const [row] = await deps.db
      .select({ number: inv.number })
      .from(inv)
      .where(and(eq(inv.pdfKey, key), eq(inv.orgId, ctx.orgId)))
    return row ? { fileName: `Invoice ${row.number}.pdf` } : null
  }
}

interface InvoiceMail {
  orgId: string
  invoiceId: string
  to: string
}

/** Beyond the spec: 'Email invoice' sends the PDF to the client's first contact email, via the outbox. */
export async function emailInvoice(deps: Deps, ctx: RequestContext, invoiceId: string) {
  requireAccountant(ctx, accountMessages.emailOnly)
  const doc = await findDocument(deps.db, ctx, 'RECEIVABLE', invoiceId)
  if (!doc.pdfKey) throw conflict(accountMessages.noPdf)
  const [client] = await deps.db
    .select({ contacts: clients.contacts })
    .from(clients)
    .where(eq(clients.clientId, doc.partyId))
  const to = client?.contacts.find((c) => c.email?.trim())?.email?.trim()
  if (!to) throw unprocessable(accountMessages.noContactEmail)
  await deps.db.transaction(async (tx) => {
    await enqueue(tx, 'invoice-mail', { orgId: ctx.orgId, invoiceId, to } satisfies InvoiceMail, ctx.orgId)
    await audit(tx, ctx, { action: 'EMAIL', entityType: 'RECEIVABLE', entityId: invoiceId, after: { to } })
  })
  return { message: `Invoice ${doc.number} will be emailed to ${to}.` }
}

/** Delivers an 'invoice-mail' outbox event with the invoice's current PDF attached. */
export function invoiceMailHandler(deps: Deps) {
  return async (payload: unknown) => {
    const { orgId, invoiceId, to } = payload as InvoiceMail
    const loaded = await loadPdfData(deps, orgId, invoiceId)
    if (!loaded?.pdfKey) return // deleted meanwhile: nothing to send
    const file = await deps.storage.read(loaded.pdfKey)
    if (!file) throw new Error(`Invoice PDF ${loaded.pdfKey} is missing`)
    const chunks: Buffer[] = []
    for await (const chunk of file.stream) chunks.push(chunk as Buffer)
    const d = loaded.data
    await deps.mailer.send({
      to,
      subject: `Invoice ${d.invoiceNo} from ${d.org.name}`,
      text: [
        `Dear ${d.client.name},`,
        '',
        `Please find attached invoice ${d.invoiceNo} dated ${formatDate(d.invoiceDate)} for ${formatCurrency(d.total)}.`,
        d.dueDate ? `Amount due: ${formatCurrency(d.due)}, by ${formatDate(d.dueDate)}.` : '',
        '',
        `Regards,`,
        d.org.name,
      ]
        .filter((l, i, all) => l !== '' || all[i - 1] !== '')
        .join('\n'),
      attachments: [{ filename: `Invoice ${d.invoiceNo}.pdf`, content: Buffer.concat(chunks) }],
    })
  }
}

/** The organisation as invoices show it: for the form's GST proposal. */
export async function accountsOrganisation(deps: Deps, ctx: RequestContext) {
  await requireAccounts(deps.db, ctx)
  const [org] = await deps.db
    .select({
      name: organisations.name,
      gstin: organisations.gstin,
      address: organisations.address,
      upi_id: organisations.upiId,
    })
    .from(organisations)
    .where(eq(organisations.orgId, ctx.orgId))
  return org ?? { name: '', gstin: null, address: null, upi_id: null }
}
