import { hold, openTasks, signIn } from '../support/app.ts'
import { expect, test } from '../support/test.ts'

// Create Task from the keyboard: typing in a picker searches, Enter picks the highlighted option and
// never sends the form; Enter in a date field does not send a half-filled task either.
test('Create Task from the keyboard: typing a name and Enter picks the person, never submits', async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  await openTasks(page)
  const title = `Keyboard task ${Date.now().toString(36)}`
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  const titleField = form.getByRole('textbox', { name: /^Title/ })
  await expect(titleField).toBeFocused()
  await page.keyboard.type(title)
  await page.keyboard.press('Tab')
  const assignTo = form.getByRole('combobox', { name: 'Assign To' })
  await expect(assignTo).toBeFocused()
  await expect(assignTo).toHaveValue('Asha Verma (asha)')
  await page.keyboard.type('Ravi')
  await page.keyboard.press('Enter')
  await expect(assignTo).toHaveValue('Ravi Kumar (ravi)')
  await expect(form).toBeVisible()

  // Escape with the Deadline's calendar open closes the calendar, not the form (no 'Discard
  // changes?'); Enter in the field does not send the form.
  const deadline = form.getByRole('button', { name: 'Deadline' }).or(form.getByLabel('Deadline'))
  await deadline.first().focus()
  const calendar = page.getByRole('button', { name: 'Next month' })
  await expect(calendar).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(calendar).toBeHidden()
  await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toHaveCount(0)
  await page.keyboard.press('Enter')
  await expect(form).toBeVisible()

  // Ctrl-Enter sends it, assigned to Ravi.
  await titleField.focus()
  await page.keyboard.press('Control+Enter')
  await expect(form).toBeHidden()
  await page.getByRole('tab', { name: /Delegated/ }).click()
  const row = page.getByTestId('task-row').filter({ hasText: title })
  await expect(row).toContainText('Ravi Kumar')
})

test('Assign To, focused before the people list has come: the name it then shows is replaced by what is typed', async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  const release = await hold(page, /\/api\/users(\?|$)/)
  await openTasks(page)
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await expect(form.getByRole('textbox', { name: /^Title/ })).toBeFocused()
  await page.keyboard.type('Picker race')
  await page.keyboard.press('Tab')
  const assignTo = form.getByRole('combobox', { name: 'Assign To' })
  await expect(assignTo).toBeFocused()
  // The people are still on their way: no name to show yet.
  await expect(assignTo).toHaveValue('')
  release()
  await expect(assignTo).toHaveValue('Asha Verma (asha)')
  await page.keyboard.type('Ravi')
  await page.keyboard.press('Enter')
  await expect(assignTo).toHaveValue('Ravi Kumar (ravi)')
})

// Escape, the X, a click outside and Cancel ask before unsaved input is thrown away.
test('Create Task with unsaved input asks “Discard changes?” before it closes', async ({ page }) => {
  await signIn(page, 'asha@example.com')
  await openTasks(page)
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill('Half a thought')
  const ask = page.getByRole('dialog', { name: 'Discard changes?' })

  await page.keyboard.press('Escape')
  await expect(ask).toBeVisible()
  // The Escape that asked is not taken as the question's own: it is still there once its entry
  // transition (200 ms) is long over.
  await page.waitForTimeout(600)
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(ask).toBeHidden()
  await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('Half a thought')

  await form.getByRole('button', { name: 'Cancel' }).click()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(ask).toBeHidden()

  await form.locator('.mantine-Modal-close').click()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(ask).toBeHidden()

  await page.mouse.click(1200, 760)
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Discard' }).click()
  await expect(form).toBeHidden()

  // Nothing typed: it closes without asking.
  await page.getByRole('button', { name: 'Create Task' }).click()
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  await expect(ask).toBeHidden()
})

// A fast double click on Add Comment adds one comment (the form refuses the second click in the same
// tick, and the server answers an identical repeat with the first comment).
test('a double click on Add Comment adds one comment', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await openTasks(page)
  const title = `Double comment ${Date.now().toString(36)}`
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form).toBeHidden()
  await page.getByRole('button', { name: title, exact: true }).click()
  await page.getByRole('button', { name: 'Add Comment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Comment' })
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Only once, please.')
  await dialog.getByRole('button', { name: 'Add Comment' }).dblclick()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Only once, please.')).toHaveCount(1)
  await page.reload()
  await expect(page.getByText('Only once, please.')).toHaveCount(1)
})
