import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { baseURL, openUserMenuItem, signIn } from '../support/app.ts'
import { expect, test } from '../support/test.ts'
import { e2eUsers } from '../support/users.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

test('a cropped profile photo is uploaded and shown in the header', async ({ page }) => {
  await signIn(page, e2eUsers.photographer.email)
  const headerAvatar = page.getByLabel('User menu').locator('img')
  await expect(headerAvatar).toHaveCount(0)

  await openUserMenuItem(page, 'Edit Profile')
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
  await expect(dialog.getByRole('textbox', { name: 'Designation' })).toHaveAttribute('readonly', '')

  // A file that is not an accepted image is refused with the spec's message.
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Upload photo' }).click()
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(dialog.getByRole('alert')).toHaveText('Invalid file. Use PNG, JPG, SVG, or WebP under 10MB.')

  const chooser2 = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Upload photo' }).click()
  await (await chooser2).setFiles(path.join(here, '../support/portrait.png'))
  await expect(dialog.getByRole('slider', { name: 'Zoom' })).toBeVisible()
  await dialog.getByRole('textbox', { name: /^Full name/ }).fill('Fatima Tog-Ahmed')
  await dialog.getByRole('button', { name: 'Save' }).click()

  const confirm = page.getByRole('dialog').filter({ hasText: 'Save changes to your profile?' })
  await confirm.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Profile updated successfully').first()).toBeVisible()

  await expect(page.getByLabel('User menu')).toContainText('Fatima Tog-Ahmed')
  await expect(headerAvatar).toHaveCount(1)
  const src = await headerAvatar.getAttribute('src')
  expect(src).toMatch(/^\/api\/files\/org\/.+\/displayPicture\/.+\.webp\?/)
  const response = await page.request.get(`${baseURL()}${src}`)
  expect(response.headers()['content-type']).toBe('image/webp')
  expect((await response.body()).length).toBeLessThanOrEqual(512 * 1024)
})

// The crop area is square, as the saved photo is.
test('the photo crop area is drawn square', async ({ page }) => {
  await signIn(page, 'accounts@example.com')
  await openUserMenuItem(page, 'Edit Profile')
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Upload photo' }).click()
  await (await chooser).setFiles(path.join(here, '../support/portrait.png'))
  const area = dialog.getByTestId('cropper')
  await expect(area).toBeVisible()
  expect(await area.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('0px')
  const box = (await area.boundingBox())!
  expect(Math.abs(box.width - box.height)).toBeLessThan(2)
})
