import { baseURL, mailsTo, signIn } from '../support/app.ts'
import { expect, type Page, test } from '../support/test.ts'
import { e2eUsers, PASSWORD } from '../support/users.ts'

// The profile's Notifications tab (docs/decisions.md, "Notification preferences and mail").

const CC = "I am CC'd on a task"
const ASSIGNED = 'A task is assigned to me'

async function openNotificationsTab(page: Page) {
  await page.getByLabel('User menu').click()
  await page.getByRole('menuitem', { name: 'Security' }).click()
  await expect(page).toHaveURL(`${baseURL()}/profile?tab=security`)
  await page.getByRole('tab', { name: 'Notifications' }).click()
  await expect(page).toHaveURL(`${baseURL()}/profile?tab=notifications`)
  await expect(page.getByRole('checkbox', { name: `${ASSIGNED}: In app` })).toBeVisible()
}

test('notification preferences: a change survives a reload, the locked one stays, and e-mail on sends a mail', async ({
  page,
}, testInfo) => {
  const user = e2eUsers.notifier
  await signIn(page, user.email)
  await openNotificationsTab(page)

  // Assignments always show in the app: the box is ticked, disabled, and says why.
  const locked = page.getByRole('checkbox', { name: `${ASSIGNED}: In app` })
  await expect(locked).toBeChecked()
  await expect(locked).toBeDisabled()
  await locked.hover({ force: true })
  await expect(page.getByRole('tooltip')).toHaveText('Approvals and assignments always show in the app.')
  await locked.click({ force: true })
  await expect(locked).toBeChecked()

  const ccInApp = page.getByRole('checkbox', { name: `${CC}: In app` })
  const ccEmail = page.getByRole('checkbox', { name: `${CC}: Email` })
  await expect(ccInApp).toBeChecked()
  await expect(ccEmail).not.toBeChecked()
  await ccEmail.check()
  await ccInApp.uncheck()
  await page.getByRole('switch', { name: /daily digest/ }).check()
  await page.screenshot({ path: testInfo.outputPath('notifications-1280.png'), fullPage: true })
  await page.getByRole('button', { name: 'Save preferences' }).click()
  await expect(page.getByText('Notification preferences saved.').first()).toBeVisible()

  await page.reload()
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true')
  await expect(ccEmail).toBeChecked()
  await expect(ccInApp).not.toBeChecked()
  await expect(page.getByRole('switch', { name: /daily digest/ })).toBeChecked()
  await expect(locked).toBeChecked()
  await expect(locked).toBeDisabled()

  // Someone copies them on a task: no in-app notification, but a mail with the link to the task.
  const login = await page.request.post(`${baseURL()}/api/auth/login`, {
    data: { identifier: e2eUsers.nudger.email, password: PASSWORD },
  })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const title = `Check the inverter ${Date.now()}`
  const created = await page.request.post(`${baseURL()}/api/tasks`, {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { title, cc: JSON.stringify([user.username]) },
  })
  expect(created.status(), await created.text()).toBe(201)
  const taskId = ((await created.json()) as { task: { task_id: string } }).task.task_id
  await expect.poll(() => mailsTo(user.email).filter((m) => m.includes(title)).length).toBe(1)
  const [mail] = mailsTo(user.email).filter((m) => m.includes(title))
  expect(mail).toContain('Content-Type: text/html')
  expect(mail).toContain(`href="${baseURL()}/tasks?task=${taskId}"`)

  // In-app is off for CC: the bell's panel has nothing about it.
  await page.getByRole('button', { name: /^Notifications/ }).click()
  await expect(page.getByText('You have no new notifications.')).toBeVisible()
  await expect(page.getByText(title)).toHaveCount(0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the Notifications tab stacks each type as a card with its three channels', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'ravi@example.com')
    await openNotificationsTab(page)
    await expect(page.getByRole('checkbox', { name: `${CC}: Push` })).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(375)
    await page.screenshot({ path: testInfo.outputPath('notifications-375.png') })
  })
})
