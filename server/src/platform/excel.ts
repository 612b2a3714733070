import type ExcelJS from 'exceljs'

/**
 * exceljs, loaded the first time a spreadsheet is read or written: half a second of loading that the
 * server's start would otherwise pay for files most days never see (docs/decisions.md, "A compiled
 * server").
 */
export const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default
