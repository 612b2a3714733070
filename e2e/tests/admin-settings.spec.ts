import { signIn } from '../support/app.ts'
import { checkPage, expectNoSideScroll } from '../support/checks.ts'
import { expect, test } from '../support/test.ts'
import { e2eUsers } from '../support/users.ts'

test.use({ viewport: { width: 375, height: 812 } })

test('on a phone, the admin finds a user by search and switches their accountant flag on their card', async ({
  page,
}) => {
  const person = e2eUsers.flagged
  await signIn(page, e2eUsers.settler.email)
  await page.getByRole('button', { name: 'Toggle navigation' }).click()
  await page.getByRole('link', { name: 'Organisation & Users' }).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()

  const search = page.getByRole('textbox', { name: 'Search users' })
  await search.fill(person.username)
  await search.press('Enter')
  const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem')
  await expect(cards).toHaveCount(1)
  const card = cards.first()
  await expect(card).toContainText(person.fullName)
  await expect(card).toContainText(person.email)
  // The whole card fits the screen's width: scrolled to, it is entirely in view.
  await card.scrollIntoViewIfNeeded()
  await expect(card).toBeInViewport({ ratio: 1 })
  await expectNoSideScroll(page)

  const accountant = card.getByRole('switch', { name: `Accountant: ${person.fullName}` })
  await expect(accountant).not.toBeChecked()
  await accountant.click({ force: true })
  await expect(page.getByText('User updated.').first()).toBeVisible()
  await expect(accountant).toBeChecked()
  // A deactivation asks first; kept active here. The row's switches stay disabled until the change has
  // settled (the list, the settings and one's own menu reloaded), and a click on a disabled one is lost.
  const active = card.getByRole('switch', { name: `Active: ${person.fullName}` })
  await expect(active).toBeEnabled()
  await active.click({ force: true })
  await expect(page.getByText(`Deactivate ${person.fullName}?`, { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(active).toBeChecked()
})

test('on a phone, the admin adds a task category in its dialog and deletes it again', async ({ page }) => {
  const name = `Phone category ${Date.now().toString(36)}`
  await signIn(page, e2eUsers.settler.email)
  await page.getByRole('button', { name: 'Toggle navigation' }).click()
  await page.getByRole('link', { name: 'Organisation & Users' }).click()
  await page.getByRole('button', { name: 'Add category' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add category' })
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const card = page
    .getByRole('list', { name: 'Task categories' })
    .getByRole('listitem')
    .filter({ hasText: name })
  await expect(card).toBeVisible()
  // With a category in it, the list fits the screen and passes axe.
  await checkPage(page)
  await card.getByRole('button', { name: `Delete ${name}` }).click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(card).toHaveCount(0)
})
