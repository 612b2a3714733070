import { chunkOf, signIn } from '../support/app.ts'
import { expect, test } from '../support/test.ts'

const nav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Main navigation' })

test('a page whose code is gone after a new version reloads once, then says so in the frame and offers Reload', async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  // The deploy removed the old build's chunks: the page's own code answers 404.
  const pageChunk = chunkOf('src/features/announcements/AnnouncementsPage.tsx')
  await page.route(pageChunk, (route) => route.fulfill({ status: 404, body: 'Not found' }))
  let loads = 0
  page.on('load', () => loads++)
  await nav(page).getByRole('link', { name: 'Announcements', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Daftar has been updated' })
  await expect(alert).toBeVisible()
  // It reloaded by itself once, then stopped and said so.
  expect(loads).toBe(1)
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0)
  await expect(page.getByLabel('User menu')).toBeVisible()
  await expect(nav(page)).toBeVisible()

  // The new version is there: Reload shows the page.
  await page.unroute(pageChunk)
  await alert.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { name: 'Announcements', level: 2 })).toBeVisible()
})

test('a page that fails to render says what happened inside the frame, and the rest of the app goes on', async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  // An answer the page cannot read: its rendering throws.
  await page.route(/\/api\/tasks\/finished(\?|$)/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ tasks: 'not a list', people: {}, totalPages: 1, currentPage: 1 }),
    }),
  )
  await nav(page).getByRole('link', { name: 'Finished Tasks' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible()
  await expect(page.getByText('Hey developer')).toHaveCount(0)
  await expect(page.getByLabel('User menu')).toBeVisible()
  // The sidebar still works: another page opens.
  await nav(page).getByRole('link', { name: 'Active Tasks' }).click()
  await expect(page.getByRole('button', { name: 'Create Task' })).toBeVisible()
})
