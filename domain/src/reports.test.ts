import { describe, expect, it } from 'vitest'
import {
  canCloseReport,
  canGiveFeedback,
  consumableAmount,
  expensesIncomeData,
  operationsReportData,
  reportCreateInput,
  reportListQuery,
  reportListTitle,
  reportMessages,
} from './reports.ts'

const someone = '8b0c3a52-5a0c-4f5e-9a51-0f2f9c0f6b11'

describe('report data', () => {
  it('amount is rate × quantity to two decimals, empty unless both are numbers', () => {
    expect(consumableAmount(2.5, 1.07)).toBe(2.68)
    expect(consumableAmount(0.1, 3)).toBe(0.3)
    expect(consumableAmount(10, null)).toBeNull()
    expect(consumableAmount(null, 2)).toBeNull()
  })

  it('drops the blank rows the spec lists and totals what is left', () => {
    const data = expensesIncomeData.parse({
      period: { start: '2026-11-01', end: '2026-11-30' },
      consumables: [
        { itemName: 'Lime', rate: '9.75', quantity: 400, amount: 1 },
        { itemName: '', invoiceNo: '', vendor: '', rate: '', quantity: '', date: '' },
      ],
      otherExpenses: [
        { particulars: 'Sale', income: 100 },
        { particulars: ' ', income: '', expenses: '' },
      ],
    })
    expect(data.consumables).toHaveLength(1)
    expect(data.consumables[0]!.amount).toBe(3900)
    expect(data.otherExpenses).toHaveLength(1)
    expect(data.totals).toEqual({ consumables: 3900, income: 100, expenses: 0 })
  })

  it('refuses a row with figures but not its name, on the name, rather than drop what was typed', () => {
    const issues = (data: object) =>
      expensesIncomeData
        .safeParse({ period: { start: '2026-11-01', end: '2026-11-30' }, ...data })
        .error?.issues.map((i) => ({ path: i.path, message: i.message }))
    expect(
      issues({
        consumables: [
          { itemName: 'PAC', rate: 7.5, quantity: 5 },
          { rate: 2500, quantity: 4 },
        ],
        otherExpenses: [{ particulars: ' ', income: 50000, expenses: 1200 }],
      }),
    ).toEqual([
      {
        path: ['consumables', 1, 'itemName'],
        message:
          'Consumable & Site Expenses, row 2: give an item name, invoice no. or vendor, or clear the row.',
      },
      {
        path: ['otherExpenses', 0, 'particulars'],
        message: 'Income & Other Expenses, row 1: give the particulars, or clear the row.',
      },
    ])
    const operations = operationsReportData.safeParse({
      period: { start: '2026-11-01', end: '2026-11-30' },
      operators: [{ name: '', duties: 8 }],
      complaints: [{ nature: '', dateOfComplaint: '2026-11-03' }],
    })
    expect(operations.error?.issues.map((i) => i.message)).toEqual([
      "Operators Particulars, row 1: give the operator's name, or clear the row.",
      'Customer Complaints, row 1: give the nature of the complaint, or clear the row.',
    ])
  })

  it('needs a recipient, once each, and both period dates', () => {
    const first = (body: object) => reportCreateInput.safeParse(body).error?.issues[0]?.message
    expect(first({ report_type: 'OPERATIONS_REPORT', to_user_ids: [], report_data: {} })).toBe(
      reportMessages.recipients,
    )
    expect(first({ report_type: 'OPERATIONS_REPORT', to_user_ids: [someone], report_data: {} })).toBe(
      reportMessages.period,
    )
    expect(first({ report_type: 'NOPE', to_user_ids: [someone], report_data: {} })).toBe(
      reportMessages.unknownType,
    )
    const ok = reportCreateInput.parse({
      report_type: 'INVENTORY_REQUEST',
      to_user_ids: [someone, someone],
      report_data: { neededBy: '2026-12-01' },
    })
    expect(ok.to_user_ids).toEqual([someone])
  })

  it('a period may not end before it starts, on the End Date', () => {
    for (const report_type of ['OPERATIONS_REPORT', 'EXPENSES_INCOME'] as const) {
      const result = reportCreateInput.safeParse({
        report_type,
        to_user_ids: [someone],
        report_data: { period: { start: '2026-03-10', end: '2026-03-09' } },
      })
      expect(result.error?.issues[0]).toMatchObject({
        message: reportMessages.periodOrder,
        path: ['report_data', 'period', 'end'],
      })
      const oneDay = { period: { start: '2026-03-10', end: '2026-03-10' } }
      expect(
        reportCreateInput.safeParse({ report_type, to_user_ids: [someone], report_data: oneDay }).success,
      ).toBe(true)
    }
  })

  it('list filters: To may not precede From', () => {
    // On the To date: a list's address the wrong way round drops only that (web/src/ui/list).
    expect(
      reportListQuery.safeParse({ startDate: '2026-02-02', endDate: '2026-02-01' }).error?.issues[0],
    ).toMatchObject({ message: reportMessages.datesOrder, path: ['endDate'] })
    expect(reportListQuery.parse({ reportType: 'all' }).reportType).toBeUndefined()
    expect(reportListTitle('EXPENSES_INCOME')).toBe('EXPENSES INCOME Reports')
    expect(reportListTitle('all')).toBe('All Reports')
  })

  it('feedback and closing: recipients and admins, never the sender', () => {
    const report = {
      submitted_by_user_id: 'sender',
      recipients: [{ user_id: 'to', username: 'to', full_name: 'To' }],
      status: 'OPEN' as const,
    }
    expect(canGiveFeedback(report, { userId: 'sender', isAdmin: true })).toBe(false)
    expect(canGiveFeedback(report, { userId: 'to', isAdmin: false })).toBe(true)
    expect(canGiveFeedback(report, { userId: 'boss', isAdmin: true })).toBe(true)
    expect(canGiveFeedback(report, { userId: 'other', isAdmin: false })).toBe(false)
    expect(canCloseReport(report, { userId: 'sender', isAdmin: false })).toBe(false)
    expect(canCloseReport({ ...report, status: 'CLOSED' }, { userId: 'to', isAdmin: false })).toBe(false)
  })
})
