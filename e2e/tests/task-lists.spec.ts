import { goTo, openTasks, signIn } from '../support/app.ts'
import { expect, type Page, test } from '../support/test.ts'
import { e2eUsers } from '../support/users.ts'

/** The user comes back to the window: TanStack Query refetches what listens to focus. */
async function refocus(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
}

// The lists follow what happened without a reload.
test('a submitted task reaches the creator’s My Approval from the notification, without a reload', async ({
  browser,
}) => {
  const creator = await (await browser.newContext()).newPage()
  const assignee = await (await browser.newContext()).newPage()
  await signIn(creator, e2eUsers.pager.email)
  await openTasks(creator)
  await signIn(assignee, e2eUsers.photographer.email)
  await openTasks(assignee)
  const title = `Fresh lists ${Date.now().toString(36)}`

  await creator.getByRole('button', { name: 'Create Task' }).click()
  const form = creator.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('combobox', { name: 'Assign To' }).click()
  await creator.getByRole('option', { name: /Fatima Tog/ }).click()
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form).toBeHidden()
  await creator.getByRole('tab', { name: /Approval/ }).click()
  const approvalTab = creator.getByRole('tab', { name: /Approval/ })
  const count = async () => Number((await approvalTab.textContent())?.replace(/\D/g, ''))
  const before = await count()

  await assignee.reload()
  await assignee.getByRole('button', { name: title, exact: true }).click()
  await assignee.getByRole('button', { name: 'Mark as Complete' }).click()
  const complete = assignee.getByRole('dialog', { name: 'Mark the Task as Complete' })
  await complete.getByRole('button', { name: 'Mark as Complete' }).click()
  await expect(assignee.getByText('Task submitted successfully!').first()).toBeVisible()

  // The creator comes back to the window: the bell and the list both refresh.
  await refocus(creator)
  await expect(creator.getByTestId('unread-badge')).not.toHaveText('')
  // At least one more: the CC journey below, run in parallel by the same creator, may add its own.
  await expect.poll(count).toBeGreaterThanOrEqual(before + 1)
  await expect(
    creator.getByRole('table', { name: 'My Approval' }).getByRole('button', { name: title }),
  ).toBeVisible()
  await creator.getByRole('button', { name: /Notifications/ }).click()
  await creator.getByText(new RegExp(title)).first().click()
  await expect(creator.getByRole('dialog').filter({ hasText: title })).toBeVisible()
})

// CC'd tasks carry the CC tag and appear in Others' Approval when submitted.
test('a CC’d task is tagged CC in My Tasks and listed in Others’ Approval once submitted', async ({
  browser,
}) => {
  const creator = await (await browser.newContext()).newPage()
  const cc = await (await browser.newContext()).newPage()
  const assignee = await (await browser.newContext()).newPage()
  await signIn(creator, e2eUsers.pager.email)
  await openTasks(creator)
  const title = `CC tag ${Date.now().toString(36)}`
  await creator.getByRole('button', { name: 'Create Task' }).click()
  const form = creator.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('combobox', { name: 'Assign To' }).click()
  await creator.getByRole('option', { name: /Fatima Tog/ }).click()
  await form.getByRole('combobox', { name: 'CC' }).click()
  await creator.getByRole('option', { name: /Wasim Watcher/ }).click()
  await creator.keyboard.press('Escape')
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(creator.getByText('Task Created').first()).toBeVisible()

  await signIn(cc, e2eUsers.watcher.email)
  await openTasks(cc)
  const row = cc.getByRole('table', { name: 'My Tasks' }).getByTestId('task-row').filter({ hasText: title })
  await expect(row.getByText('CC', { exact: true })).toBeVisible()

  await signIn(assignee, e2eUsers.photographer.email)
  await openTasks(assignee)
  // The assignee's row has no CC tag (only this row: other journeys may CC this user meanwhile).
  const assigned = assignee
    .getByRole('table', { name: 'My Tasks' })
    .getByTestId('task-row')
    .filter({ hasText: title })
  await expect(assigned).toBeVisible()
  await expect(assigned.getByText('CC', { exact: true })).toHaveCount(0)
  await assignee.getByRole('button', { name: title, exact: true }).click()
  await assignee.getByRole('button', { name: 'Mark as Complete' }).click()
  const complete = assignee.getByRole('dialog', { name: 'Mark the Task as Complete' })
  await complete.getByRole('button', { name: 'Mark as Complete' }).click()
  await expect(assignee.getByText('Task submitted successfully!').first()).toBeVisible()

  await cc.reload()
  await cc.getByRole('tab', { name: /Approval/ }).click()
  await expect(
    cc.getByRole('table', { name: "Others' Approval" }).getByRole('button', { name: title }),
  ).toBeVisible()
})

