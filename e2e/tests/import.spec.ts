import fs from 'node:fs'
import { signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, test } from '../support/test.ts'

// Import (docs/decisions.md, "Import"): an admin brings a supplier sheet in from the Suppliers list,
// two rows are refused, the admin fixes them in the file the page gives back and imports it again.

const sheet = (tag: string) =>
  [
    'Supplier Name,GSTIN,Product Category,Contact Phone,IFSC',
    `Sharma Electricals ${tag},,Electrical,+91 98220 54321,SBIN0001234`,
    `Bad Gst Traders ${tag},27AAPFU0939F1ZX,Hardware,,`,
    `Patel Cement ${tag},,Cement,,BADIFSC`,
    `Kumar Paints ${tag},,Paints,,`,
  ].join('\r\n')

for (const width of [1280, 375]) {
  test(`an admin imports suppliers, fixes the refused rows from the file and imports them (${width} px)`, async ({
    page,
  }) => {
    const tag = `${width}-${Date.now().toString(36)}`
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 })
    await signIn(page, 'admin@example.com')
    const navbar = page.getByRole('navigation', { name: 'Main navigation' })
    if (width === 375) await page.getByRole('button', { name: 'Toggle navigation' }).click()
    await navbar.getByRole('link', { name: 'Suppliers' }).click()
    const main = page.locator('#main-content')
    await main.getByRole('link', { name: 'Import', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Register' })).toHaveValue('Suppliers')

    await page.locator('input[type=file]').setInputFiles({
      name: 'suppliers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(sheet(tag)),
    })
    const check = page.getByRole('button', { name: 'Check file' })
    await check.dblclick()
    const counts = page.getByLabel('Rows checked', { exact: true })
    await expect(counts).toContainText('4 rows')
    await expect(counts).toContainText('2 with errors')
    const errors = page.getByRole('region', { name: 'Errors', exact: true })
    await expect(errors.getByRole('row', { name: /^3 GSTIN/ })).toBeVisible()
    await expect(errors.getByRole('row', { name: /^4 IFSC/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Preview', exact: true })).toContainText(
      `Kumar Paints ${tag}`,
    )
    await expectNoSideScroll(page)

    // A double click imports once.
    await page.getByRole('button', { name: 'Import 2 rows' }).dblclick()
    const result = page.getByRole('region', { name: 'Import result' })
    await expect(result).toContainText('2 added')
    await expect(result).toContainText('2 with errors not imported')

    const download = page.waitForEvent('download')
    await result.getByRole('button', { name: 'Download the rows to fix' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('suppliers-rows-to-fix.csv')
    const toFix = fs.readFileSync((await file.path())!, 'utf8')
    expect(toFix).toContain('Errors')
    const fixed = toFix.replace('27AAPFU0939F1ZX', '').replace('BADIFSC', 'HDFC0000123')

    await result.getByRole('button', { name: 'Import another file' }).click()
    await page.locator('input[type=file]').setInputFiles({
      name: 'suppliers-fixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(fixed),
    })
    await check.click()
    await expect(counts).toContainText('0 with errors')
    await page.getByRole('button', { name: 'Import 2 rows' }).click()
    await expect(result).toContainText('2 added')
    await result.getByRole('link', { name: 'Open Suppliers' }).click()

    await page.getByRole('textbox', { name: /search/i }).fill(tag)
    for (const name of ['Sharma Electricals', 'Bad Gst Traders', 'Patel Cement', 'Kumar Paints'])
      await expect(page.getByText(`${name} ${tag}`).first()).toBeVisible()
  })
}

test('staff see no Import, neither in the menu nor on a list', async ({ page }) => {
  await signIn(page, 'asha@example.com')
  const navbar = page.getByRole('navigation', { name: 'Main navigation' })
  await navbar.getByRole('link', { name: 'Suppliers' }).click()
  await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Import', exact: true })).toHaveCount(0)
  await expect(navbar.getByRole('link', { name: 'Activity' })).toHaveCount(0)
})
