import { openTasks, signIn } from '../support/app.ts'
import { expect, test } from '../support/test.ts'

// Choosing a project fills and locks its client, and the task keeps the link.
test('a chosen project fills and locks the client and stays linked; names keep their capitals', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com')
  await openTasks(page)
  const title = 'Check the ETP blower (project picker)'
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('combobox', { name: 'Project' }).fill('sunrise')
  await page.getByRole('option', { name: 'Sunrise ETP Upgrade' }).click()
  const client = form.getByRole('combobox', { name: 'Client' })
  await expect(client).toHaveValue('Sunrise Textiles Pvt Ltd')
  await expect(client).toBeDisabled()
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form).toBeHidden()

  const row = page.getByTestId('task-row').filter({ hasText: title })
  await expect(row.getByRole('link', { name: 'Sunrise ETP Upgrade' })).toHaveAttribute(
    'href',
    /\/projects\/[0-9a-f-]{36}$/,
  )
  await expect(row.getByRole('link', { name: 'Sunrise Textiles Pvt Ltd' })).toHaveAttribute(
    'href',
    /\/clients\//,
  )

  // Edit Task: another project chosen with the keyboard replaces the client rather than clearing it.
  await row.getByRole('button', { name: title }).click()
  const detail = page.getByRole('dialog').filter({ hasText: title })
  await detail.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Task', exact: true })
  const project = edit.getByRole('combobox', { name: 'Project' })
  await project.fill('ganga')
  await project.press('ArrowDown')
  await project.press('Enter')
  await expect(project).toHaveValue('Ganga STP Operations')
  await expect(edit.getByRole('combobox', { name: 'Client' })).toHaveValue('Ganga Water Works')
  await expect(edit.getByRole('combobox', { name: 'Client' })).toBeDisabled()

  // Typing makes the project free text again and frees the client; free text is title-cased with
  // its capitals kept, and never linked even when it reads like a project.
  await project.fill('new KLD pumping station')
  await page.keyboard.press('Escape')
  await expect(edit.getByRole('combobox', { name: 'Client' })).toBeEnabled()
  await expect(edit.getByRole('combobox', { name: 'Client' })).toHaveValue('')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await page
    .getByRole('dialog', { name: 'Edit Task - Save Changes' })
    .getByRole('button', { name: 'Save Changes' })
    .click()
  await expect(edit).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(row.getByRole('cell', { name: 'New KLD Pumping Station' })).toBeVisible()
  await expect(row.getByRole('link', { name: /Pumping Station/ })).toHaveCount(0)
})

// A record the user may not open is named, not linked.
test('a task’s project and client are links only for those who may open them', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, 'admin@example.com')
  await openTasks(admin)
  const title = `Links by access ${Date.now().toString(36)}`
  await admin.getByRole('button', { name: 'Create Task' }).click()
  const form = admin.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('combobox', { name: 'Assign To' }).click()
  await admin.getByRole('option', { name: /Asha Verma/ }).click()
  await form.getByRole('combobox', { name: 'Project' }).fill('metro')
  await admin.getByRole('option', { name: 'Metro Pharma WTP' }).click()
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form).toBeHidden()

  // Asha is not on Metro Pharma's access lists: she reads the names, without links.
  const asha = await (await browser.newContext()).newPage()
  await signIn(asha, 'asha@example.com')
  await openTasks(asha)
  const row = asha.getByTestId('task-row').filter({ hasText: title })
  await expect(row.getByRole('cell', { name: 'Metro Pharma WTP' })).toBeVisible()
  await expect(row.getByRole('link', { name: /Metro Pharma/ })).toHaveCount(0)
  await row.getByRole('button', { name: title }).click()
  const detail = asha.getByRole('dialog').filter({ hasText: title })
  await expect(detail.getByText('Metro Pharma WTP')).toBeVisible()
  await expect(detail.getByRole('link', { name: 'Metro Pharma WTP' })).toHaveCount(0)
  await expect(detail.getByRole('link', { name: 'Metro Pharma Ltd' })).toHaveCount(0)
})

// A validation message clears as the field becomes valid.
test('“Title is required.” goes as soon as a title is typed', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await openTasks(page)
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form.getByText('Title is required.')).toBeVisible()
  await form.getByRole('textbox', { name: /^Title/ }).fill('Now it has one')
  await expect(form.getByText('Title is required.')).toBeHidden()
})
