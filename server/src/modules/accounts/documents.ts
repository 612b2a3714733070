import {
  type AccountKind,
  accountMessages,
  fillReminder,
  formatCurrency,
  formatDate,
  type GstType,
  INVOICE_PDF_MAX_BYTES,
  placeName,
  placeOfSupply,
  type StoredAccountStatus,
  stateCodeOf,
} from '@daftar/domain'
import { and, eq, type SQL } from 'drizzle-orm'
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
import { reminderSettingsOf } from './reminders.ts'
import { accountInvoices } from './schema.ts'
import { upiLink } from './upi.ts'

const inv = accountInvoices

/** The place of supply a GST invoice must state, by the rule the GSTR-1 return files it under. */
function placeOfSupplyOf(
  client: { clientGstin: string | null; clientState: string | null; clientAddress: string | null },
  gstType: GstType,
  orgGstin: string | null,
) {
  const code = placeOfSupply(
    {
      clientGstin: client.clientGstin,
      clientState: client.clientState,
      clientAddress: client.clientAddress,
      gstType,
    },
    stateCodeOf(orgGstin),
  )
  return code ? placeName(code) : null
}

/** What a receivable's PDF prints, read in one snapshot with the key it is stored under. */
async function loadPdfData(deps: Deps, orgId: string, which: SQL) {
  const [row] = await deps.db
    .select({
      i: inv,
      org: organisations,
      clientName: clients.name,
      clientAddress: clients.officeAddress,
      clientGstin: clients.gstin,
      clientState: clients.stateCode,
      projectName: projects.name,
    })
    .from(inv)
    .innerJoin(organisations, eq(organisations.orgId, inv.orgId))
    .innerJoin(clients, eq(clients.clientId, inv.clientId))
    .leftJoin(projects, eq(projects.projectId, inv.projectId))
    .where(and(which, eq(inv.orgId, orgId), eq(inv.kind, 'RECEIVABLE')))
  if (!row) return null
  const { i, org } = row
  return {
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
      placeOfSupply: placeOfSupplyOf(row, i.gstType, org.gstin),
      projectName: row.projectName,
      invoiceNo: i.number,
      invoiceDate: i.documentDate,
      dueDate: i.dueDate,
      isRcm: i.isRcm,
      cancelled: i.status === 'CANCELLED',
      lines: await linesOf(deps.db, i.invoiceId),
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

/** Where a receivable's PDF is kept (the middle part of its storage key). */
export const RECEIVABLE_PDF_AREA = 'receivables'

/**
 * A new key for a receivable's PDF, set by every change that alters what the PDF prints (marked sent,
 * edited while live, cancelled, a payment that changes the amount paid): the PDF of the new version is
 * drawn when it is first downloaded (docs/decisions.md, "Invoice PDFs are drawn on download"). Bills
 * and drafts have none.
 */
export function freshPdfKey(orgId: string, kind: AccountKind, status: StoredAccountStatus) {
  return kind === 'RECEIVABLE' && status !== 'DRAFT'
    ? { pdfKey: newStorageKey(orgId, RECEIVABLE_PDF_AREA, 'pdf') }
    : {}
}

/** Once the change that replaced it has committed: the old version's PDF, if it was ever drawn, goes. */
export async function discardPdf(deps: Deps, key: string | null | undefined): Promise<void> {
  if (key) await deps.storage.delete(key).catch(() => {})
}

/**
 * The invoice whose PDF is stored under `key`, the PDF drawn (in the worker thread) and stored first
 * if this version was never downloaded; null when no invoice has that key any more.
 */
async function cachedPdf(deps: Deps, orgId: string, key: string) {
  const loaded = await loadPdfData(deps, orgId, eq(inv.pdfKey, key))
  if (!loaded || (await deps.storage.exists(key))) return loaded
  await deps.storage.put(key, await renderInvoicePdfOffThread(loaded.data), INVOICE_PDF_MAX_BYTES)
  // A change that replaced the key while this was drawn has already discarded it: leave no copy behind.
  const [current] = await deps.db
    .select({ id: inv.invoiceId })
    .from(inv)
    .where(and(eq(inv.pdfKey, key), eq(inv.orgId, orgId)))
  if (current) return loaded
  await discardPdf(deps, key)
  return null
}

/**
 * get-presigned-url for an invoice PDF: whoever may open Accounts in the invoice's organisation. This
 * is the PDF's download, so a version never downloaded before is drawn here.
 */
export function invoicePdfAccess(deps: Deps) {
  return async (ctx: RequestContext, key: string) => {
    if (!ctx.isAdmin && !ctx.isAccountant && (await accountsAccessOf(deps.db, ctx.orgId)) !== 'EVERYONE')
      return null
    const pdf = await cachedPdf(deps, ctx.orgId, key)
    return pdf ? { fileName: `Invoice ${pdf.data.invoiceNo}.pdf` } : null
  }
}

/** The invoice's current PDF (drawn if need be), reading its key again if a change replaced it meanwhile. */
async function currentPdf(deps: Deps, orgId: string, invoiceId: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await deps.db
      .select({ key: inv.pdfKey })
      .from(inv)
      .where(and(eq(inv.invoiceId, invoiceId), eq(inv.orgId, orgId)))
    if (!row?.key) return null
    const pdf = await cachedPdf(deps, orgId, row.key)
    if (pdf) return { key: row.key, ...pdf }
  }
  throw new Error(`The PDF of invoice ${invoiceId} kept changing while it was drawn`)
}

export interface InvoiceMail {
  orgId: string
  invoiceId: string
  to: string
  /** A payment reminder (docs/decisions.md, "Payment reminders"): its text names the days overdue. */
  reminder?: { daysOverdue: number }
}

/** A payment reminder's subject and text: the organisation's words, filled for this invoice. */
async function reminderMail(
  deps: Deps,
  orgId: string,
  d: NonNullable<Awaited<ReturnType<typeof loadPdfData>>>['data'],
  daysOverdue: number,
) {
  const settings = await reminderSettingsOf(deps.db, orgId)
  const upi = d.org.upiId && d.due > 0 ? upiLink(d.org.upiId, d.org.name, d.due, d.invoiceNo) : ''
  const values = {
    client: d.client.name,
    invoice_no: d.invoiceNo,
    amount_due: formatCurrency(d.due),
    due_date: d.dueDate ? formatDate(d.dueDate) : '',
    days_overdue: String(daysOverdue),
    upi_link: upi,
    organisation: d.org.name,
  }
  return {
    subject: fillReminder(settings.subject, values).replace(/\s+/g, ' '),
    text: fillReminder(settings.body, values),
    fromName: settings.sender_name ?? d.org.name,
    replyTo: settings.reply_to ?? undefined,
  }
}

/** The client's first contact e-mail, where invoices and reminders go. */
const contactEmail = (contacts: { email?: string | null }[] | undefined) =>
  contacts?.find((c) => c.email?.trim())?.email?.trim() || null

/** A receivable's client's first contact e-mail, read for a mail; a client without one answers 422. */
export async function clientEmailOf(deps: Deps, doc: { partyId: string }) {
  const [client] = await deps.db
    .select({ contacts: clients.contacts })
    .from(clients)
    .where(eq(clients.clientId, doc.partyId))
  const to = contactEmail(client?.contacts)
  if (!to) throw unprocessable(accountMessages.noContactEmail)
  return to
}

/** Beyond the spec: 'Email invoice' sends the PDF to the client's first contact email, via the outbox. */
export async function emailInvoice(deps: Deps, ctx: RequestContext, invoiceId: string) {
  requireAccountant(ctx, accountMessages.emailOnly)
  const doc = await findDocument(deps.db, ctx, 'RECEIVABLE', invoiceId)
  if (!doc.pdfKey) throw conflict(accountMessages.noPdf)
  if (doc.status === 'CANCELLED') throw conflict(accountMessages.noEmailCancelled)
  const to = await clientEmailOf(deps, doc)
  await deps.db.transaction(async (tx) => {
    await enqueue(tx, 'invoice-mail', { orgId: ctx.orgId, invoiceId, to } satisfies InvoiceMail, ctx.orgId)
    await audit(tx, ctx, { action: 'EMAIL', entityType: 'RECEIVABLE', entityId: invoiceId, after: { to } })
  })
  return { message: `Invoice ${doc.number} will be emailed to ${to}.` }
}

/** Delivers an 'invoice-mail' outbox event with the invoice's current PDF attached. */
export function invoiceMailHandler(deps: Deps) {
  return async (payload: unknown) => {
    const { orgId, invoiceId, to, reminder } = payload as InvoiceMail
    const loaded = await currentPdf(deps, orgId, invoiceId)
    if (!loaded) return // deleted meanwhile: nothing to send
    if (loaded.data.cancelled) return // cancelled meanwhile: the client is not sent a void invoice
    const file = await deps.storage.read(loaded.key)
    if (!file) throw new Error(`Invoice PDF ${loaded.key} is missing`)
    const chunks: Buffer[] = []
    for await (const chunk of file.stream) chunks.push(chunk as Buffer)
    const d = loaded.data
    if (reminder && d.due <= 0) return // paid meanwhile: a cleared due stops its reminders
    const attachments = [{ filename: `Invoice ${d.invoiceNo}.pdf`, content: Buffer.concat(chunks) }]
    if (reminder) {
      await deps.mailer.send({
        to,
        ...(await reminderMail(deps, orgId, d, reminder.daysOverdue)),
        attachments,
      })
      return
    }
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
      attachments,
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
