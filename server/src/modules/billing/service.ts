import type { createInvoiceInput, updateInvoiceInput } from '@daftar/domain'
import { billingMessages, INVOICE_PDF_MAX_BYTES, type InvoiceStatus, projectMessages } from '@daftar/domain'
import { and, asc, desc, eq, lte } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import { confirmOwnPassword } from '../../platform/confirm-password.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, notFound, preconditionFailed } from '../../platform/errors.ts'
import { contentTypeForKey, sniffFileType } from '../../platform/file-types.ts'
import { creator, updater } from '../../platform/register-queries.ts'
import { keepUploadsOnlyIf, type UploadedFile } from '../../platform/uploads.ts'
import { changedBy } from '../../platform/versioned-edit.ts'
import { assertReadable, assertWritable } from '../access/service.ts'
import { projectRegister } from '../projects/register.ts'
import { projects } from '../projects/schema.ts'
import { users } from '../users/schema.ts'
import { projectInvoices } from './schema.ts'

export const INVOICE_PDF_RULE = {
  area: 'invoices',
  maxBytes: INVOICE_PDF_MAX_BYTES,
  tooLargeMessage: billingMessages.pdfTooLarge,
  typeMessage: billingMessages.pdfOnly,
}

const clearer = alias(users, 'clearer')
const money = (v: string | null) => (v === null ? null : Number(v))

/** A project's invoices are audited as changes of the project. */
const auditProject = (
  tx: Tx,
  ctx: RequestContext,
  projectId: string,
  action: string,
  change: { before?: unknown; after?: unknown },
) => audit(tx, ctx, { action, entityType: 'PROJECT', entityId: projectId, ...change })

function selectInvoices(deps: Deps) {
  return deps.db
    .select({
      i: projectInvoices,
      createdBy: creator.fullName,
      updatedBy: updater.fullName,
      clearedBy: clearer.fullName,
    })
    .from(projectInvoices)
    .leftJoin(creator, eq(creator.userId, projectInvoices.createdBy))
    .leftJoin(updater, eq(updater.userId, projectInvoices.updatedBy))
    .leftJoin(clearer, eq(clearer.userId, projectInvoices.clearedBy))
}

type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number]

function present(row: InvoiceRow) {
  const i = row.i
  return {
    invoice_id: i.invoiceId,
    project_id: i.projectId,
    invoice_no: i.invoiceNo,
    title: i.title,
    description: i.description,
    amount: Number(i.amount),
    cost_incurred: money(i.costIncurred),
    invoice_date: i.invoiceDate,
    status: i.status,
    invoice_pdf_s3_key: i.pdfKey,
    transaction_id: i.transactionId,
    clearance_date: i.clearanceDate,
    cleared_by_full_name: row.clearedBy,
    created_by_full_name: row.createdBy,
    updated_by_full_name: row.updatedBy,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    version: i.version,
  }
}

/** The billing tab: invoices, newest first, and the three figures of its metric cards. */
export async function listInvoices(deps: Deps, ctx: RequestContext, projectId: string) {
  const access = await assertReadable(deps.db, ctx, projectRegister, projectId, projectMessages.notFound)
  const [rows, [project]] = await Promise.all([
    selectInvoices(deps)
      .where(and(eq(projectInvoices.projectId, projectId), eq(projectInvoices.orgId, ctx.orgId)))
      .orderBy(desc(projectInvoices.invoiceDate), asc(projectInvoices.invoiceNo)),
    deps.db
      .select({ orderValue: projects.workOrderTotalValue })
      .from(projects)
      .where(eq(projects.projectId, projectId)),
  ])
  const invoices = rows.map(present)
  const paise = (values: (number | null)[]) =>
    values.reduce<number>((sum, v) => sum + Math.round((v ?? 0) * 100), 0) / 100
  return {
    invoices,
    summary: {
      total_order_value: money(project?.orderValue ?? null) ?? 0,
      total_billed_amount: paise(invoices.map((i) => i.amount)),
      total_cost_incurred: paise(invoices.map((i) => i.cost_incurred)),
    },
    access_level: access,
  }
}

/**
 * PDF bytes under a PDF name: the type comes from the bytes and the served type from the stored key's
 * extension, which comes from the name (docs/security.md, "V5 File handling"), so both must say PDF.
 */
