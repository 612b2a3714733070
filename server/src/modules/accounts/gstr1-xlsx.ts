import type { Gstr1Sheet } from '@daftar/domain'
import { loadExcel } from '../../platform/excel.ts'

/** Excel's column letter of a 0-based index (A … Z, AA …). */
const letter = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : letter(Math.floor(i / 26) - 1) + letter(i % 26)

/**
 * The GST offline tool's Excel workbook of the month (docs/decisions.md, "GSTR-1"): each sheet as the
 * template lays it out (title on the first row, the summary's labels and figures on the second and
 * third, the headers on the fourth, the rows from the fifth); money and rates are numbers shown with
 * two decimals, dates and places of supply text as the template writes them.
 */
export async function gstr1Workbook(sheets: Gstr1Sheet[]): Promise<Buffer> {
  const book = new (await loadExcel()).Workbook()
  book.creator = 'Daftar'
  for (const s of sheets) {
    const ws = book.addWorksheet(s.name)
    ws.getCell('A1').value = s.title
    ws.getCell('A1').font = { bold: true }
    for (const sum of s.summary) {
      const col = letter(s.headers.indexOf(sum.column))
      ws.getCell(`${col}2`).value = sum.label
      ws.getCell(`${col}2`).font = { bold: true }
      ws.getCell(`${col}3`).value = sum.value
      if (s.decimals.includes(sum.column)) ws.getCell(`${col}3`).numFmt = '0.00'
    }
    const header = ws.getRow(4)
    header.values = [...s.headers]
    header.font = { bold: true }
    for (const row of s.rows) ws.addRow(row)
    s.headers.forEach((h, i) => {
      const column = ws.getColumn(i + 1)
      column.width = Math.max(12, h.length + 2)
      if (s.decimals.includes(h))
        column.eachCell((cell, n) => {
          if (n >= 3 && typeof cell.value === 'number') cell.numFmt = '0.00'
        })
    })
  }
  return Buffer.from(await book.xlsx.writeBuffer())
}
