import { baseURL, chunkOf, hold, signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, type Page, test } from '../support/test.ts'

/**
 * Global search from the keyboard (docs/decisions.md, "Search"), on the demo organisation: Asha is
 * on the access lists of Sunrise Textiles and Ganga Water Works, not of Metro Pharma (Ravi's).
 */

/** Ctrl-K from wherever the focus is, then the words; the first result is the active one. */
async function searchFromKeyboard(page: Page, words: string) {
  await page.keyboard.press('Control+K')
  const box = page.getByRole('dialog', { name: 'Search' }).getByRole('combobox', { name: 'Search words' })
  await expect(box).toBeFocused()
  await box.pressSequentially(words, { delay: 20 })
  return box
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' })

test('a staff user finds a client by a fragment of its GSTIN and opens it with Enter', async ({ page }) => {
  await signIn(page, 'asha@example.com')
  const box = await searchFromKeyboard(page, 'ABCG5678')
  const option = palette(page).getByRole('option', { name: /Ganga Water Works/ })
  await expect(option).toBeVisible()
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await expect(palette(page).getByRole('group', { name: 'Clients' })).toBeVisible()
  await expect(option.getByText('GSTIN', { exact: true })).toBeVisible()
  // The words are highlighted where they occur.
  await expect(option.locator('mark')).toHaveText('ABCG5678')
  await page.screenshot({ path: test.info().outputPath('search-palette-1280.png') })
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${baseURL()}/clients/[0-9a-f-]{36}$`))
  await expect(page.getByRole('heading', { name: 'Ganga Water Works' })).toBeVisible()
  await expect(palette(page)).toHaveCount(0)
})

test('the accountant finds an invoice by its number from the header search box', async ({ page }) => {
  await signIn(page, 'accounts@example.com')
  await page.getByRole('button', { name: 'Search everything' }).click()
  const box = palette(page).getByRole('combobox', { name: 'Search words' })
  await box.fill('INV-2026-005')
  const option = palette(page).getByRole('option', { name: /INV-2026-005/ })
  await expect(option).toBeVisible()
  await expect(palette(page).getByRole('group', { name: 'Receivables' })).toBeVisible()
  await box.press('Enter')
  await expect(page).toHaveURL(`${baseURL()}/accounts/receivables?searchQuery=INV-2026-005`)
  await expect(page.getByText('INV-2026-005').first()).toBeVisible()
})

test('a staff user finds a task by a word of its description, walking the results with the arrow keys', async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  const box = await searchFromKeyboard(page, 'chemical consumption')
  const option = palette(page).getByRole('option', { name: /Submit monthly O&M report for Ganga STP/ })
  await expect(option).toBeVisible()
  await expect(option.getByText('Description', { exact: true })).toBeVisible()
  // Down to 'See all results' and back up to the task.
  await box.press('ArrowDown')
  await expect(option).toHaveAttribute('aria-selected', 'false')
  await box.press('ArrowUp')
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/tasks\?task=[0-9a-f-]{36}$/)
  await expect(
    page.getByRole('dialog').getByText('Submit monthly O&M report for Ganga STP').first(),
  ).toBeVisible()
})

test('a staff user never finds a client they have no access to, by name or GSTIN', async ({ page }) => {
  await signIn(page, 'asha@example.com')
  const box = await searchFromKeyboard(page, 'Metro Pharma')
  await expect(palette(page).getByRole('status')).toHaveText('Nothing found for “Metro Pharma”.')
  await box.fill('AAACM9012')
  await expect(palette(page).getByRole('status')).toHaveText('Nothing found for “AAACM9012”.')
  // Her own client is found the same way.
  await box.fill('Sunrise')
  await expect(palette(page).getByRole('option', { name: /^Sunrise Textiles Pvt Ltd/ })).toBeVisible()
  await expect(palette(page).getByRole('option', { name: /^Metro/ })).toHaveCount(0)
})

test('every result on a page of its own, from the palette, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, 'admin@example.com')
  await page.getByRole('button', { name: 'Search everything' }).click()
  const box = palette(page).getByRole('combobox', { name: 'Search words' })
  await box.fill('Ganga')
  await expect(palette(page).getByRole('option').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('search-palette-375.png') })
  await palette(page).getByRole('button', { name: 'See all results' }).click()
  await expect(page).toHaveURL(`${baseURL()}/search?q=Ganga`)
  await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible()
  await expect(page.getByRole('option', { name: /^Ganga Water Works/ })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Projects' })).toBeVisible()
  await expectNoSideScroll(page)
  await page.screenshot({ path: test.info().outputPath('search-page-375.png'), fullPage: true })
})

test('a result clicked just after more words are typed opens, while its page is still loading', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com')
  await page.getByRole('button', { name: 'Search everything' }).click()
  await palette(page).getByRole('combobox', { name: 'Search words' }).fill('Ganga')
  await palette(page).getByRole('button', { name: 'See all results' }).click()
  await expect(page).toHaveURL(`${baseURL()}/search?q=Ganga`)
  const result = page.getByRole('option', { name: /^Ganga Water Works/ })
  await expect(result).toBeVisible()
  // The client's page code arrives late, so the click's navigation waits for it; the words typed just
  // before must not be written into the address after the click and cancel it.
  const release = await hold(page, chunkOf('src/ui/register-kit/DetailPage.tsx'))
  await page.getByRole('combobox', { name: 'Search words' }).press('End')
  await page.keyboard.type(' W')
  await result.click()
  await page.waitForTimeout(800)
  release()
  await expect(page).toHaveURL(new RegExp(`${baseURL()}/clients/[0-9a-f-]{36}$`))
  await expect(page.getByRole('heading', { level: 2, name: /^Ganga Water Works/ })).toBeVisible()
  // Back returns to the search as it was typed.
  await page.goBack()
  await expect(page).toHaveURL(`${baseURL()}/search?q=Ganga+W`)
})
