import { Secret, TOTP } from 'otpauth'
import { baseURL, signIn } from '../support/app.ts'
import { checkPage } from '../support/checks.ts'
import { expect, type Page, test } from '../support/test.ts'
import { e2eUsers, PASSWORD } from '../support/users.ts'

// The profile's Security tab and the sign-in page's second step (docs/security.md, "V6
// Authentication", "V7 Session management"), each journey with its own user.

/** The code an authenticator app shows for `secret`, `steps` time steps from now. */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 })

async function openSecurityTab(page: Page) {
  await page.getByLabel('User menu').click()
  await page.getByRole('menuitem', { name: 'Security' }).click()
  await expect(page).toHaveURL(/\/profile\?tab=security$/)
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true')
}

test('two-factor sign-in is set up from the Security tab, then signing in asks for the code', async ({
  page,
}) => {
  const user = e2eUsers.guardian
  await signIn(page, user.email)
  await openSecurityTab(page)
  const card = page.getByRole('region', { name: 'Two-factor sign-in' })
  await expect(card.getByTestId('two-factor-state')).toHaveText('Off')
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click()

  const setup = page.getByRole('dialog', { name: 'Set up two-factor sign-in' })
  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = (await setup.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await setup
    .getByRole('textbox', { name: /^6-digit code/ })
    .fill('000000' === codeFor(secret) ? '111111' : '000000')
  await setup.getByRole('button', { name: 'Turn on' }).click()
  await expect(setup.getByRole('alert')).toHaveText('The code is incorrect or has already been used.')
  await setup.getByRole('textbox', { name: /^6-digit code/ }).fill(codeFor(secret))
  await setup.getByRole('button', { name: 'Turn on' }).click()

  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' })
  await expect(codes.getByRole('listitem')).toHaveCount(10)
  const done = codes.getByRole('button', { name: 'Done' })
  await expect(done).toBeDisabled()
  const download = page.waitForEvent('download')
  await codes.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toBe('daftar-recovery-codes.txt')
  await codes.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check()
  await done.click()
  await expect(card.getByTestId('two-factor-state')).toHaveText('On')
  await expect(card).toContainText('10 of 10 recovery codes left')

  await page.getByLabel('User menu').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await page.getByRole('button', { name: 'Logout of this device' }).click()
  await expect(page).toHaveURL(`${baseURL()}/login`)

  await page.getByLabel('Email or Mobile').fill(user.email)
  await page.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  const code = page.getByRole('textbox', { name: /^6-digit code/ })
  await expect(code).toBeVisible()
  await checkPage(page)
  // The step after the one used to turn it on: a code is accepted once, and one step of drift is allowed.
  await code.fill(codeFor(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(`${baseURL()}/`)
  await expect(page.getByLabel('User menu')).toBeVisible()

  await openSecurityTab(page)
  const signIns = page.getByRole('region', { name: 'Recent sign-ins' })
  await expect(signIns.getByText('Signed in').first()).toBeVisible()
})

test('a device signed out from the Security tab is refused at once', async ({ browser }) => {
  const user = e2eUsers.traveller
  const laptopContext = await browser.newContext()
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 740 } })
  const laptop = await laptopContext.newPage()
  const phone = await phoneContext.newPage()
  await signIn(laptop, user.email)
  await signIn(phone, user.email)

  await openSecurityTab(laptop)
  const sessions = laptop.getByRole('region', { name: 'Where you are signed in' })
  await expect(sessions.getByText('This device')).toHaveCount(1)
  const signOut = sessions.getByRole('button', { name: /^Sign out (?!all others)/ })
  await expect(signOut).toHaveCount(1)
  await signOut.click()
  const confirm = laptop.getByRole('dialog', { name: 'Sign out this device?' })
  await confirm.getByRole('button', { name: 'Sign out' }).click()
  await expect(laptop.getByText('That device has been signed out.').first()).toBeVisible()
  await expect(sessions.getByRole('button', { name: /^Sign out (?!all others)/ })).toHaveCount(0)
  await expect(sessions.getByRole('button', { name: 'Sign out all others' })).toBeDisabled()

  // The phone's next request is refused and its refresh fails: it lands on /login.
  await phone.reload()
  await expect(phone).toHaveURL(`${baseURL()}/login`)
  await expect(phone.getByText('Your session has expired. Please sign in again.')).toBeVisible()

  // The Security tab on a phone: the lists are cards, nothing scrolls sideways (checked on every page).
  await signIn(phone, user.email)
  await openSecurityTab(phone)
  await expect(
    phone.getByRole('region', { name: 'Recent sign-ins' }).getByText('Signed in').first(),
  ).toBeVisible()
  await expect(
    phone.getByRole('region', { name: 'Where you are signed in' }).getByText('This device'),
  ).toBeVisible()
  await checkPage(phone)
  await checkPage(laptop)
  await laptopContext.close()
  await phoneContext.close()
})

test('a passkey added from the Security tab signs in without password or code, until it is removed', async ({
  page,
}) => {
  const user = e2eUsers.keyholder
  // WebAuthn takes a domain, not an address, for its site: the journey uses the server as localhost.
  const site = baseURL().replace('127.0.0.1', 'localhost')
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await signIn(page, user.email, PASSWORD, site)
  await openSecurityTab(page)
  const card = page.getByRole('region', { name: 'Passkeys' })
  await expect(card.getByText('No passkeys yet.')).toBeVisible()
  await card.getByRole('button', { name: 'Add a passkey' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' })
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Journey laptop')
  await dialog.getByRole('textbox', { name: /^Password/ }).fill('not-my-password')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Password is incorrect.')
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByText('Journey laptop')).toBeVisible()
  await expect(card.getByText('Never')).toBeVisible()

  await page.getByLabel('User menu').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await page.getByRole('button', { name: 'Logout of this device' }).click()
  await expect(page).toHaveURL(`${site}/login`)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(`${site}/`)
  await expect(page.getByText(user.fullName).first()).toBeVisible()

  await openSecurityTab(page)
  await expect(card.getByText('Journey laptop')).toBeVisible()
  await expect(card.getByText('Never')).toHaveCount(0)
  await card.getByRole('button', { name: 'Remove passkey Journey laptop' }).click()
  await page
    .getByRole('dialog', { name: 'Remove this passkey?' })
    .getByRole('button', { name: 'Remove' })
    .click()
  await expect(card.getByText('No passkeys yet.')).toBeVisible()

  // The device still holds the passkey; Daftar no longer takes it.
  await page.getByLabel('User menu').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await page.getByRole('button', { name: 'Logout of this device' }).click()
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Login' }) })
  await expect(form.getByRole('alert')).toHaveText(
    'This passkey is not registered with Daftar. Sign in with your password.',
  )
  await expect(page).toHaveURL(`${site}/login`)
})