const isPdf = (pdf: UploadedFile) =>
  sniffFileType(pdf.head) === 'application/pdf' && contentTypeForKey(pdf.key) === 'application/pdf'

export async function addInvoice(
  deps: Deps,
  ctx: RequestContext,
  projectId: string,
  input: z.output<typeof createInvoiceInput>,
  pdf: UploadedFile | undefined,
) {
  return keepUploadsOnlyIf(deps.storage, { pdf }, async () => {
    await assertWritable(deps.db, ctx, projectRegister, projectId, projectMessages.notFound)
    if (!pdf) throw badRequest(billingMessages.addRequired)
    if (!isPdf(pdf)) throw badRequest(billingMessages.pdfOnly)
    return deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projectInvoices)
        .values({
          orgId: ctx.orgId,
          projectId,
          invoiceNo: input.invoice_no,
          title: input.title,
          description: input.description,
          amount: String(input.amount),
          costIncurred: input.cost_incurred === null ? null : String(input.cost_incurred),
          invoiceDate: input.invoice_date,
          status: input.status,
          pdfKey: pdf.key,
          transactionId: input.transaction_id,
          clearanceDate: input.clearance_date,
          clearedBy: input.status === 'CLEARED' ? ctx.userId : null,
          createdBy: ctx.userId,
          updatedBy: ctx.userId,
        })
        .returning()
      await auditProject(tx, ctx, projectId, 'INVOICE_CREATE', {
        after: {
          invoice_id: row!.invoiceId,
          invoice_no: row!.invoiceNo,
          amount: row!.amount,
          status: row!.status,
        },
      })
      return { message: billingMessages.added, invoice_id: row!.invoiceId }
    })
  })
}

async function findInvoice(deps: Deps, ctx: RequestContext, invoiceId: string) {
  const [invoice] = await deps.db
    .select()
    .from(projectInvoices)
    .where(and(eq(projectInvoices.invoiceId, invoiceId), eq(projectInvoices.orgId, ctx.orgId)))
  if (!invoice) throw notFound(billingMessages.notFound)
  // An invoice of a project the caller cannot see does not exist for them.
  await assertReadable(deps.db, ctx, projectRegister, invoice.projectId, billingMessages.notFound)
  return invoice
}

export async function editInvoice(
  deps: Deps,
  ctx: RequestContext,
  invoiceId: string,
  input: z.output<typeof updateInvoiceInput>,
  version?: number,
) {
  const invoice = await findInvoice(deps, ctx, invoiceId)
  await assertWritable(deps.db, ctx, projectRegister, invoice.projectId, billingMessages.notFound)
  if (version !== undefined && version !== invoice.version) throw preconditionFailed()
  // A cleared invoice cannot be dated after its clearance; the version guard below keeps
  // this check true at the moment of writing.
  if (invoice.clearanceDate && input.invoice_date > invoice.clearanceDate) {
    throw badRequest(billingMessages.clearanceBeforeInvoice)
  }
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(projectInvoices)
      .set({
        invoiceNo: input.invoice_no,
        title: input.title,
        description: input.description,
        amount: String(input.amount),
        costIncurred: input.cost_incurred === null ? null : String(input.cost_incurred),
        invoiceDate: input.invoice_date,
        ...changedBy(projectInvoices, ctx.userId),
      })
      .where(and(eq(projectInvoices.invoiceId, invoiceId), eq(projectInvoices.version, invoice.version)))
      .returning({ id: projectInvoices.invoiceId })
    if (updated.length === 0) throw preconditionFailed()
    await auditProject(tx, ctx, invoice.projectId, 'INVOICE_UPDATE', {
      before: { invoice_id: invoiceId, amount: invoice.amount },
      after: input,
    })
  })
  return { message: billingMessages.updated }
}

/**
 * Why a guarded status move changed nothing, read again after it: the invoice is gone (404), its
 * version is not the one sent (412), or it is already in the state asked for (409); otherwise its
 * date moved past the clearance meanwhile (400).
 */
async function whyNotMoved(tx: Tx, invoiceId: string, from: InvoiceStatus, version?: number) {
  const [now] = await tx
    .select({ status: projectInvoices.status, version: projectInvoices.version })
    .from(projectInvoices)
    .where(eq(projectInvoices.invoiceId, invoiceId))
  if (!now) return notFound(billingMessages.notFound)
  if (version !== undefined && version !== now.version) return preconditionFailed()
  if (now.status !== from)
    return conflict(from === 'PENDING' ? billingMessages.alreadyCleared : billingMessages.alreadyPending)
  return badRequest(billingMessages.clearanceBeforeInvoice)
}

