import fs from 'node:fs'
import ExcelJS from 'exceljs'
import { goTo, userPage } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, type Page, test } from '../support/test.ts'

/** An admin's client, applied at once. */
async function addClient(page: Page, name: string) {
  await page.getByRole('link', { name: 'Add Client' }).click()
  await page.getByRole('textbox', { name: 'Client name' }).fill(name)
  await page.getByRole('button', { name: 'Add Client' }).click()
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible()
}

test('the clients list, searched, exports its rows as Excel', async ({ browser }) => {
  const tag = `Xport${Date.now().toString(36)}`
  const admin = await userPage(browser, 'admin@example.com')
  await goTo(admin, 'Clients')
  await addClient(admin, `${tag} Alpha Mills`)
  await addClient(admin, `=SUM(1) ${tag} Beta`)
  await admin.getByRole('textbox', { name: 'Search' }).fill(tag)
  await expect(admin).toHaveURL(new RegExp(`searchQuery=${tag}`))
  await expect(admin.getByRole('row').filter({ hasText: `${tag} Alpha Mills` })).toBeVisible()

  const download = admin.waitForEvent('download')
  await admin.getByRole('button', { name: 'Export' }).click()
  await admin.getByRole('menuitem', { name: 'Excel (XLSX)' }).click()
  await expect(admin.getByText('Preparing your Excel export...')).toBeVisible()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^clients-export-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const names: string[] = []
  sheet.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(1).value))
  })
  expect(sheet.getRow(1).getCell(1).value).toBe('Name')
  expect(sheet.getRow(1).getCell(2).value).toBe('Client ID')
  // The filtered rows only, in the list's order; formula-looking text stays text.
  expect(names.sort()).toEqual([`'=SUM(1) ${tag} Beta`, `${tag} Alpha Mills`].sort())
})

test.describe('on a phone', () => {
  test('the Export menu fits at 375 px', async ({ browser }) => {
    const phone = await userPage(browser, 'admin@example.com', 375, 812)
    await goTo(phone, 'Clients')
    await expect(phone.getByRole('heading', { name: 'Clients' })).toBeVisible()
    const button = phone.getByRole('button', { name: 'Export' })
    await expect(button).toBeVisible()
    const box = (await button.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    await button.click()
    await expect(phone.getByRole('menuitem', { name: 'CSV' })).toBeVisible()
    await expect(phone.getByRole('menuitem', { name: 'Excel (XLSX)' })).toBeInViewport()
    await expectNoSideScroll(phone)
    await phone.keyboard.press('Escape')
  })
})
