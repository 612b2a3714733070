import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, expect, type Page } from '@playwright/test'
import { FIRST_SCREEN_CHUNKS } from '../../web/first-screen-chunk.ts'
import { PASSWORD } from './users.ts'

export const baseURL = () => {
  const url = process.env.DAFTAR_URL
  if (!url) throw new Error('DAFTAR_URL is not set: run through playwright.config.ts')
  return url
}

/**
 * Signs in through the API and opens the app signed in: the journeys' setup, not what they test (the
 * sign-in form has its own journeys in auth.spec.ts). Saves loading and filling /login in every journey.
 */
export async function signIn(page: Page, identifier: string, password = PASSWORD, origin = baseURL()) {
  const answer = await page.request.post(`${origin}/api/auth/login`, { data: { identifier, password } })
  expect(answer.status(), await answer.text()).toBe(200)
  const tokens = (await answer.json()) as { accessToken: string; refreshToken: string }
  // The tokens go into the app's storage from a page of its origin where the app does not run.
  await page.goto(`${origin}/favicon.svg`)
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('daftar.accessToken', accessToken)
    localStorage.setItem('daftar.refreshToken', refreshToken)
  }, tokens)
  await page.goto(`${origin}/`)
  await expect(page.getByLabel('User menu')).toBeVisible()
}

/**
 * Calls the API as `identifier` from a context of its own: a journey's setup, not what it tests.
 * Close `context` when done.
 */
export async function apiAs(browser: Browser, identifier: string, password = PASSWORD) {
  const context = await browser.newContext()
  const login = await context.request.post(`${baseURL()}/api/auth/login`, { data: { identifier, password } })
  expect(login.status(), await login.text()).toBe(200)
  const { accessToken } = (await login.json()) as { accessToken: string }
  return { context, headers: { authorization: `Bearer ${accessToken}` } }
}

/** A browser window of its own (a context) of the given size, signed in as `identifier`. */
export async function userPage(
  browser: Browser,
  identifier: string,
  width = 1280,
  height = 800,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } })
  const page = await context.newPage()
  await signIn(page, identifier)
  return page
}

/**
 * Follows a sidebar link, opening the sidebar first where it is closed (a phone). A text is the whole
 * name; a pattern also matches a link whose name carries a count ('View Reports 3').
 */
export async function goTo(page: Page, link: string | RegExp) {
  if ((page.viewportSize()?.width ?? 1280) <= 768)
    await page.getByRole('button', { name: 'Toggle navigation' }).click()
  const target = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: link, exact: true })
  const href = await target.getAttribute('href')
  await target.click()
  // The router changes the address once the page's code and data are in: until then the page before
  // is still on screen, and a step could act on it.
  await expect(page).toHaveURL(`${new URL(page.url()).origin}${href}`)
}

/**
 * Opens the task list from the sidebar, as a person does: the app opens on the home page (/), and the
 * task list is at /tasks. On a phone the sidebar opens from its toggle first.
 */
export async function openTasks(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) <= 768)
    await page.getByRole('button', { name: 'Toggle navigation' }).click()
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Active Tasks', exact: true })
    .click()
  await expect(page).toHaveURL(`${baseURL()}/tasks`)
}

/** Signs in with the form, as a person does (for the journeys about signing in). */
export async function signInWithForm(page: Page, identifier: string, password = PASSWORD) {
  await page.goto(`${baseURL()}/login`)
  await page.getByLabel('Email or Mobile').fill(identifier)
  await page.getByRole('textbox', { name: /^Password/ }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${baseURL()}/`)
  await expect(page.getByLabel('User menu')).toBeVisible()
}

export async function openUserMenuItem(page: Page, item: 'Change Password' | 'Edit Profile' | 'Logout') {
  await page.getByLabel('User menu').click()
  await page.getByRole('menuitem', { name: item }).click()
}

/** Mails in the server's outbox directory to `to` (the e2e server has no SMTP). */
export function mailsTo(to: string): string[] {
  const outbox = path.join(process.env.DAFTAR_DATA_DIR!, 'outbox')
  if (!fs.existsSync(outbox)) return []
  return (
    fs
      .readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .filter((m) => m.includes(`To: ${to}`))
      // Quoted-printable: soft line breaks and =XX bytes undone.
      .map((m) =>
        m
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      )
  )
}

/** The newest OTP mailed to `to`, read from the server's outbox directory. */
export async function otpMailedTo(to: string): Promise<string> {
  const outbox = path.join(process.env.DAFTAR_DATA_DIR!, 'outbox')
  let otp: string | undefined
  await expect
    .poll(() => {
      if (!fs.existsSync(outbox)) return undefined
      const mails = fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .filter((m) => m.includes(`To: ${to}`))
      otp = /code is (\d{6})/.exec(mails.at(-1) ?? '')?.[1]
      return otp
    })
    .toMatch(/^\d{6}$/)
  return otp!
}

/**
 * The address of a source module's chunk in the production build, as a pattern for `page.route`:
 * chunks are named by their hash alone (docs/decisions.md, "Import"), so the build's manifest says it.
 */
export function chunkOf(module: string): RegExp {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const manifest: Record<string, { file: string; name?: string }> = JSON.parse(
    fs.readFileSync(path.join(root, 'web/dist/.vite/manifest.json'), 'utf8'),
  )
  // The first screens are in chunks of their own, which the manifest names but does not key by module.
  const grouped = FIRST_SCREEN_CHUNKS[module]
  const firstScreens = grouped ? Object.values(manifest).find((chunk) => chunk.name === grouped) : undefined
  const file = (manifest[module] ?? firstScreens)?.file
  if (!file) throw new Error(`No chunk for ${module} in the build`)
  return new RegExp(`/${file.replace(/[.]/g, '\\.')}$`)
}

/** Holds answers to `url` (an API path, or a chunk from `chunkOf`) until the returned function is called. */
export async function hold(page: Page, url: RegExp) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}