/**
 * Admins only. CLEARED needs a clearance date; back to PENDING drops the clearance details. The move
 * is guarded in SQL (PENDING → CLEARED, CLEARED → PENDING) and by `If-Match` when sent, so of two
 * admins clearing at once exactly one wins; the other answers 409 (or 412 on a stale version). A
 * current version on an invoice already in the state asked for is the 409 too.
 */
export async function setInvoiceStatus(
  deps: Deps,
  ctx: RequestContext,
  invoiceId: string,
  input: { status: InvoiceStatus; transaction_id: string | null; clearance_date: string | null },
  version?: number,
) {
  requireAdmin(ctx, 'Only administrators can change the invoice status.')
  const invoice = await findInvoice(deps, ctx, invoiceId)
  if (version !== undefined && version !== invoice.version) throw preconditionFailed()
  const cleared = input.status === 'CLEARED'
  const from: InvoiceStatus = cleared ? 'PENDING' : 'CLEARED'
  // Never cleared before it was invoiced (checked again in the guarded update below).
  if (cleared && input.clearance_date && input.clearance_date < invoice.invoiceDate) {
    throw badRequest(billingMessages.clearanceBeforeInvoice)
  }
  await deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(projectInvoices)
      .set({
        status: input.status,
        transactionId: cleared ? input.transaction_id : null,
        clearanceDate: cleared ? input.clearance_date : null,
        clearedBy: cleared ? ctx.userId : null,
        ...changedBy(projectInvoices, ctx.userId),
      })
      .where(
        and(
          eq(projectInvoices.invoiceId, invoiceId),
          eq(projectInvoices.status, from),
          cleared && input.clearance_date
            ? lte(projectInvoices.invoiceDate, input.clearance_date)
            : undefined,
          version === undefined ? undefined : eq(projectInvoices.version, version),
        ),
      )
      .returning({ id: projectInvoices.invoiceId })
    if (moved.length === 0) throw await whyNotMoved(tx, invoiceId, from, version)
    await auditProject(tx, ctx, invoice.projectId, 'INVOICE_STATUS', {
      before: { invoice_id: invoiceId, status: invoice.status },
      after: input,
    })
  })
  return { message: billingMessages.statusUpdated }
}

/**
 * Admins only, confirmed with their own password. The row is deleted with RETURNING: of parallel
 * deletes one wins and writes the History entry, the rest answer 404 (docs/security.md, "V2
 * Validation and business logic").
 */
export async function deleteInvoice(deps: Deps, ctx: RequestContext, invoiceId: string, password: string) {
  requireAdmin(ctx, 'Only administrators can delete invoices.')
  await findInvoice(deps, ctx, invoiceId)
  await confirmOwnPassword(deps, ctx, password, billingMessages.wrongPassword)
  const invoice = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(projectInvoices)
      .where(and(eq(projectInvoices.invoiceId, invoiceId), eq(projectInvoices.orgId, ctx.orgId)))
      .returning()
    if (!row) throw notFound(billingMessages.notFound)
    await auditProject(tx, ctx, row.projectId, 'INVOICE_DELETE', {
      before: { invoice_id: invoiceId, invoice_no: row.invoiceNo, amount: row.amount },
    })
    return row
  })
  await deps.storage.delete(invoice.pdfKey).catch(() => {})
  return { message: billingMessages.deleted }
}

/** An invoice PDF may be read by whoever may read its project. */
export function invoicePdfAccess(deps: Deps) {
  return async (ctx: RequestContext, key: string) => {
    const [invoice] = await deps.db
      .select({ projectId: projectInvoices.projectId, invoiceNo: projectInvoices.invoiceNo })
      .from(projectInvoices)
      .where(and(eq(projectInvoices.pdfKey, key), eq(projectInvoices.orgId, ctx.orgId)))
    if (!invoice) return null
    try {
      await assertReadable(deps.db, ctx, projectRegister, invoice.projectId)
      return { fileName: `Invoice ${invoice.invoiceNo}.pdf` }
    } catch {
      return null
    }
  }
}
