import { expect } from 'vitest'
import { client, type TestServer } from './helpers.ts'
import type { Member } from './registers-helpers.ts'

export const as = (server: TestServer, who: Member) => client(server, who.token)

export function operationsBody(to: string[], data: Record<string, unknown> = {}) {
  return {
    report_type: 'OPERATIONS_REPORT',
    to_user_ids: to,
    report_data: {
      period: { start: '2026-11-01', end: '2026-11-15' },
      context: {
        projectName: 'Free text plant',
        clientName: 'Acme',
        projectType: 'STP',
        projectCapacity: '1 MLD',
      },
      operators: [
        {
          name: 'Ramesh',
          duties: 12,
          knowledge: 'Good',
          punctuality: 'Excellent',
          grooming: 'Good',
          performance: 'Good',
        },
        { name: '', duties: '', knowledge: '', punctuality: '', grooming: '', performance: '' },
      ],
      incidentDetails: 'None',
      complaints: [
        {
          nature: 'Odour near inlet',
          dateOfComplaint: '2026-11-03',
          dateResolved: '',
          prevention: 'Cover the tank',
        },
      ],
      supervisorInspections: [{ name: '', date: '', remarks: '' }],
      managerInspections: [{ name: '', date: '', remarks: '' }],
      suggestions: 'More training',
      workingConditions: 'Fine',
      questions: { logbookStatus: 'Yes', energyMeterStatus: 'No', flowMeterStatus: 'Yes' },
      ...data,
    },
  }
}

export function inventoryBody(to: string[], data: Record<string, unknown> = {}) {
  return {
    report_type: 'INVENTORY_REQUEST',
    to_user_ids: to,
    report_data: {
      neededBy: '2026-12-01',
      context: { projectName: 'Solar site', clientName: 'Acme', projectType: 'Solar EPC' },
      description: 'Monthly consumables',
      items: [
        { itemName: 'Gloves', size: 'L', quantity: 20, units: 'pairs', moc: '', make: '' },
        { itemName: '', size: '', quantity: '', units: '', moc: '', make: '' },
      ],
      ...data,
    },
  }
}

export function expensesBody(to: string[], data: Record<string, unknown> = {}) {
  return {
    report_type: 'EXPENSES_INCOME',
    to_user_ids: to,
    report_data: {
      period: { start: '2026-11-01', end: '2026-11-30' },
      context: { projectName: 'ETP', clientName: 'Acme' },
      consumables: [
        {
          date: '2026-11-02',
          itemName: 'Chlorine',
          invoiceNo: 'DC-1',
          vendor: 'Chem Co',
          rate: 10,
          quantity: 3,
          amount: 999,
        },
      ],
      otherExpenses: [{ date: '2026-11-05', particulars: 'Scrap sale', income: 500, expenses: '' }],
      ...data,
    },
  }
}

/** Sends a report as `who` and returns its id. */
export async function sendReport(server: TestServer, who: Member, body: object): Promise<string> {
  const res = await as(server, who).post('/reports', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().report_id
}
