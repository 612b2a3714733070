import { type ReportType, reportDataSchemas } from '@daftar/domain'
import type { Tx } from '../db/connection.ts'
import { reportRecipients, reports } from '../modules/reports/schema.ts'
import { nextNumber } from '../platform/counters.ts'

interface DemoReport {
  type: ReportType
  from: string
  to: string[]
  daysAgo: number
  project?: number
  data: Record<string, unknown>
  closed?: { by: string; feedback: string }
}

/**
 * Demo reports between the demo users: each type, sent in both directions, one closed with
 * feedback. The data goes through the type's domain schema like a submitted report.
 */
export async function seedReports(
  tx: Tx,
  demo: {
    orgId: string
    ids: Record<string, string>
    projects: { id: string; name: string; client: string }[]
  },
) {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)
  const context = (index: number, extra: Record<string, unknown> = {}) => ({
    projectId: demo.projects[index]!.id,
    projectName: demo.projects[index]!.name,
    clientName: demo.projects[index]!.client,
    ...extra,
  })
  const list: DemoReport[] = [
    {
      type: 'INVENTORY_REQUEST',
      from: 'asha',
      to: ['admin'],
      daysAgo: 9,
      project: 0,
      data: {
        neededBy: day(2),
        context: context(0, { projectType: 'Effluent treatment' }),
        description: 'Spares for the clarifier drive and PPE for the new operators.',
        items: [
          {
            itemName: 'Gear motor oil seal',
            size: '45 x 62 x 8',
            quantity: 4,
            units: 'Nos',
            moc: 'Nitrile',
            make: 'NOK',
          },
          { itemName: 'Safety gloves', size: 'L', quantity: 20, units: 'Pairs', moc: '', make: '' },
          { itemName: 'PVC hose', size: '1 inch', quantity: 30, units: 'm', moc: 'PVC', make: 'Supreme' },
        ],
      },
      closed: {
        by: 'admin',
        feedback: 'Approved. Purchase has ordered the seals; the gloves are in the store.',
      },
    },
    {
      type: 'OPERATIONS_REPORT',
      from: 'asha',
      to: ['ravi', 'admin'],
      daysAgo: 6,
      project: 0,
      data: {
        period: { start: day(21), end: day(7) },
        context: context(0, {
          projectType: 'ETP O&M',
          projectCapacity: '500 KLD',
          description: 'Fortnightly operations report.',
        }),
        operators: [
          {
            name: 'Mahesh Patil',
            duties: 14,
            knowledge: 'Good',
            punctuality: 'Excellent',
            grooming: 'Good',
            performance: 'Good',
          },
          {
            name: 'Sunil Gawade',
            duties: 12,
            knowledge: 'Average',
            punctuality: 'Good',
            grooming: 'Good',
            performance: 'Average',
          },
        ],
        incidentDetails:
          'Aeration blower 2 tripped on 12th for 40 minutes; reset after checking the overload relay.',
        complaints: [
          {
            nature: 'Foul smell near the equalisation tank',
            dateOfComplaint: day(15),
            dateResolved: day(13),
            prevention: 'Run the mixer continuously during peak discharge.',
          },
        ],
        supervisorInspections: [{ name: 'Asha Verma', date: day(10), remarks: 'Log sheets complete.' }],
        managerInspections: [],
        suggestions: 'Train the second shift on the sludge dewatering press.',
        workingConditions: 'Good; the blower room needs ventilation.',
        questions: { logbookStatus: 'Yes', energyMeterStatus: 'Yes', flowMeterStatus: 'No' },
      },
    },
    {
      type: 'EXPENSES_INCOME',
      from: 'ravi',
      to: ['asha'],
      daysAgo: 4,
      project: 1,
      data: {
        period: { start: day(34), end: day(4) },
        context: context(1, { projectType: 'STP O&M', projectCapacity: '2 MLD' }),
        consumables: [
          {
            date: day(30),
            itemName: 'Sodium hypochlorite',
            invoiceNo: 'DC-2231',
            vendor: 'Deccan Chemicals',
            rate: 18.5,
            quantity: 200,
          },
          {
            date: day(22),
            itemName: 'Polyelectrolyte',
            invoiceNo: 'INV-874',
            vendor: 'Aqua Polymers',
            rate: 240,
            quantity: 25,
          },
          {
            date: day(9),
            itemName: 'Grease',
            invoiceNo: '',
            vendor: 'Local hardware',
            rate: 320,
            quantity: 2,
          },
        ],
        otherExpenses: [
          { date: day(28), particulars: 'Sale of dried sludge as manure', income: 6500, expenses: null },
          { date: day(18), particulars: 'Diesel for the standby generator', income: null, expenses: 4200 },
          { date: day(6), particulars: 'Operator conveyance', income: null, expenses: 1150 },
        ],
      },
    },
    {
      type: 'INVENTORY_REQUEST',
      from: 'ravi',
      to: ['admin', 'accounts'],
      daysAgo: 2,
      data: {
        neededBy: day(-10),
        context: { projectName: 'Head office', clientName: '', projectType: 'Office' },
        description: 'Printer consumables for the site office.',
        items: [
          { itemName: 'Toner cartridge', size: '', quantity: 2, units: 'Nos', moc: '', make: 'HP 88A' },
        ],
      },
    },
    {
      type: 'OPERATIONS_REPORT',
      from: 'ravi',
      to: ['admin'],
      daysAgo: 1,
      project: 2,
      data: {
        period: { start: day(8), end: day(1) },
        context: context(2, { projectType: 'WTP O&M', projectCapacity: '150 KLD' }),
        operators: [
          {
            name: 'Imran Shaikh',
            duties: 7,
            knowledge: 'Good',
            punctuality: 'Good',
            grooming: 'Excellent',
            performance: 'Good',
          },
        ],
        incidentDetails: '',
        complaints: [],
        supervisorInspections: [],
        managerInspections: [],
        suggestions: 'Replace the RO antiscalant dosing pump before the summer.',
        workingConditions: 'Normal.',
        questions: { logbookStatus: 'Yes', energyMeterStatus: 'Yes', flowMeterStatus: 'Yes' },
      },
    },
    {
      type: 'EXPENSES_INCOME',
      from: 'asha',
      to: ['ravi'],
      daysAgo: 0,
      project: 0,
      data: {
        period: { start: day(7), end: day(0) },
        context: context(0, { projectType: 'ETP O&M' }),
        consumables: [
          {
            date: day(5),
            itemName: 'Lime',
            invoiceNo: 'DC-510',
            vendor: 'Shree Minerals',
            rate: 9.75,
            quantity: 400,
          },
        ],
        otherExpenses: [
          { date: day(3), particulars: 'Lab testing of treated water', income: null, expenses: 2800 },
        ],
      },
    },
  ]
  for (const r of list) {
    const data = reportDataSchemas[r.type].parse(r.data)
    const submittedAt = new Date(Date.now() - r.daysAgo * 86_400_000 - 3 * 3_600_000)
    const project = r.project === undefined ? null : demo.projects[r.project]!
    const [row] = await tx
      .insert(reports)
      .values({
        orgId: demo.orgId,
        displayNumber: await nextNumber(tx, demo.orgId, 'report'),
        reportType: r.type,
        reportData: data as Record<string, unknown>,
        submittedAt,
        submittedBy: demo.ids[r.from]!,
        projectId: project?.id ?? null,
        projectName: project?.name ?? ((data.context as { projectName?: string }).projectName || null),
        status: r.closed ? 'CLOSED' : 'OPEN',
        adminFeedback: r.closed?.feedback ?? null,
        feedbackBy: r.closed ? demo.ids[r.closed.by]! : null,
        feedbackAt: r.closed ? new Date(submittedAt.getTime() + 86_400_000) : null,
      })
      .returning({ id: reports.reportId })
    await tx.insert(reportRecipients).values(
      r.to.map((name) => ({
        reportId: row!.id,
        userId: demo.ids[name]!,
        orgId: demo.orgId,
        isOpen: !r.closed,
      })),
    )
  }
}
