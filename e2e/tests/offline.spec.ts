import { baseURL, chunkOf, openTasks, signIn } from '../support/app.ts'
import { expect, test } from '../support/test.ts'
import { e2eUsers } from '../support/users.ts'

// A call that gets no answer says so, stops, keeps the input and is never sent later.
test('offline: a banner, the spec message, the input kept, and nothing sent when the connection returns', async ({
  page,
  context,
}) => {
  await signIn(page, 'ravi@example.com')
  await page.goto(`${baseURL()}/suppliers/add`)
  const name = page.getByRole('textbox', { name: /Supplier name|Name/ }).first()
  await name.fill('Offline Traders')
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() !== 'GET') posts.push(r.url())
  })

  await context.setOffline(true)
  await expect(page.getByText(/You are offline/)).toBeVisible()
  const submit = page.getByRole('button', { name: 'Submit for Approval' })
  await submit.click()
  await expect(page.getByRole('alert', { name: 'Could not save' })).toContainText(
    'No response received from server.',
  )
  await expect(submit).toBeEnabled()
  await expect(submit).not.toHaveAttribute('data-loading')
  await expect(name).toHaveValue('Offline Traders')

  posts.length = 0
  await context.setOffline(false)
  await expect(page.getByText(/You are offline/)).toBeHidden()
  await page.waitForTimeout(2_000)
  expect(posts.filter((u) => u.includes('/api/suppliers'))).toEqual([])
  await expect(page).toHaveURL(`${baseURL()}/suppliers/add`)
})

test('offline: Create Task says no response was received and keeps the form', async ({ page, context }) => {
  await signIn(page, e2eUsers.watcher.email)
  await openTasks(page)
  await page.getByRole('button', { name: 'Create Task' }).click()
  const form = page.getByRole('dialog', { name: 'Create Task' })
  await form.getByRole('textbox', { name: /^Title/ }).fill('Written offline')
  await context.setOffline(true)
  await form.getByRole('button', { name: 'Create Task' }).click()
  await expect(form.getByRole('alert')).toHaveText('No response received from server.')
  await expect(form.getByRole('button', { name: 'Create Task' })).toBeEnabled()
  await expect(form.getByRole('textbox', { name: /^Title/ })).toHaveValue('Written offline')
  await context.setOffline(false)
})

// A failure without the server's own text shows the spec's default for the call.
test('a failed call without an error text shows the spec’s own default', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await page.route('**/api/notifications?*', (route) => route.fulfill({ status: 500, body: '' }))
  await page.route('**/api/notifications', (route) => route.fulfill({ status: 500, body: '' }))
  await page.getByRole('button', { name: /Notifications/ }).click()
  await expect(page.getByText('Error: Could not load notifications.')).toBeVisible({ timeout: 20_000 })
})

test("offline before the app has all its code: no reload into the browser's error page, the input kept", async ({
  page,
  context,
}) => {
  await signIn(page, 'ravi@example.com')
  // The toast container's code, which the app asks for once idle, is still on its way when the
  // connection drops.
  const toasts = chunkOf('src/app/Toasts.tsx')
  let dropped = () => {}
  const offline = new Promise<void>((resolve) => {
    dropped = resolve
  })
  const asked = page.waitForRequest(toasts)
  await page.route(toasts, async (route) => {
    await offline
    await route.abort('internetdisconnected')
  })
  let loads = 0
  page.on('load', () => loads++)
  await page.goto(`${baseURL()}/suppliers/add`)
  const name = page.getByRole('textbox', { name: /Supplier name|Name/ }).first()
  await name.fill('Offline Traders')
  await asked
  await context.setOffline(true)
  dropped()
  await expect(page.getByText(/You are offline/)).toBeVisible()
  await page.waitForTimeout(1_000)
  expect(loads).toBe(1)
  await expect(name).toHaveValue('Offline Traders')
  await expect(page.getByLabel('User menu')).toBeVisible()
  // Back online, the app asks for the toasts again, and the form is as it was.
  await page.unroute(toasts)
  const again = page.waitForResponse(toasts)
  await context.setOffline(false)
  expect((await again).status()).toBe(200)
  await expect(name).toHaveValue('Offline Traders')
  expect(loads).toBe(1)
})
