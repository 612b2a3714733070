import { type AccountKind, type ExportColumn, type ExportSheet, effectiveStatus } from '@daftar/domain'
import type { DocumentRow } from './presenter.ts'

export type ExportRow = DocumentRow & {
  subtotal: string
  cgstAmount: string
  sgstAmount: string
  igstAmount: string
  roundOff: string
}

/** A row of the export with the day its status is worked out on (overdue or not). */
export type DatedExportRow = { row: ExportRow; today: string }

const money = (header: string, value: (r: ExportRow) => string): ExportColumn<DatedExportRow> => ({
  header,
  kind: 'money',
  value: ({ row }) => value(row),
})

/** The columns after the number, date, due date, status and party: the same for both kinds. */
const commonColumns: ExportColumn<DatedExportRow>[] = [
  { header: 'Project Name', value: ({ row }) => row.projectName, width: 28 },
  money('Subtotal', (r) => r.subtotal),
  money('CGST', (r) => r.cgstAmount),
  money('SGST', (r) => r.sgstAmount),
  money('IGST', (r) => r.igstAmount),
  money('Round Off', (r) => r.roundOff),
  money('Total Amount', (r) => r.totalAmount),
  money('Amount Paid', (r) => r.amountPaid),
  money('Amount Due', (r) => r.amountDue),
]

const leading = (number: string, date: string, party: string): ExportColumn<DatedExportRow>[] => [
  { header: number, value: ({ row }) => row.number },
  { header: date, kind: 'date', value: ({ row }) => row.documentDate },
  { header: 'Due Date', kind: 'date', value: ({ row }) => row.dueDate },
  {
    header: 'Status',
    value: ({ row, today }) => effectiveStatus(row.status, row.dueDate, Number(row.amountDue), today),
  },
  { header: party, value: ({ row }) => row.partyName, width: 28 },
]

/**
 * The export's columns, in order (docs/product.md, "Lists, summary and export"); the CSV is the same,
 * byte for byte, as before XLSX came (docs/decisions.md, "Exports").
 */
export const accountExports: Record<AccountKind, ExportSheet<DatedExportRow>> = {
  RECEIVABLE: {
    fileName: 'receivables-export',
    sheetName: 'Receivables',
    columns: [...leading('Invoice No', 'Invoice Date', 'Client Name'), ...commonColumns],
  },
  PAYABLE: {
    fileName: 'payables-export',
    sheetName: 'Payables',
    columns: [...leading('Vendor Bill No', 'Bill Date', 'Supplier Name'), ...commonColumns],
  },
}
