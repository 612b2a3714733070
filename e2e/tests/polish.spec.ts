import { expect, test } from '@playwright/test'
import { baseURL, signIn } from '../support/app.ts'

// Issue 10, polish.
test('toasts sit clear of the header and a follow-up replaces the one before', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  for (const title of ['First toast task', 'Second toast task']) {
    await page.getByRole('button', { name: 'Create Task' }).click()
    const form = page.getByRole('dialog', { name: 'Create Task' })
    await form.getByRole('textbox', { name: /^Title/ }).fill(`${title} ${Date.now().toString(36)}`)
    await form.getByRole('button', { name: 'Create Task' }).click()
    await expect(form).toBeHidden()
  }
  const toasts = page.locator('.mantine-Notification-root')
  await expect(toasts).toHaveCount(1)
  const toast = (await toasts.boundingBox())!
  const bell = (await page.getByRole('button', { name: /Notifications/ }).boundingBox())!
  expect(toast.y).toBeGreaterThan(bell.y + bell.height)
})

test('a blank comment says why nothing happened; a new one reads “just now”', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  const title = `Comment polish ${Date.now().toString(36)}`
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form).toBeHidden()
  await page.getByRole('button', { name: title, exact: true }).click()
  await page.getByRole('button', { name: 'Add Comment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Comment' })
  await dialog.getByRole('button', { name: 'Add Comment' }).click()
  await expect(dialog.getByText('Write a comment first.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Checked on site.')
  await expect(dialog.getByText('Write a comment first.')).toBeHidden()
  await dialog.getByRole('button', { name: 'Add Comment' }).click()
  await expect(page.getByText('just now')).toBeVisible()
})

test('the grant-access picker leaves out admins', async ({ page }) => {
  await signIn(page, 'asha@example.com')
  await page.goto(`${baseURL()}/clients/add`)
  await page.getByRole('combobox', { name: 'Add a user' }).click()
  await expect(page.getByRole('option', { name: /Ravi/ })).toBeVisible()
  await expect(page.getByRole('option', { name: /Aditya Mehta/ })).toHaveCount(0)
})
