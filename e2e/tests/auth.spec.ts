import { baseURL, chunkOf, openUserMenuItem, otpMailedTo, signIn, signInWithForm } from '../support/app.ts'
import { expect, type Page, test } from '../support/test.ts'
import { e2eUsers, PASSWORD } from '../support/users.ts'

test('signed-out visitors are sent to /login, whatever they open', async ({ page }) => {
  await page.goto(`${baseURL()}/finished-tasks`)
  await expect(page).toHaveURL(`${baseURL()}/login`)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
})

test('/login paints the sign-in page from its HTML, inert until the app replaces it', async ({
  browser,
  page,
}) => {
  // Without JavaScript: the page the server sends (docs/decisions.md, "The sign-in page in the HTML").
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const html = await noScript.newPage()
  await html.goto(`${baseURL()}/login`)
  await expect(html.locator('h1')).toHaveText('Your office, organised in one secure place.')
  await expect(html.locator('#root > [inert] input[name="identifier"]')).toBeVisible()
  await expect(html.locator('#root > [inert] input[name="password"]')).toBeVisible()
  await noScript.close()
  // With it, the app's page takes its place and takes input.
  await page.goto(`${baseURL()}/login`)
  await expect(page.getByLabel('Email or Mobile')).toBeFocused()
  await expect(page.locator('#root [inert]')).toHaveCount(0)
  await expect(page.locator('h1')).toHaveText('Your office, organised in one secure place.')
})

test('a wrong password shows the failure message and stays on /login', async ({ page }) => {
  await page.goto(`${baseURL()}/login`)
  await page.getByLabel('Email or Mobile').fill('admin@example.com')
  await page.getByRole('textbox', { name: /^Password/ }).fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.')
  await expect(page).toHaveURL(`${baseURL()}/login`)
})

test('signing in lands on / (the home page) with the organisation and the user menu; /login then redirects to /', async ({
  page,
}) => {
  await signInWithForm(page, 'asha@example.com')
  await expect(page.getByTestId('org-name')).toHaveText('Demo Industries')
  await page.getByLabel('User menu').click()
  await expect(page.getByTestId('menu-full-name')).toHaveText('Asha Verma')
  await expect(page.getByText('@asha')).toBeVisible()
  await expect(page.getByText('Site Engineer').last()).toBeVisible()
  await page.goto(`${baseURL()}/login`)
  await expect(page).toHaveURL(`${baseURL()}/`)
  await page.goto(`${baseURL()}/no/such/page`)
  await expect(page).toHaveURL(`${baseURL()}/`)
})

test("the sign-in page fetches the first screen's code once idle, as a prefetch, and signing in then uses it", async ({
  page,
}) => {
  const shell = chunkOf('src/app/shell/AppLayout.tsx')
  const prefetched = page.waitForEvent('requestfinished', (request) => shell.test(request.url()))
  await page.goto(`${baseURL()}/login`)
  // Fetched into the cache, not run: the browser marks it a prefetch.
  expect((await prefetched).headers()['sec-purpose']).toBe('prefetch')
  await page.getByLabel('Email or Mobile').fill('asha@example.com')
  await page.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByLabel('User menu')).toBeVisible()
  // Two loads of the shell's chunk in this page: the prefetch over the network, then the app's import
  // from the cache (no bytes transferred).
  const loads = await page.evaluate((pattern) => {
    const shellLoads = performance
      .getEntriesByType('resource')
      .filter((entry) => new RegExp(pattern).test(entry.name)) as PerformanceResourceTiming[]
    return shellLoads.map((entry) => ({ by: entry.initiatorType, transferred: entry.transferSize > 0 }))
  }, shell.source)
  expect(loads).toEqual([
    { by: 'link', transferred: true },
    { by: 'script', transferred: false },
  ])
})

