import {
  type AccountKind,
  accountsToday,
  type GstType,
  type PaymentMode,
  type StoredAccountStatus,
  supplierData,
} from '@daftar/domain'
import { asc, eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/connection.ts'
import { freshPdfKey } from '../modules/accounts/documents.ts'
import { documentAmounts, documentColumns } from '../modules/accounts/invoices.ts'
import { type DocumentInput, numericOf, statusAfterPayments } from '../modules/accounts/kinds.ts'
import { accountInvoiceLines, accountInvoices, accountPayments } from '../modules/accounts/schema.ts'
import { clients } from '../modules/clients/schema.ts'
import { organisations } from '../modules/organisations/schema.ts'
import { projects } from '../modules/projects/schema.ts'
import { supplierRegister } from '../modules/suppliers/register.ts'
import { suppliers } from '../modules/suppliers/schema.ts'
import { users } from '../modules/users/schema.ts'

interface DemoLine {
  description: string
  sac_code: string
  qty: number
  unit: string
  rate: number
  gst_rate: number
}

interface DemoDocument {
  kind: AccountKind
  party: number
  project?: number
  number: string
  date: number
  due: number | null
  status: 'DRAFT' | 'LIVE' | 'CANCELLED'
  gstType: GstType
  isRcm?: boolean
  lines: DemoLine[]
  payments?: { share: number; day: number; mode: PaymentMode; ref: string }[]
}

const day = (offset: number) => {
  const d = new Date(`${accountsToday()}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + offset)
  return d.toISOString().slice(0, 10)
}

const demoSuppliers = [
  { name: 'Aqua Pumps & Motors', product_category: 'Pumps', gstin: '27AAACA4321B1ZG' },
  { name: 'Bharat Chemicals', product_category: 'Chemicals', gstin: '24AABCW7788K1ZN' },
]

const service = (description: string, qty: number, rate: number): DemoLine => ({
  description,
  sac_code: '998719',
  qty,
  unit: 'Nos',
  rate,
  gst_rate: 18,
})

/**
 * Receivables and payables of the demo organisation in every status, one overdue, with payments
 * (README, "Run it"), and the organisation's invoice details so that invoice PDFs carry a UPI QR.
 */
const documents: DemoDocument[] = [
  {
    kind: 'RECEIVABLE',
    party: 0,
    project: 0,
    number: 'INV-2026-001',
    date: -62,
    due: -32,
    status: 'LIVE',
    gstType: 'INTRASTATE',
    lines: [
      service('ETP upgrade: design and engineering', 1, 185000),
      service('Site supervision (man-days)', 12, 4500),
    ],
    payments: [{ share: 1, day: -35, mode: 'Bank Transfer', ref: 'UTR2026091181' }],
  },
  {
    kind: 'RECEIVABLE',
    party: 1,
    project: 1,
    number: 'INV-2026-002',
    date: -24,
    due: 6,
    status: 'LIVE',
    gstType: 'INTERSTATE',
    lines: [service('STP operations and maintenance, monthly', 1, 105000)],
    payments: [{ share: 0.4, day: -8, mode: 'Cheque', ref: 'CHQ 004512' }],
  },
  {
    kind: 'RECEIVABLE',
    party: 2,
    project: 2,
    number: 'INV-2026-003',
    date: -48,
    due: -18,
    status: 'LIVE',
    gstType: 'INTERSTATE',
    lines: [
      {
        description: 'Antiscalant dosing chemical',
        sac_code: '3824',
        qty: 200,
        unit: 'Kg',
        rate: 165,
        gst_rate: 18,
      },
      {
        description: 'RO membrane replacement',
        sac_code: '8421',
        qty: 4,
        unit: 'Nos',
        rate: 23750,
        gst_rate: 18,
      },
    ],
  },
  {
    kind: 'RECEIVABLE',
    party: 0,
    project: 0,
    number: 'INV-2026-004',
    date: -3,
    due: 27,
    status: 'LIVE',
    gstType: 'INTRASTATE',
    lines: [service('ETP upgrade: civil works, first running bill', 1, 412500)],
  },
  {
    kind: 'RECEIVABLE',
    party: 2,
    number: 'INV-2026-005',
    date: -1,
    due: 29,
    status: 'DRAFT',
    gstType: 'INTERSTATE',
    lines: [service('Annual water audit', 1, 38000)],
  },
  {
    kind: 'RECEIVABLE',
    party: 1,
    number: 'INV-2026-006',
    date: -40,
    due: -10,
    status: 'CANCELLED',
    gstType: 'INTERSTATE',
    lines: [service('Emergency call-out (raised in error)', 1, 8000)],
  },
  {
    kind: 'PAYABLE',
    party: 1,
    number: 'ACS/26/0412',
    date: -50,
    due: -20,
    status: 'LIVE',
    gstType: 'INTRASTATE',
    lines: [
      {
        description: 'Polyelectrolyte, 25 kg bags',
        sac_code: '3906',
        qty: 40,
        unit: 'Bag',
        rate: 2150,
        gst_rate: 18,
      },
    ],
    payments: [{ share: 1, day: -22, mode: 'Bank Transfer', ref: 'NEFT N2600418' }],
  },
  {
    kind: 'PAYABLE',
    party: 0,
    project: 0,
    number: 'WPV-7781',
    date: -40,
    due: -10,
    status: 'LIVE',
    gstType: 'INTERSTATE',
    lines: [
      { description: 'Dosing pump 40 LPH', sac_code: '8413', qty: 3, unit: 'Nos', rate: 46500, gst_rate: 18 },
    ],
    payments: [{ share: 0.5, day: -12, mode: 'UPI', ref: 'UPI 6123 4410' }],
  },
  {
    kind: 'PAYABLE',
    party: 1,
    number: 'ACS/26/0519',
    date: -6,
    due: 24,
    status: 'LIVE',
    gstType: 'INTRASTATE',
    lines: [
      { description: 'Sodium hypochlorite', sac_code: '2828', qty: 600, unit: 'Kg', rate: 28, gst_rate: 18 },
    ],
  },
  {
    kind: 'PAYABLE',
    party: 0,
    number: 'WPV-7802',
    date: -2,
    due: 28,
    status: 'DRAFT',
    gstType: 'INTERSTATE',
    lines: [
      { description: 'Spare diaphragm kit', sac_code: '8413', qty: 6, unit: 'Set', rate: 3200, gst_rate: 18 },
    ],
  },
  {
    kind: 'PAYABLE',
    party: 1,
    number: 'ACS/26/0377',
    date: -70,
    due: -40,
    status: 'CANCELLED',
    gstType: 'INTRASTATE',
    lines: [
      {
        description: 'Duplicate bill, returned',
        sac_code: '3906',
        qty: 1,
        unit: 'Nos',
        rate: 5000,
        gst_rate: 18,
      },
    ],
  },
]

async function ensureSuppliers(tx: Tx, orgId: string, adminId: string): Promise<string[]> {
  const existing = await tx
    .select({ id: suppliers.supplierId })
    .from(suppliers)
    .where(eq(suppliers.orgId, orgId))
    .orderBy(asc(sql`lower(${suppliers.name})`))
  // The registers' demo suppliers when they are there (a pumps maker, then a chemicals trader).
  if (existing.length >= 2) return existing.map((s) => s.id)
  const as = { orgId, actorUserId: adminId, requesterUserId: adminId }
  const ids: string[] = []
  for (const s of demoSuppliers) ids.push(await supplierRegister.create(tx, as, supplierData.parse(s)))
  return ids
}

export async function seedAccounts(tx: Tx, orgId: string): Promise<void> {
  await tx
    .update(organisations)
    .set({
      gstin: '27AABCD1234E1Z8',
      address: 'Unit 7, Bhosari MIDC, Pune, Maharashtra 411026',
      bankAccountName: 'Demo Industries',
      bankName: 'Axis Bank',
      bankAccountNumber: '918020012345678',
      bankIfsc: 'UTIB0000123',
      bankBranch: 'Bhosari, Pune',
      upiId: 'demoindustries@okaxis',
    })
    .where(eq(organisations.orgId, orgId))
  const people = await tx.select().from(users).where(eq(users.orgId, orgId))
  const admin = people.find((u) => u.isAdmin)!.userId
  const accountant = people.find((u) => u.isAccountant)?.userId ?? admin
  const clientIds = (
    await tx.select().from(clients).where(eq(clients.orgId, orgId)).orderBy(asc(clients.displayNumber))
  ).map((c) => c.clientId)
  const projectRows = await tx
    .select()
    .from(projects)
    .where(eq(projects.orgId, orgId))
    .orderBy(asc(projects.createdAt))
  const supplierIds = await ensureSuppliers(tx, orgId, admin)

  for (const d of documents) {
    const partyId = d.kind === 'RECEIVABLE' ? clientIds[d.party] : supplierIds[d.party]
    if (!partyId) continue
    // Receivables name a project of their own client; bills, the first client's project.
    const projectClient = d.kind === 'RECEIVABLE' ? partyId : clientIds[0]
    const project =
      d.project === undefined ? undefined : projectRows.find((p) => p.clientId === projectClient)
    const input: DocumentInput = {
      partyId,
      projectId:
        d.kind === 'RECEIVABLE' && project?.clientId !== partyId ? null : (project?.projectId ?? null),
      number: d.number,
      documentDate: day(d.date),
      dueDate: d.due === null ? null : day(d.due),
      description: null,
      lines: d.lines,
      gstType: d.gstType,
      isRcm: d.isRcm ?? false,
    }
    const amounts = documentAmounts(input)
    const { totals } = amounts
    const paidPaise = (d.payments ?? []).reduce((sum, p) => sum + Math.round(totals.total * p.share), 0)
    const live: StoredAccountStatus = d.kind === 'RECEIVABLE' ? 'SENT' : 'RECEIVED'
    const status: StoredAccountStatus =
      d.status === 'LIVE' ? statusAfterPayments(d.kind, live, paidPaise, totals.total) : d.status
    const [row] = await tx
      .insert(accountInvoices)
      .values({
        orgId,
        kind: d.kind,
        ...documentColumns(d.kind, input),
        ...amounts.columns,
        status,
        // Drawn when first downloaded, like any invoice's (docs/decisions.md, "Invoice PDFs are drawn on download").
        ...freshPdfKey(orgId, d.kind, status),
        amountPaid: numericOf(paidPaise),
        createdBy: accountant,
        updatedBy: accountant,
      })
      .returning({ id: accountInvoices.invoiceId })
    const invoiceId = row!.id
    await tx.insert(accountInvoiceLines).values(amounts.lines(invoiceId))
    for (const p of d.payments ?? []) {
      await tx.insert(accountPayments).values({
        orgId,
        invoiceId,
        kind: d.kind,
        amount: numericOf(Math.round(totals.total * p.share)),
        paymentDate: day(p.day),
        mode: p.mode,
        transactionId: p.ref,
        recordedBy: accountant,
        updatedBy: accountant,
      })
    }
  }
}
