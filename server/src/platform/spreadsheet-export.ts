import { once } from 'node:events'
import { PassThrough, Readable } from 'node:stream'
import {
  type ExportCellKind,
  type ExportColumn,
  type ExportFormat,
  organisationCalendar,
} from '@daftar/domain'
import type ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { loadExcel } from './excel.ts'

/*
 * Every list's export, CSV or XLSX, from one description of its columns (docs/decisions.md,
 * "Exports"): the rows arrive in batches from the list's own query and are written as they come, so
 * no export holds the whole list in memory.
 */

/** How many rows an export reads at a time. */
export const EXPORT_BATCH = 500

/** Says whether an export has no rows; read by the web's Export menu. */
export const EXPORT_EMPTY_HEADER = 'x-export-empty'

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * Text a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return)
 * gets a leading apostrophe, in both formats alike, so a file reads back the same either way.
 */
export const neutralised = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)

/** A CSV text cell: neutralised, and quoted with its quotes doubled when it holds a comma, quote or line break (RFC 4180). */
export function textCell(value: string | null | undefined): string {
  const v = neutralised(value ?? '')
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

type CellValue = string | number | null | undefined

function csvCell(kind: ExportCellKind | undefined, value: CellValue): string {
  if (value === null || value === undefined || value === '') return ''
  if (kind === 'money') return Number(value).toFixed(2)
  if (kind === 'number') return String(Number(value))
  // Calendar days and instants are ISO text, which needs no quoting and is never a formula.
  if (kind === 'date' || kind === 'instant') return String(value)
  return textCell(String(value))
}

/** One CSV line (CRLF) of a row. */
export const csvLine = <R>(columns: ExportColumn<R>[], row: R) =>
  `${columns.map((c) => csvCell(c.kind, c.value(row))).join(',')}\r\n`

/** A CSV file: the UTF-8 byte-order mark (so spreadsheets read names right), the header, the rows. */
export function csvStream<R>(columns: ExportColumn<R>[], rows: AsyncIterable<R>): Readable {
  async function* lines() {
    yield `\uFEFF${columns.map((c) => textCell(c.header)).join(',')}\r\n`
    for await (const row of rows) yield csvLine(columns, row)
  }
  return Readable.from(lines())
}

const numFmts: Partial<Record<ExportCellKind, string>> = {
  date: 'dd-mm-yyyy',
  instant: 'dd-mm-yyyy hh:mm',
  money: '#,##0.00',
}

/** The wall-clock time of an instant in the organisation's calendar, as Excel (which has no zones) shows it. */
function localTime(iso: string): Date | null {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return null
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: organisationCalendar.timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  return new Date(
    Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  )
}

function xlsxCell(kind: ExportCellKind | undefined, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null
  if (kind === 'money' || kind === 'number') return Number(value)
  if (kind === 'date') {
    const day = String(value).slice(0, 10)
    return /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : neutralised(String(value))
  }
  if (kind === 'instant') return localTime(String(value)) ?? neutralised(String(value))
  return neutralised(String(value))
}

const widthOf = <R>(c: ExportColumn<R>) =>
  c.width ?? Math.max(c.header.length + 2, c.kind === 'instant' ? 18 : c.kind ? 14 : 16)

/** Resolves once `out` may take more, or at once when it is gone (the caller hung up). */
async function roomIn(out: PassThrough) {
  if (!out.writableNeedDrain || out.destroyed) return
  await Promise.race([once(out, 'drain'), once(out, 'close')])
}

/**
 * An XLSX file written as the rows come (exceljs' streaming writer): one sheet, its header row bold
 * and frozen; dates as Excel dates, amounts as numbers, each with its format; text neutralised.
 */
export function xlsxStream<R>(
  sheetName: string,
  columns: ExportColumn<R>[],
  rows: AsyncIterable<R>,
): Readable {
  const out = new PassThrough()
  const write = async () => {
    const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    })
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = columns.map((c) => ({ width: widthOf(c) }))
    const header = sheet.addRow(columns.map((c) => c.header))
    header.font = { bold: true }
    header.commit()
    let n = 0
    for await (const item of rows) {
      const row = sheet.addRow(columns.map((c) => xlsxCell(c.kind, c.value(item))))
      columns.forEach((c, i) => {
        const fmt = c.kind && numFmts[c.kind]
        if (fmt) row.getCell(i + 1).numFmt = fmt
      })
      row.commit()
      if (++n % EXPORT_BATCH === 0) await roomIn(out)
      if (out.destroyed) return
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return out
}

export interface ExportFile<R> {
  format: ExportFormat
  /** 'clients-export': the file is named '<fileName>-<today>.<format>'. */
  fileName: string
  sheetName: string
  columns: ExportColumn<R>[]
  /** The rows; its first step checks the caller's right and the query, before any byte is sent. */
  rows: AsyncGenerator<R>
  /** The day in the name (the organisation's today unless given). */
  today?: string
}

/**
 * Answers with an export. The first batch is read before the headers go out, so a refused caller or
 * a failing query still gets its 403 or 400 rather than a broken file, and `X-Export-Empty: true`
 * says when the filters matched nothing (the web says so instead of saving a file of headers alone).
 */
export async function sendExport<R>(reply: FastifyReply, file: ExportFile<R>) {
  const first = await file.rows.next()
  const rows = file.rows
  async function* all() {
    if (!first.done) yield first.value
    yield* rows
  }
  const today =
    file.today ??
    new Intl.DateTimeFormat('en-CA', { timeZone: organisationCalendar.timeZone }).format(new Date())
  const body =
    file.format === 'xlsx' ? xlsxStream(file.sheetName, file.columns, all()) : csvStream(file.columns, all())
  return reply
    .header('content-type', exportContentTypes[file.format])
    .header('content-disposition', `attachment; filename="${file.fileName}-${today}.${file.format}"`)
    .header('cache-control', 'no-store')
    .header(EXPORT_EMPTY_HEADER, String(first.done === true))
    .send(body)
}
