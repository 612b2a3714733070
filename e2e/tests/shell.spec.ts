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

  await page.getByLabel('Toggle navigation').click()
  await page.mouse.move(900, 500)
  await expect(navbar).toHaveAttribute('data-expanded', 'true')
  await expect.poll(async () => (await navbar.boundingBox())!.width).toBeGreaterThan(200)
})

test('phone (375 px): the sidebar is hidden, opens from the toggle and closes after a link click', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, 'admin@example.com')
  const navbar = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(navbar).not.toBeInViewport()

  await page.getByLabel('Toggle navigation').click()
  await expect(navbar).toBeInViewport()
  await navbar.getByRole('link', { name: 'Organisation & Users' }).click()
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await expect(navbar).not.toBeInViewport()
})

test('only admins see the admin settings link and page', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await expect(page.getByRole('link', { name: 'Organisation & Users' })).toHaveCount(0)
})
