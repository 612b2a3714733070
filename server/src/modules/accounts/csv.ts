import { Readable } from 'node:stream'
import { type AccountKind, effectiveStatus } from '@daftar/domain'
import type { DocumentRow } from './presenter.ts'

/** The columns after the number, date, due date, status and party: the same for both kinds. */
const commonHeaders = [
  'Project Name',
  'Subtotal',
  'CGST',
  'SGST',
  'IGST',
  'Round Off',
  'Total Amount',
  'Amount Paid',
  'Amount Due',
]

/** The export's columns, in order (docs/product.md, "Lists, summary and export"). */
export const csvHeaders: Record<AccountKind, string[]> = {
  RECEIVABLE: ['Invoice No', 'Invoice Date', 'Due Date', 'Status', 'Client Name', ...commonHeaders],
  PAYABLE: ['Vendor Bill No', 'Bill Date', 'Due Date', 'Status', 'Supplier Name', ...commonHeaders],
}

export const csvFileName = (kind: AccountKind, today: string) =>
  `${kind === 'RECEIVABLE' ? 'receivables' : 'payables'}-export-${today}.csv`

/**
 * A text cell. One that a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe; a cell holding a comma, quote or line break is quoted,
 * with its quotes doubled (RFC 4180).
 */
export function textCell(value: string | null | undefined): string {
  let v = value ?? ''
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

/** Amounts are plain numbers with two decimals (never grouped, so never quoted). */
const amountCell = (value: string | number) => Number(value).toFixed(2)

export type ExportRow = DocumentRow & {
  subtotal: string
  cgstAmount: string
  sgstAmount: string
  igstAmount: string
  roundOff: string
}

export function csvLine(row: ExportRow, today: string): string {
  return `${[
    textCell(row.number),
    row.documentDate,
    row.dueDate ?? '',
    effectiveStatus(row.status, row.dueDate, Number(row.amountDue), today),
    textCell(row.partyName),
    textCell(row.projectName),
    amountCell(row.subtotal),
    amountCell(row.cgstAmount),
    amountCell(row.sgstAmount),
    amountCell(row.igstAmount),
    amountCell(row.roundOff),
    amountCell(row.totalAmount),
    amountCell(row.amountPaid),
    amountCell(row.amountDue),
  ].join(',')}\r\n`
}

/** The whole file as a stream: a UTF-8 byte-order mark (so spreadsheets read names right), the header, rows. */
export function csvStream(
  kind: AccountKind,
  rows: AsyncIterable<{ row: ExportRow; today: string }>,
): Readable {
  async function* lines() {
    yield `\uFEFF${csvHeaders[kind].join(',')}\r\n`
    for await (const { row, today } of rows) yield csvLine(row, today)
  }
  return Readable.from(lines())
}
