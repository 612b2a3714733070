import { signIn } from '../support/app.ts'
import { expect, test } from '../support/test.ts'

test('desktop (1280 px): the sidebar starts collapsed, expands on hover and when pinned', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com')
  const navbar = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(navbar).toHaveAttribute('data-expanded', 'false')
  expect((await navbar.boundingBox())!.width).toBeLessThan(80)

  await navbar.hover()
  await expect(navbar).toHaveAttribute('data-expanded', 'true')
  await expect.poll(async () => (await navbar.boundingBox())!.width).toBeGreaterThan(200)
  await page.mouse.move(900, 500)
  await expect(navbar).toHaveAttribute('data-expanded', 'false')

  // The keyboard too: tabbing into the rail shows its labels, tabbing on past it folds it.
  await page.getByLabel('User menu').focus()
  const focusInNav = () => navbar.evaluate((nav) => nav.contains(document.activeElement))
  for (let i = 0; i < 10 && !(await focusInNav()); i++) await page.keyboard.press('Tab')
  expect(await focusInNav()).toBe(true)
  await expect(navbar).toHaveAttribute('data-expanded', 'true')
  await page.keyboard.press('Shift+Tab')
  for (let i = 0; i < 10 && (await focusInNav()); i++) await page.keyboard.press('Shift+Tab')
  await expect(navbar).toHaveAttribute('data-expanded', 'false')
  // A click is not the keyboard: the rail folds when the pointer leaves, focus or not.
  await navbar.hover()
  await navbar.getByRole('button', { name: 'Employees' }).click()
  await page.mouse.move(900, 500)
  await expect(navbar).toHaveAttribute('data-expanded', 'false')

  await page.getByLabel('Toggle navigation').click()
  await page.mouse.move(900, 500)
  await expect(navbar).toHaveAttribute('data-expanded', 'true')
  await expect.poll(async () => (await navbar.boundingBox())!.width).toBeGreaterThan(200)
})

test('phone (375 px): the sidebar is hidden, opens from the toggle and closes with Escape or after a link click', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, 'admin@example.com')
  const navbar = page.getByRole('navigation', { name: 'Main navigation' })
  const toggle = page.getByLabel('Toggle navigation')
  await expect(navbar).not.toBeInViewport()

  await toggle.click()
  await expect(navbar).toBeInViewport()
  await page.keyboard.press('Escape')
  await expect(navbar).not.toBeInViewport()
  await expect(toggle).toBeFocused()

  await toggle.click()
  await expect(navbar).toBeInViewport()
  await navbar.getByRole('link', { name: 'Organisation & Users' }).click()
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await expect(navbar).not.toBeInViewport()
})

test('only admins see the admin settings link and page', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await expect(page.getByRole('link', { name: 'Organisation & Users' })).toHaveCount(0)
})

for (const size of [
  { width: 1366, height: 768 },
  { width: 1280, height: 800 },
]) {
  test(`${size.width}×${size.height}: the navigation scrolls to its last entry with the wheel, pinned or as a rail`, async ({
    page,
  }) => {
    await page.setViewportSize(size)
    await signIn(page, 'admin@example.com')
    const navbar = page.getByRole('navigation', { name: 'Main navigation' })
    const last = navbar.getByRole('link', { name: 'Import', exact: true })
    await expect(last).not.toBeInViewport()
    // The rail (collapsed): a wheel over it scrolls it.
    await navbar.hover()
    await page.mouse.wheel(0, 3000)
    await expect(last).toBeInViewport()
    // Pinned open, from the top again.
    await page.getByLabel('Toggle navigation').click()
    await navbar.evaluate((element) => element.scrollTo(0, 0))
    await expect(last).not.toBeInViewport()
    await navbar.hover()
    await page.mouse.wheel(0, 3000)
    await expect(last).toBeInViewport()
    await last.click()
    await expect(page).toHaveURL(/\/import$/)
    // After a reload the current page's entry is in view without scrolling.
    await page.reload()
    await expect(navbar.getByRole('link', { name: 'Import', exact: true })).toBeInViewport()
  })
}

test('phone (375 px): the opened menu scrolls to its last entry with a swipe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 })
  await signIn(page, 'admin@example.com')
  await page.getByLabel('Toggle navigation').click()
  const navbar = page.getByRole('navigation', { name: 'Main navigation' })
  const last = navbar.getByRole('link', { name: 'Import', exact: true })
  await expect(last).not.toBeInViewport()
  await navbar.hover()
  await page.mouse.wheel(0, 3000)
  await expect(last).toBeInViewport()
})

test('a group of the navigation folds and stays folded; the group of the current page stays open', async ({
  page,
}) => {
  await signIn(page, 'ravi@example.com')
  await page.getByLabel('Toggle navigation').click()
  const navbar = page.getByRole('navigation', { name: 'Main navigation' })
  await navbar.getByRole('button', { name: 'Employees' }).click()
  await expect(navbar.getByRole('link', { name: 'Current Employees' })).toBeHidden()
  await page.reload()
  // The sidebar starts as a rail again (every icon shows); pinned open, the fold is remembered.
  await page.getByLabel('Toggle navigation').click()
  await expect(navbar.getByRole('link', { name: 'Current Employees' })).toBeHidden()
  await navbar.getByRole('button', { name: 'Employees' }).click()
  await navbar.getByRole('link', { name: 'Current Employees' }).click()
  await expect(navbar.getByRole('button', { name: 'Employees' })).toBeDisabled()
  await expect(navbar.getByRole('link', { name: 'Current Employees' })).toBeVisible()
})

test("'Skip to content' is the first stop of the keyboard and moves past the navigation", async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  // A page just opened: the keyboard starts from the top.
  await page.reload()
  await expect(page.getByLabel('User menu')).toBeVisible()
  // The page's own content loaded, so that it has a stop of its own after the skip (on a slow
  // database the home's cards were still loading and the Tab left the page).
  await expect(page.locator('#main-content').getByRole('link').first()).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main-content')).toBeFocused()
  await page.keyboard.press('Tab')
  // The next stop is in the page, not the header or the navigation.
  const inMain = await page.evaluate(() =>
    document.getElementById('main-content')!.contains(document.activeElement),
  )
  expect(inMain).toBe(true)
})
