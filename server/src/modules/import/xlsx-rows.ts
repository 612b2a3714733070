import { Readable } from 'node:stream'
import JSZip from 'jszip'

/**
 * Counting an XLSX's rows from its zip, without building the workbook (docs/decisions.md, "Import"):
 * exceljs reads a whole workbook into memory, a second or more of the server's time for every
 * 50,000 rows, before it can say how many rows there were. Here the zip's directory is read (jszip,
 * which exceljs itself reads with; nothing is inflated yet) and each sheet's XML inflated as a stream,
 * its `<row` tags counted, stopping at the limit.
 */

/** The files exceljs reads as worksheets (its own pattern, lib/xlsx/xlsx.js). */
const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/
/** A row's opening tag, with or without a namespace prefix; not `<rowBreaks>`. */
const ROW_TAG = /<(?:[\w.-]{1,32}:)?row[\s/>]/g
/** Enough of a chunk's end to hold a row tag cut in two by the next chunk. */
const CARRY = 40

/**
 * The rows of the XLSX's largest worksheet, counted until one reaches `stopAt`. Throws when the zip
 * cannot be read.
 */
export async function mostSheetRows(zip: Buffer, stopAt: number): Promise<number> {
  const archive = await JSZip.loadAsync(zip)
  let most = 0
  for (const file of Object.values(archive.files)) {
    if (file.dir || !WORKSHEET.test(file.name)) continue
    // jszip's stream is of the old kind; wrapped, it is iterated and ended like any other.
    const xml = new Readable().wrap(file.nodeStream('nodebuffer'))
    most = Math.max(most, await countRows(xml, stopAt))
    if (most >= stopAt) break
  }
  return most
}

async function countRows(xml: Readable, stopAt: number): Promise<number> {
  let count = 0
  let carry = ''
  for await (const chunk of xml) {
    const text = carry + chunk.toString('latin1')
    // A tag that ends in the carried text was counted with the chunk before.
    for (const match of text.matchAll(ROW_TAG)) if (match.index + match[0].length > carry.length) count++
    if (count >= stopAt) break
    carry = text.slice(-CARRY)
  }
  return count
}