// Each closed list keeps its own state when reopened from the sidebar.
test('the finished list keeps its page and sort when reopened from the sidebar and after a reload', async ({
  page,
}) => {
  await signIn(page, e2eUsers.pager.email)
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.getByRole('link', { name: 'Finished Tasks' }).click()
  // The list first, then its controls: a dropdown opened while the page is still mounting closes again.
  await expect(page.getByRole('button', { name: 'Finished task 01' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Sort' }).click()
  await page.getByRole('option', { name: 'First finished' }).click()
  const input = page.getByRole('textbox', { name: /Page number/ })
  await input.fill('2')
  await input.press('Enter')
  await expect(page.getByRole('button', { name: 'Finished task 01' })).toBeVisible()
  // The address holds the list's state under the API's own names.
  await expect(page).toHaveURL(/[?&]sortBy=firstFinished/)
  await expect(page).toHaveURL(/[?&]page=2/)

  await nav.getByRole('link', { name: 'Deleted Tasks' }).click()
  await expect(page.getByRole('heading', { name: 'Deleted Tasks' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('Last deleted')
  await nav.getByRole('link', { name: 'Finished Tasks' }).click()
  await expect(input).toHaveValue('2')
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('First finished')
  await expect(page.getByRole('button', { name: 'Finished task 01' })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('textbox', { name: /Page number/ })).toHaveValue('2')
  await expect(page.getByRole('button', { name: 'Finished task 01' })).toBeVisible()
})

// A finished task still shows its completion file and feedback.
test('a completed task shows its completion feedback and file', async ({ page }) => {
  await signIn(page, e2eUsers.photographer.email)
  await openTasks(page)
  const title = `Kept on approval ${Date.now().toString(36)}`
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form).toBeHidden()

  await page.getByRole('button', { name: title, exact: true }).click()
  await page.getByRole('button', { name: 'Mark as Complete' }).click()
  const complete = page.getByRole('dialog', { name: 'Mark the Task as Complete' })
  const chooser = page.waitForEvent('filechooser')
  await complete.getByRole('button', { name: 'Completion File' }).click()
  await (await chooser).setFiles({ name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('done') })
  await complete.getByRole('textbox', { name: 'Completion Feedback' }).fill('Everything is in the report.')
  await complete.getByRole('button', { name: 'Mark as Complete' }).click()
  await expect(page.getByText('Task submitted successfully!').first()).toBeVisible()

  await goTo(page, 'Active Tasks')
  await page.getByRole('tab', { name: /Approval/ }).click()
  await page.getByRole('button', { name: title, exact: true }).click()
  await page.getByRole('button', { name: 'Approve' }).click()
  await page
    .getByRole('dialog', { name: 'Approve the Task' })
    .getByRole('button', { name: 'Approve' })
    .click()
  await expect(page.getByText('Task Approved').first()).toBeVisible()

  await goTo(page, 'Finished Tasks')
  await page.getByRole('button', { name: title, exact: true }).click()
  const detail = page.getByRole('dialog').filter({ hasText: title })
  await expect(detail.getByText('Everything is in the report.')).toBeVisible()
  await expect(detail.getByText('Completion File')).toBeVisible()
  await expect(detail.getByRole('button', { name: /View|report\.txt/ }).first()).toBeVisible()
})
