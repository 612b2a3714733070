import { apiAs, baseURL, goTo, openTasks, signIn, userPage } from '../support/app.ts'
import { type Browser, expect, type Page, test } from '../support/test.ts'
import { e2eUsers, PAGER_FINISHED_TASKS } from '../support/users.ts'

async function openTask(page: Page, title: string) {
  await page.getByRole('button', { name: title, exact: true }).click()
  return page.getByRole('dialog').filter({ hasText: title })
}

async function confirm(page: Page, dialogTitle: string, button: string) {
  const dialog = page.getByRole('dialog', { name: dialogTitle })
  await dialog.getByRole('button', { name: button }).click()
  await expect(dialog).toBeHidden()
}

/** The checker assigns `title` to the fixer through the API; answers the checker's API session and the task. */
async function checkerAssignsFixer(browser: Browser, title: string) {
  const creator = await apiAs(browser, e2eUsers.checker.email)
  const created = await creator.context.request.post(`${baseURL()}/api/tasks`, {
    headers: creator.headers,
    multipart: { title, assignTo: e2eUsers.fixer.username },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { task } = (await created.json()) as { task: { task_id: string } }
  return { creator, task }
}

test('a task goes from its creator to the assignee and to the CC, with its attachment', async ({
  browser,
}) => {
  const boss = await userPage(browser, e2eUsers.taskboss.email)
  await openTasks(boss)
  const title = 'Calibrate the flow meter'

  // The creator creates the task with an attachment and a CC.
  await boss.getByRole('button', { name: 'Create Task' }).click()
  const form = boss.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill(title)
  await form.getByRole('combobox', { name: 'Assign To' }).click()
  await boss.getByRole('option', { name: /Deepak Doer/ }).click()
  await form.getByRole('combobox', { name: 'CC' }).click()
  await boss.getByRole('option', { name: /Wasim Watcher/ }).click()
  await form.getByRole('combobox', { name: 'Project' }).fill('pump house upgrade')
  await boss.keyboard.press('Escape')
  const chooser = boss.waitForEvent('filechooser')
  await form.getByRole('button', { name: 'Attachment' }).click()
  await (await chooser).setFiles({
    name: 'meter-specs.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Range 0-100 m3/h'),
  })
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(boss.getByText('Task Created').first()).toBeVisible()
  await boss.getByRole('tab', { name: /Delegated/ }).click()
  await expect(boss.getByRole('button', { name: title })).toBeVisible()
  await expect(boss.getByRole('cell', { name: 'Pump House Upgrade' })).toBeVisible()

  // The assignee's bell shows it when they come in, and the task opens from it with its attachment.
  const doer = await userPage(browser, e2eUsers.taskdoer.email)
  await expect(doer.getByTestId('unread-badge')).toContainText('1')
  await doer.getByRole('button', { name: /Notifications/ }).click()
  await doer.getByText(`Bina Boss assigned you the task '${title}'.`).click()
  const detail = doer.getByRole('dialog').filter({ hasText: title })
  await expect(
    detail.getByText('meter-specs.txt').or(detail.getByRole('button', { name: 'View' })),
  ).toBeVisible()
  await expect(detail.getByLabel('Assignment chain')).toContainText('taskboss')
  await expect(detail.getByLabel('Assignment chain')).toContainText('taskdoer')

  // The CC'd user sees it in My Tasks.
  const watcher = await userPage(browser, e2eUsers.watcher.email)
  await openTasks(watcher)
  await expect(watcher.getByRole('button', { name: title })).toBeVisible()

  for (const page of [boss, doer, watcher]) await page.context().close()
})

test('the assignee completes a task with a file, which goes to its creator for approval', async ({
  browser,
}) => {
  // A task assigned through the API: the journey above creates one by hand.
  const title = 'Replace the pressure gauge'
  const { creator, task } = await checkerAssignsFixer(browser, title)

  const doer = await userPage(browser, e2eUsers.fixer.email)
  await openTasks(doer)
  const detail = await openTask(doer, title)
  await detail.getByRole('button', { name: 'Mark as Complete' }).click()
  const completeDialog = doer.getByRole('dialog', { name: 'Mark the Task as Complete' })
  const fileChooser = doer.waitForEvent('filechooser')
  await completeDialog.getByRole('button', { name: 'Completion File' }).click()
  await (await fileChooser).setFiles({
    name: 'calibration.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('calibrated'),
  })
  await completeDialog
    .getByRole('textbox', { name: 'Completion Feedback' })
    .fill('Fitted and checked against the reference gauge.')
  await completeDialog.getByRole('button', { name: 'Mark as Complete' }).click()
  await expect(doer.getByText('Task submitted successfully!').first()).toBeVisible()

  // The creator now holds it for approval, with the file and the feedback.
  const read = await creator.context.request.get(`${baseURL()}/api/tasks/${task.task_id}`, {
    headers: creator.headers,
  })
  expect(read.status(), await read.text()).toBe(200)
  expect(await read.json()).toMatchObject({
    status: 'Pending Approval',
    completion_feedback: 'Fitted and checked against the reference gauge.',
    completion_file: expect.any(String),
  })

  await creator.context.close()
  await doer.context().close()
})

test('a rejected task goes back to its assignee, who submits it again, until it is approved', async ({
  browser,
}) => {
  // A task the assignee has submitted, made through the API: the journey above makes one by hand.
  const title = 'Recalibrate the level sensor'
  const { creator, task } = await checkerAssignsFixer(browser, title)
  const assignee = await apiAs(browser, e2eUsers.fixer.email)
  const submitted = await assignee.context.request.put(`${baseURL()}/api/tasks/${task.task_id}/complete`, {
    headers: assignee.headers,
    multipart: { completionFeedback: 'Calibrated against the reference meter.' },
  })
  expect(submitted.status(), await submitted.text()).toBe(200)
  await creator.context.close()
  await assignee.context.close()

  const boss = await userPage(browser, e2eUsers.checker.email)
  await openTasks(boss)

  // The creator rejects it with a comment.
  await boss.getByRole('tab', { name: /Approval/ }).click()
  let review = await openTask(boss, title)
  await expect(review.getByText('Calibrated against the reference meter.')).toBeVisible()
  await review.getByRole('button', { name: 'Reject' }).click()
  const rejectDialog = boss.getByRole('dialog', { name: 'Reject the Task' })
  await rejectDialog
    .getByRole('textbox', { name: 'Rejection Comment' })
    .fill('Attach the calibration certificate too.')
  await confirm(boss, 'Reject the Task', 'Reject')
  await expect(boss.getByText('Task Rejected').first()).toBeVisible()

  // The assignee sees the rejection comment and resubmits.
  const doer = await userPage(browser, e2eUsers.fixer.email)
  await openTasks(doer)
  let again = await openTask(doer, title)
  await expect(again.getByLabel('Rejection comment')).toContainText('Attach the calibration certificate too.')
  await again.getByRole('button', { name: 'Mark as Complete' }).click()
  await doer
    .getByRole('dialog', { name: 'Mark the Task as Complete' })
    .getByRole('button', { name: 'Mark as Complete' })
    .click()
  await expect(doer.getByText('Task submitted successfully!').first()).toBeVisible()

  // The creator approves; it moves to the finished list.
  await boss.reload()
  await boss.getByRole('tab', { name: /Approval/ }).click()
  review = await openTask(boss, title)
  await review.getByRole('button', { name: 'Approve' }).click()
  await confirm(boss, 'Approve the Task', 'Approve')
  await expect(boss.getByText('Task Approved').first()).toBeVisible()
  await goTo(boss, 'Finished Tasks')
  await expect(boss.getByRole('button', { name: title })).toBeVisible()
  again = await openTask(boss, title)
  await expect(again.getByText('Approved At', { exact: false })).toBeVisible()

  await boss.context().close()
  await doer.context().close()
})

test('a failed delete restores the task with the spec message', async ({ page }) => {
  await signIn(page, e2eUsers.checker.email)
  await openTasks(page)
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill('Task that refuses to go')
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(page.getByRole('button', { name: 'Task that refuses to go' })).toBeVisible()

  await page.route('**/api/tasks/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { error: 'boom' } })
      : route.fallback(),
  )
  const detail = await openTask(page, 'Task that refuses to go')
  await detail.getByRole('button', { name: 'Delete' }).click()
  await confirm(page, 'Delete the Task', 'Delete')
  await expect(page.getByText('Error: Could not delete task. Restoring list.').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Task that refuses to go' })).toBeVisible()

  await page.unroute('**/api/tasks/*')
  const retry = await openTask(page, 'Task that refuses to go')
  await retry.getByRole('button', { name: 'Delete' }).click()
  await confirm(page, 'Delete the Task', 'Delete')
  await expect(page.getByText('Task Deleted').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Task that refuses to go' })).toHaveCount(0)
  await goTo(page, 'Deleted Tasks')
  await expect(page.getByRole('button', { name: 'Task that refuses to go' })).toBeVisible()
})

test('the finished list pages through the page input, which takes digits only', async ({ page }) => {
  await signIn(page, e2eUsers.pager.email)
  await goTo(page, 'Finished Tasks')
  await expect(page.getByRole('button', { name: 'Finished task 01' })).toBeVisible()
  await expect(page.getByTestId('task-row')).toHaveCount(20)
  const input = page.getByRole('textbox', { name: /Page number/ })
  await expect(page.getByText('of 2')).toBeVisible()

  await input.fill('9')
  await input.press('Enter')
  await expect(input).toHaveValue('1') // out of range: reverts
  await input.fill('2x')
  await expect(input).toHaveValue('2') // digits only
  await input.press('Enter')
  await expect(page.getByTestId('task-row')).toHaveCount(PAGER_FINISHED_TASKS - 20)
  await expect(page.getByRole('button', { name: `Finished task ${PAGER_FINISHED_TASKS}` })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Finished task 21' })).toContainText('21')

  // Sorting resets to page 1.
  await page.getByRole('combobox', { name: 'Sort' }).click()
  await page.getByRole('option', { name: 'First finished' }).click()
  await expect(input).toHaveValue('1')
  await expect(page.getByTestId('task-row').first()).toContainText(`Finished task ${PAGER_FINISHED_TASKS}`)
})
