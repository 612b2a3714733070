import { type ImportRegister, importColumns } from '@daftar/domain'
import { loadExcel } from '../../platform/excel.ts'
import { textCell } from '../../platform/spreadsheet-export.ts'

/** GET /import/{register}/template: the register's labels and one example row, as CSV or XLSX. */
export async function importTemplate(register: ImportRegister, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const columns = importColumns[register]
  if (format === 'csv') {
    const line = (cells: string[]) => `${cells.map(textCell).join(',')}\r\n`
    return Buffer.from(`\uFEFF${line(columns.map((c) => c.label))}${line(columns.map((c) => c.example))}`)
  }
  const workbook = new (await loadExcel()).Workbook()
  const sheet = workbook.addWorksheet(register)
  sheet.columns = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.max(14, c.label.length + 4),
  }))
  // Every cell is text, so that Excel keeps a leading zero, a long account number and '+91'.
  sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, c.example])))
  for (let i = 1; i <= columns.length; i++) sheet.getColumn(i).numFmt = '@'
  sheet.getRow(1).font = { bold: true }
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  columns.forEach((c, i) => {
    if (c.required) sheet.getCell(1, i + 1).note = 'Required'
    if (c.choices) sheet.getCell(1, i + 1).note = `One of: ${c.choices.join(', ')}`
  })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