test('forgot password: OTP from the outbox, reset, then sign in with the new password', async ({ page }) => {
  const user = e2eUsers.resetter
  await page.goto(`${baseURL()}/login`)
  await page.getByRole('button', { name: 'Forgot Password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible()
  await expect(page.getByText('Remember Password?')).toBeVisible()
  await page.getByLabel('Email or Mobile').fill(user.email)
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(page.getByRole('heading', { name: 'Verify OTP & Reset' })).toBeVisible()
  await expect(page.getByText(`We sent a 6-digit code to ${user.email}.`)).toBeVisible()
  const otp = await otpMailedTo(user.email)

  // Mismatched passwords are caught before anything is sent.
  await page.getByLabel('OTP').fill(otp)
  await page.getByRole('textbox', { name: /^New Password/ }).fill('fresh-pass-1')
  await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('fresh-pass-2')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('alert')).toHaveText('New passwords do not match.')

  await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('fresh-pass-1')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible()
  await page.getByRole('button', { name: 'Back to Login' }).click()

  await page.getByLabel('Email or Mobile').fill(user.email)
  await page.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.')
  await page.getByRole('textbox', { name: /^Password/ }).fill('fresh-pass-1')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${baseURL()}/`)
})

test('change password from the user menu', async ({ page }) => {
  const user = e2eUsers.changer
  await signInWithForm(page, user.email)
  await openUserMenuItem(page, 'Change Password')
  const dialog = page.getByRole('dialog', { name: 'Change Password' })
  await dialog.getByRole('textbox', { name: /^Current Password/ }).fill('wrong-current')
  await dialog.getByRole('textbox', { name: /^New Password/ }).fill('changed-pass-1')
  await dialog.getByRole('textbox', { name: /^Confirm New Password/ }).fill('changed-pass-1')
  const field = dialog.getByRole('textbox', { name: /^Current Password/ })
  const title = dialog.getByRole('heading', { name: 'Change Password' })
  await page.waitForTimeout(400) // the dialog's opening transition
  const before = { title: (await title.boundingBox())!.y, field: (await field.boundingBox())!.y }
  await dialog.getByRole('button', { name: 'Change Password' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect.')
  // The dialog grows downwards: its title stays where it was (a centred one moved up by half the
  // message's height); the message pushes the fields down.
  expect(Math.abs((await title.boundingBox())!.y - before.title)).toBeLessThan(3)
  expect((await field.boundingBox())!.y).toBeGreaterThan(before.field + 20)

  await dialog.getByRole('textbox', { name: /^Current Password/ }).fill(PASSWORD)
  await dialog.getByRole('textbox', { name: /^New Password/ }).fill('changed-pass-1')
  await dialog.getByRole('textbox', { name: /^Confirm New Password/ }).fill('changed-pass-1')
  await dialog.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('Password changed successfully').first()).toBeVisible()
  await expect(dialog).toBeHidden()

  await openUserMenuItem(page, 'Logout')
  await page.getByRole('button', { name: 'Logout of this device' }).click()
  await expect(page).toHaveURL(`${baseURL()}/login`)
  await signInWithForm(page, user.email, 'changed-pass-1')
})

test('logout of all devices ends the session in another browser at once', async ({ browser }) => {
  const user = e2eUsers.leaver
  const first = await browser.newContext()
  const second = await browser.newContext()
  const a = await first.newPage()
  const b = await second.newPage()
  await signIn(a, user.email)
  await signIn(b, user.email)

  await openUserMenuItem(a, 'Logout')
  await expect(a.getByText('Are you sure you want to logout?')).toBeVisible()
  await a.getByRole('button', { name: 'Logout of all devices' }).click()
  await expect(a).toHaveURL(`${baseURL()}/login`)

  // The other browser's next request is refused and its refresh fails: it lands on /login.
  await b.reload()
  await expect(b).toHaveURL(`${baseURL()}/login`)
  await first.close()
  await second.close()
})

test('an expired access token is refreshed once for all the calls that hit it', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  // Forged on a page of the same origin where the app does not run, so no call of the signed-in page
  // (the bell's beat, say) can meet the forged token and refresh before the page under test loads.
  await page.goto(`${baseURL()}/favicon.svg`)
  await page.evaluate(() => localStorage.setItem('daftar.accessToken', 'expired.or.forged'))
  const refreshes: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh-token')) refreshes.push(request.method())
  })
  await page.goto(`${baseURL()}/`)
  // The page's several first calls all get 401, share one refresh and are retried with its token.
  await expect(page.getByLabel('User menu')).toContainText('Ravi Kumar')
  await expect(page.getByRole('region', { name: 'Overdue tasks' })).toBeVisible()
  expect(refreshes).toEqual(['POST'])
  expect(await page.evaluate(() => localStorage.getItem('daftar.accessToken'))).not.toBe('expired.or.forged')
})

/** The session ends behind the app's back: its next call is refused, and so is the refresh. */
const endSession = (page: Page) =>
  page.evaluate(() => {
    localStorage.setItem('daftar.accessToken', 'expired.or.forged')
    localStorage.setItem('daftar.refreshToken', 'revoked')
  })

test('when the refresh fails too, the app signs out cleanly to /login', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  await endSession(page)
  await page.reload()
  await expect(page).toHaveURL(`${baseURL()}/login`)
  expect(await page.evaluate(() => localStorage.getItem('daftar.refreshToken'))).toBeNull()
})

/** The app's entry script never arrives: what the page does then, login.html does by itself. */
const withoutTheApp = (page: Page) => page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort())

/** The layout shift the page has had so far (the CLS of its whole life, nothing excluded). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 300)
      }),
  )

test('a signed-in visitor who opens /login goes on to / before the sign-in page paints', async ({
  context,
  page,
}) => {
  await signIn(page, 'asha@example.com')
  // A second tab, opened on /login, where the app's code never arrives: login.html itself sends it on.
  const tab = await context.newPage()
  await withoutTheApp(tab)
  await tab.goto(`${baseURL()}/login`)
  await expect(tab).toHaveURL(`${baseURL()}/`)
  await tab.close()
})

test('after an expired session, /login paints its notice with the page and nothing moves as the app takes over', async ({
  page,
}) => {
  await signIn(page, 'ravi@example.com')
  await endSession(page)
  await page.reload()
  await expect(page).toHaveURL(`${baseURL()}/login`)
  const notice = page.getByText('Your session has expired. Please sign in again.')
  await expect(notice).toBeVisible()

  // Reloaded: the page as its HTML paints it, the app's code held back, already says so.
  await withoutTheApp(page)
  await page.reload()
  await expect(page.locator('#root > [inert]')).toBeVisible()
  await expect(notice).toBeVisible()
  await page.unrouteAll()

  // And with the app: it takes the page over without moving the form.
  await page.reload()
  await expect(page.locator('#root [inert]')).toHaveCount(0)
  await expect(page.getByLabel('Email or Mobile')).toBeFocused()
  await expect(notice).toBeVisible()
  expect(await layoutShift(page)).toBe(0)
  // Signed in again, the notice is done with.
  await page.getByLabel('Email or Mobile').fill('ravi@example.com')
  await page.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${baseURL()}/`)
  expect(await page.evaluate(() => sessionStorage.getItem('daftar.sessionExpired'))).toBeNull()
})

test('forgot password, step 2: the code has show/hide like the passwords, and the card says once that it was sent', async ({
  page,
}) => {
  await page.goto(`${baseURL()}/login`)
  await page.getByRole('button', { name: 'Forgot Password?' }).click()
  await page.getByLabel('Email or Mobile').fill('nobody@journey.test')
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(page.getByRole('heading', { name: 'Verify OTP & Reset' })).toBeVisible()
  await expect(page.getByText(/6-digit code|OTP has been sent/)).toHaveCount(1)
  const otp = page.getByLabel('OTP')
  await otp.fill('123456')
  await expect(otp).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Show or hide the code' }).click()
  await expect(otp).toHaveAttribute('type', 'text')
  await expect(otp).toHaveValue('123456')
})
