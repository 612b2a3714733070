import { buildGstr1, type Gstr1Invoice, gstr1Messages, toPaise } from '@daftar/domain'
import { eq, sql } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { unprocessable } from '../../platform/errors.ts'
import { organisations } from '../organisations/schema.ts'
import { requireAccountant } from './kinds.ts'

interface InvoiceRow extends Record<string, unknown> {
  number: string
  date: string
  status: string
  gst_type: Gstr1Invoice['gstType']
  is_rcm: boolean
  total_amount: string
  cgst_amount: string
  sgst_amount: string
  igst_amount: string
  client_id: string
  client_name: string
  client_gstin: string | null
  client_state: string | null
  client_address: string | null
  lines: {
    hsn: string | null
    description: string
    qty: string
    unit: string
    gst_rate: number
    basic: string
  }[]
}

const firstOfNextMonth = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number]
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
}

/**
 * The month's GSTR-1 (docs/decisions.md, "GSTR-1"), admins and accountants: the receivables dated in
 * the month that were issued (not drafts; cancelled ones are counted apart), with their lines, in one
 * query on the invoices' date index, built into the portal's JSON and the page's summary.
 */
export async function gstr1(deps: Deps, ctx: RequestContext, period: string) {
  requireAccountant(ctx, gstr1Messages.adminsAndAccountants)
  const [org] = await deps.db
    .select({ gstin: organisations.gstin })
    .from(organisations)
    .where(eq(organisations.orgId, ctx.orgId))
  if (!org?.gstin) throw unprocessable(gstr1Messages.noGstin)
  const rows = await deps.db.execute<InvoiceRow>(sql`
    select i.number, i.document_date::text as date, i.status, i.gst_type, i.is_rcm, i.total_amount,
      i.cgst_amount, i.sgst_amount, i.igst_amount, c.client_id, c.name as client_name, c.gstin as client_gstin,
      c.state_code as client_state, c.office_address as client_address,
      coalesce(json_agg(json_build_object('hsn', l.sac_code, 'description', l.description, 'qty', l.qty,
        'unit', l.unit, 'gst_rate', l.gst_rate, 'basic', l.basic_amount) order by l.position)
        filter (where l.invoice_id is not null), '[]') as lines
    from account_invoices i
    join clients c on c.client_id = i.client_id
    left join account_invoice_lines l on l.invoice_id = i.invoice_id
    where i.org_id = ${ctx.orgId} and i.kind = 'RECEIVABLE' and i.status <> 'DRAFT'
      and i.document_date >= ${`${period}-01`}::date and i.document_date < ${firstOfNextMonth(period)}::date
    group by i.invoice_id, c.client_id`)
  const invoices: Gstr1Invoice[] = rows.rows.map((r) => ({
    number: r.number,
    date: r.date,
    cancelled: r.status === 'CANCELLED',
    clientId: r.client_id,
    clientName: r.client_name,
    clientGstin: r.client_gstin,
    clientState: r.client_state,
    clientAddress: r.client_address,
    gstType: r.gst_type,
    isRcm: r.is_rcm,
    total: toPaise(Number(r.total_amount)),
    cgst: toPaise(Number(r.cgst_amount)),
    sgst: toPaise(Number(r.sgst_amount)),
    igst: toPaise(Number(r.igst_amount)),
    lines: r.lines.map((l) => ({
      hsn: l.hsn?.trim() || null,
      description: l.description,
      qty: Number(l.qty),
      unit: l.unit,
      gstRate: Number(l.gst_rate),
      basic: toPaise(Number(l.basic)),
    })),
  }))
  return { gstin: org.gstin, ...buildGstr1(org.gstin, period, invoices) }
}

/** The page's summary: the section totals in rupees, the documents, the cancelled and the problems. */
export async function gstr1Summary(deps: Deps, ctx: RequestContext, period: string) {
  const { gstin, summary, problems, unplaced } = await gstr1(deps, ctx, period)
  const inRupees = (t: { count: number; txval: number; iamt: number; camt: number; samt: number }) => ({
    count: t.count,
    txval: t.txval / 100,
    iamt: t.iamt / 100,
    camt: t.camt / 100,
    samt: t.samt / 100,
  })
  return {
    gstin,
    period,
    b2b: inRupees(summary.b2b),
    b2cl: inRupees(summary.b2cl),
    b2cs: inRupees(summary.b2cs),
    nil: inRupees(summary.nil),
    hsn: inRupees(summary.hsn),
    documents: summary.documents,
    cancelled: summary.cancelled.map((c) => ({ ...c, total: c.total / 100 })),
    problems,
    unplaced: unplaced.map((u) => ({ number: u.number, client_id: u.clientId, client: u.clientName })),
  }
}
