import fs from 'node:fs'
import ExcelJS from 'exceljs'
import { signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, test } from '../support/test.ts'

// GSTR-1 (docs/decisions.md, "GSTR-1"): the accountant prepares last month's return from the sidebar
// and downloads the offline tool's JSON and its Excel workbook.

/** Last month as the page names it by default: YYYY-MM, in India. */
function lastMonth() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number]
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`
}

for (const width of [1280, 375]) {
  test(`the accountant downloads last month's GSTR-1 from GST Returns (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 })
    await signIn(page, 'accounts@example.com')
    if (width === 375) await page.getByRole('button', { name: 'Toggle navigation' }).click()
    await page.getByRole('link', { name: 'GST Returns' }).click()
    await expect(page.getByRole('heading', { name: 'GSTR-1' })).toBeVisible()
    const sections = page.getByRole('list', { name: 'Sections' })
    await expect(sections.getByRole('listitem', { name: 'B2B: registered clients' })).toContainText(
      'Taxable value',
    )
    await expect(sections.getByRole('listitem')).toHaveCount(5)
    await expect(page.getByText(/GSTIN 27AABCD1234E1Z8/)).toBeVisible()
    await expectNoSideScroll(page)

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download JSON' }).click()
    const file = await download
    const period = lastMonth()
    const fp = `${period.slice(5)}${period.slice(0, 4)}`
    expect(file.suggestedFilename()).toBe(`GSTR1_27AABCD1234E1Z8_${fp}.json`)
    const json = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'))
    expect(json).toMatchObject({ gstin: '27AABCD1234E1Z8', fp })
    for (const key of ['b2b', 'b2cl', 'b2cs', 'nil', 'hsn', 'doc_issue']) expect(json).toHaveProperty(key)

    // The same month as the offline tool's Excel workbook: it opens, with the template's sheets, and
    // its first B2B row is the JSON's first B2B invoice.
    const excelDownload = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download Excel' }).click()
    const excel = await excelDownload
    expect(excel.suggestedFilename()).toBe(`GSTR1_27AABCD1234E1Z8_${fp}.xlsx`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile((await excel.path())!)
    expect(book.worksheets.map((w) => w.name)).toEqual(['b2b,sez,de', 'b2cl', 'b2cs', 'exemp', 'hsn', 'docs'])
    const b2b = book.getWorksheet('b2b,sez,de')!
    expect(b2b.getRow(4).getCell(3).value).toBe('Invoice Number')
    expect(json.b2b.length).toBeGreaterThan(0)
    expect(b2b.getRow(5).getCell(3).value).toBe(json.b2b[0].inv[0].inum)
    await expect(page.getByRole('button', { name: 'Download Excel' })).toBeEnabled()
    await expectNoSideScroll(page)
  })
}

test('GST Returns is not in the sidebar of staff', async ({ page }) => {
  await signIn(page, 'asha@example.com')
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'GST Returns' })).toHaveCount(0)
})
