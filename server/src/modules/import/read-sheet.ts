import { IMPORT_MAX_ROWS, importMessages } from '@daftar/domain'
import type ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { badRequest, tooLarge, unprocessable } from '../../platform/errors.ts'
import { loadExcel } from '../../platform/excel.ts'
import { mostSheetRows } from './xlsx-rows.ts'

/** A cell that holds a formula: kept apart so the row can say so, never evaluated or trusted. */
export const FORMULA = Symbol('formula')
export type Cell = string | typeof FORMULA

export interface Sheet {
  headers: string[]
  /** Each row's cells by the header's position; the row's number in the file beside it. */
  rows: { line: number; cells: Cell[] }[]
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0])

/**
 * Reads an uploaded CSV or XLSX into a header and rows of text (docs/decisions.md, "Import"): the kind
 * is told by the bytes, not the name; CSV text may be UTF-8 (with or without a byte-order mark) or
 * Windows-1252 as Excel and Tally save it; XLSX dates become YYYY-MM-DD and formulas are flagged.
 */
export async function readSheet(bytes: Buffer, fileName: string): Promise<Sheet> {
  if (bytes.length === 0) throw badRequest(importMessages.empty)
  if (bytes.subarray(0, 4).equals(OLE)) throw unprocessable(importMessages.oldExcel)
  const sheet = bytes.subarray(0, 4).equals(ZIP) ? await readXlsx(bytes) : readCsv(bytes, fileName)
  const rows = sheet.rows.filter((r) => r.cells.some((c) => c === FORMULA || c.trim() !== ''))
  const headers = sheet.headers.map((h) => h.trim())
  if (headers.every((h) => !h) && rows.length === 0) throw badRequest(importMessages.empty)
  if (rows.length > IMPORT_MAX_ROWS) throw tooLarge(importMessages.tooManyRows(rows.length))
  return { headers, rows }
}

function readCsv(bytes: Buffer, fileName: string): Sheet {
  if (!/\.(csv|txt)$/i.test(fileName) && !looksLikeText(bytes))
    throw unprocessable(importMessages.notSpreadsheet)
  if (bytes.includes(0)) throw unprocessable(importMessages.notSpreadsheet)
  const text = decode(bytes)
  if (!text.trim()) throw badRequest(importMessages.empty)
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false })
  refuseBadQuotes(text, parsed.errors)
  const [header = [], ...rest] = parsed.data
  // Papa counts records, not lines; a quoted cell may span lines, so the record's number stands for
  // its row (what a spreadsheet shows when the file is opened).
  // A CSV cell that starts with '=' is a formula to a spreadsheet: flagged like an XLSX formula. The
  // cell is judged as it will be stored, trimmed.
  const cell = (c: string): Cell => (c.trimStart().startsWith('=') ? FORMULA : c)
  return { headers: header, rows: rest.map((cells, i) => ({ line: i + 2, cells: cells.map(cell) })) }
}

/**
 * A quote that never closes makes the rest of the file one cell, so the file is refused, naming the
 * line where the quotes stop pairing up (Papa's other complaint, a delimiter it guessed, is no error).
 */
function refuseBadQuotes(text: string, errors: Papa.ParseError[]) {
  const quotes = errors.find((e) => e.type === 'Quotes')
  if (!quotes) return
  const line = (text.slice(0, quotes.index).match(/\r\n|\r|\n/g)?.length ?? 0) + 1
  throw unprocessable(importMessages.badQuotes(line))
}

/** Text without control bytes other than tab and line breaks, in its first kilobytes. */
function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096)
  for (const b of head) if (b < 9 || (b > 13 && b < 32)) return false
  return true
}

/** UTF-8 when the bytes are valid UTF-8 (a byte-order mark dropped), else Windows-1252. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  await refuseTooManyXlsxRows(bytes)
  const workbook = new (await loadExcel()).Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw unprocessable(importMessages.unreadableXlsx)
  }
  const worksheet = workbook.worksheets.find((w) => w.actualRowCount > 0)
  if (!worksheet) throw badRequest(importMessages.empty)
  if (worksheet.rowCount > IMPORT_MAX_ROWS + 1)
    throw tooLarge(importMessages.tooManyRows(worksheet.rowCount - 1))
  const width = worksheet.columnCount
  const rowCells = (row: ExcelJS.Row): Cell[] =>
    Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1)))
  const headerRow = worksheet.getRow(1)
  const headers = rowCells(headerRow).map((c) => (c === FORMULA ? '' : c))
  const rows: Sheet['rows'] = []
  worksheet.eachRow((row, line) => {
    if (line > 1) rows.push({ line, cells: rowCells(row) })
  })
  return { headers, rows }
}

/**
 * A sheet over the row limit is refused before the workbook is loaded: exceljs loads every sheet
 * whole, which for a few hundred thousand rows holds the server up for seconds.
 */
async function refuseTooManyXlsxRows(bytes: Buffer) {
  let rows: number
  try {
    rows = await mostSheetRows(bytes, IMPORT_MAX_ROWS + 2)
  } catch {
    throw unprocessable(importMessages.unreadableXlsx)
  }
  // The header and IMPORT_MAX_ROWS rows are allowed.
  if (rows > IMPORT_MAX_ROWS + 1) throw tooLarge(importMessages.tooManyRows())
}

const day = (d: Date) => d.toISOString().slice(0, 10)

function cellText(cell: ExcelJS.Cell): Cell {
  const v = cell.value
  if (v === null || v === undefined) return ''
  if (v instanceof Date) return day(v)
  if (typeof v === 'number') return numberText(v)
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE'
  if (typeof v === 'string') return v
  if ('formula' in v || 'sharedFormula' in v) return FORMULA
  if ('richText' in v) return v.richText.map((r) => r.text).join('')
  if ('text' in v) return String(v.text)
  if ('error' in v) return ''
  return String(v)
}

/** A number as typed: no float noise (0.1 + 0.2), no exponent for a long account number. */
function numberText(n: number): string {
  if (Number.isInteger(n)) return BigInt(n).toString()
  return String(Math.round(n * 1e6) / 1e6)
}
